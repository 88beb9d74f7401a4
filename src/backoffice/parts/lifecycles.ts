import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { LifecycleEntityType } from '../../../contract/lifecycles';
import { LIFECYCLES } from '../../../machines/registry';
import { covers, leavesOf } from '../../../machines/state-value';

/** The machine of each lifecycle entity type, for badges and history on the staff screens. */
export const LIFECYCLE_MACHINES = Object.fromEntries(
  Object.entries(LIFECYCLES).map(([type, lifecycle]) => [type, lifecycle.machine]),
) as Record<LifecycleEntityType, AnyStateMachine>;

function nodeAt(machine: AnyStateMachine, path: string): AnyStateNode | undefined {
  let node: AnyStateNode | undefined = machine.root;
  for (const key of path.split('.')) node = node?.states[key];
  return node;
}

/** The top-level states of a machine: the regions of a parallel one. */
export function topStatesOf(machine: AnyStateMachine): string[] {
  return Object.keys(machine.root.states);
}

/** The leaf of an encoded state inside `path` (a region of a parallel state), if any. */
export function leafWithin(encoded: string, path: string): string | undefined {
  return leavesOf(encoded).find((leaf) => covers(path, leaf));
}

/** Every event a state or any state inside it has a transition for. */
export function eventsWithin(machine: AnyStateMachine, path: string): string[] {
  return (nodeAt(machine, path)?.events ?? []).map(String);
}

/** The state an event leads to from a leaf, as a dotted path (the first target). */
export function targetOf(
  machine: AnyStateMachine,
  leaf: string,
  event: string,
): string | undefined {
  for (let node = nodeAt(machine, leaf); node; node = node.parent) {
    const target = node.transitions.get(event)?.[0]?.target?.[0];
    if (target) return target.path.join('.');
  }
  return undefined;
}

/** What changed between two encoded states: the leaves left and the leaves entered. */
export function changedLeaves(from: string, to: string): { left: string[]; entered: string[] } {
  const before = leavesOf(from);
  const after = leavesOf(to);
  const left = before.filter((leaf) => !after.includes(leaf));
  const entered = after.filter((leaf) => !before.includes(leaf));
  // A transition back into the same state changes nothing visible: show the state itself.
  return left.length + entered.length === 0 ? { left: before, entered: after } : { left, entered };
}
