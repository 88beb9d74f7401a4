import { getInitialSnapshot } from 'xstate';
import type { AnyStateMachine, AnyStateNode, EventObject, StateValue } from 'xstate';
import type { ErrorCode } from '../contract';
import { encodeStateValue } from './state-value';

/**
 * What a state refuses and why: for each event the state does not take, the code the customer or
 * staff member sees. Typed per machine, so a misspelt event or an unknown code does not compile.
 */
export type Refusals<TEvent extends EventObject> = Partial<Record<TEvent['type'], ErrorCode>>;

/** How a state reads on a screen: the colour of its badge. Its words come from the locale packs. */
export type StateTone = 'neutral' | 'info' | 'warning' | 'success' | 'danger';

export interface StateMeta<TEvent extends EventObject> {
  refusals?: Refusals<TEvent>;
  tone?: StateTone;
  /**
   * Events the clock sends while the entity is in this state: on entry the engine schedules a
   * durable job for each, due at the time the lifecycle's named clock rule gives (`at`).
   */
  schedule?: { event: TEvent['type']; at: string }[];
}

/** A state's meta, checked against the machine's events: `meta: stateMeta<KycEvent>({ … })`. */
export function stateMeta<TEvent extends EventObject>(meta: StateMeta<TEvent>): StateMeta<TEvent> {
  return meta;
}

/**
 * One lifecycle as every part of the system reads it: the machine, the version written into each
 * transition record, and one sample of each event the machine takes (with whatever data its
 * guards need). The samples are how `accepts` is computed and what the path tests send.
 */
export interface LifecycleMachine<TEvent extends EventObject = EventObject> {
  machine: AnyStateMachine;
  version: number;
  sampleEvents: readonly TEvent[];
}

export function defineLifecycleMachine<TEvent extends EventObject>(
  definition: LifecycleMachine<TEvent>,
): LifecycleMachine<TEvent> {
  return definition;
}

/** Every state of a machine, as dotted paths, parents before children, in declaration order. */
export function statePaths(machine: AnyStateMachine): string[] {
  const paths: string[] = [];
  const walk = (node: AnyStateNode, prefix: string) => {
    for (const [key, child] of Object.entries<AnyStateNode>(node.states)) {
      const path = prefix + key;
      paths.push(path);
      walk(child, `${path}.`);
    }
  };
  walk(machine.root, '');
  return paths;
}

/** Every event type the machine has a transition for, anywhere. */
export function eventTypes(machine: AnyStateMachine): string[] {
  const types: string[] = machine.root.events.map(String);
  return [...new Set(types)].filter((type) => !type.startsWith('xstate.'));
}

/** A state's meta from the machine, by dotted path. */
export function metaOf(machine: AnyStateMachine, path: string): StateMeta<EventObject> | undefined {
  let node: AnyStateNode = machine.root;
  for (const key of path.split('.')) {
    const child: AnyStateNode | undefined = node.states[key];
    if (!child) return undefined;
    node = child;
  }
  const meta: unknown = node.meta;
  return meta as StateMeta<EventObject> | undefined;
}

/**
 * The tone of an encoded state for its badge: the deepest active state that names one wins, so a
 * nested `under_review.overdue` can read as a warning while `under_review` is info.
 */
export function toneOf(machine: AnyStateMachine, encoded: string): StateTone {
  let best: { depth: number; tone: StateTone } = { depth: -1, tone: 'neutral' };
  for (const leaf of encoded.split(',')) {
    const segments = leaf.split('.');
    for (let depth = segments.length; depth > 0; depth--) {
      const tone = metaOf(machine, segments.slice(0, depth).join('.'))?.tone;
      if (tone && depth > best.depth) {
        best = { depth, tone };
        break;
      }
    }
  }
  return best.tone;
}

/** The state and context a new entity starts in: what its table's column defaults hold. */
export function initialPersisted<TContext>(machine: AnyStateMachine): {
  state: string;
  context: TContext;
} {
  const snapshot = getInitialSnapshot(machine);
  const value: StateValue = snapshot.value as StateValue;
  return { state: encodeStateValue(value), context: snapshot.context as TContext };
}
