import type { AnyStateMachine } from 'xstate';
import { covers, leavesOf } from './state-value';

/** The whole state tree of a lifecycle machine and its transitions, as a chart shows them. */
export interface ChartModel {
  id: string;
  /** The top-level states; the machine itself is the chart's root (path ''). */
  states: ChartNode[];
  edges: ChartEdge[];
}

export type ChartNodeKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartNode {
  /** Dotted path from the root, e.g. `under_review.waiting` or `frozen.on`. */
  path: string;
  key: string;
  kind: ChartNodeKind;
  /** A region of a parallel state (drawn as a dashed sub-container). */
  region: boolean;
  children: ChartNode[];
  /** `meta.refusals`: the error code each event is refused with in this state. */
  refusals: { event: string; code: string }[];
}

export interface ChartEdge {
  /** Source state path; '' is the machine root (only for its initial transition). */
  source: string;
  target: string;
  /** The event type; `always` for eventless, `after <delay>` for delayed, '' for an initial one. */
  event: string;
  /** The guard's name; `guard` for an inline function. */
  guard: string | null;
  /** The transition a compound state (or the machine) starts in. */
  initial: boolean;
}

/** A step an entity took, from its transition records; states in the encoded (leaf paths) form. */
export interface TakenStep {
  from: string;
  to: string;
  event: string;
}

/** The slice of an xstate state node this module reads (typed here; xstate's are generic-heavy). */
interface StateNodeLike {
  key: string;
  path: string[];
  type: string;
  meta?: unknown;
  states: Record<string, StateNodeLike>;
  transitions: Map<string, TransitionLike[]>;
  always?: TransitionLike[];
  after: (TransitionLike & { delay: string | number; eventType: string })[];
  initial?: { target: readonly StateNodeLike[] };
}

interface TransitionLike {
  target?: readonly StateNodeLike[] | undefined;
  guard?: unknown;
}

const pathOf = (node: StateNodeLike) => node.path.join('.');

/** A guard's name: its string or `{ type }`; xstate's `and`/`or`/`not` as `and(a, b)`. */
function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string')
    return (guard as { type: string }).type;
  const combined = guard as { name?: unknown; guards?: unknown };
  if (typeof guard === 'function' && Array.isArray(combined.guards)) {
    const inner = (combined.guards as unknown[]).map((g) => guardName(g) ?? 'guard');
    return `${String(combined.name)}(${inner.join(', ')})`;
  }
  return 'guard';
}

function refusalsOf(node: StateNodeLike): ChartNode['refusals'] {
  const meta = node.meta as { refusals?: Record<string, unknown> } | undefined;
  return Object.entries(meta?.refusals ?? {})
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([event, code]) => ({ event, code }));
}

function describeNode(node: StateNodeLike, parent: StateNodeLike | null): ChartNode {
  const kind: ChartNodeKind =
    node.type === 'compound' ||
    node.type === 'parallel' ||
    node.type === 'final' ||
    node.type === 'history'
      ? node.type
      : 'atomic';
  return {
    path: pathOf(node),
    key: node.key,
    kind,
    region: parent?.type === 'parallel',
    children: Object.values(node.states).map((child) => describeNode(child, node)),
    refusals: refusalsOf(node),
  };
}

/** Every transition leaving `node` itself (its descendants are walked by the caller). */
function edgesOf(node: StateNodeLike): ChartEdge[] {
  const source = pathOf(node);
  const edges: ChartEdge[] = [];
  const add = (event: string, t: TransitionLike) => {
    // A targetless transition changes no state: nothing to draw.
    for (const target of t.target ?? [])
      edges.push({
        source,
        target: pathOf(target),
        event,
        guard: guardName(t.guard),
        initial: false,
      });
  };
  const delayed = new Map(node.after.map((t) => [t.eventType, `after ${t.delay}`]));
  for (const [eventType, transitions] of node.transitions) {
    const event =
      delayed.get(eventType) ?? (eventType.startsWith('xstate.done.state.') ? 'done' : eventType);
    for (const t of transitions) add(event, t);
  }
  for (const t of node.always ?? []) add('always', t);
  if (node.type === 'compound' || (node.path.length === 0 && node.type !== 'parallel')) {
    for (const target of node.initial?.target ?? [])
      edges.push({ source, target: pathOf(target), event: '', guard: null, initial: true });
  }
  return edges;
}

function walk(node: StateNodeLike, visit: (node: StateNodeLike) => void): void {
  visit(node);
  for (const child of Object.values(node.states)) walk(child, visit);
}

/**
 * The chart of a machine: the whole state tree (compound and parallel states as containers),
 * every transition including those declared on ancestors, eventless and delayed ones, the
 * initial transition of every compound state, and the refusal codes of each state.
 */
export function describeChart(machine: AnyStateMachine): ChartModel {
  const root = machine.root as unknown as StateNodeLike;
  const edges: ChartEdge[] = [];
  walk(root, (node) => edges.push(...edgesOf(node)));
  return {
    id: machine.id,
    states: Object.values(root.states).map((child) => describeNode(child, root)),
    edges,
  };
}

/**
 * Whether a step an entity took went along an edge: same event, a leaf of `from` at or under the
 * edge's source and a leaf of `to` at or under its target (a parallel state's step names every
 * region). Initial edges are never taken by a step. The chart draws such edges bold; the path
 * tests require every edge to be taken by some path.
 */
export function edgeTakenBy(edge: ChartEdge, step: TakenStep): boolean {
  return (
    !edge.initial &&
    step.event === edge.event &&
    leavesOf(step.from).some((leaf) => covers(edge.source, leaf)) &&
    leavesOf(step.to).some((leaf) => covers(edge.target, leaf))
  );
}

/** Every state of the tree, parents before their children. */
export function chartNodes(model: ChartModel): ChartNode[] {
  const all: ChartNode[] = [];
  const visit = (node: ChartNode) => {
    all.push(node);
    node.children.forEach(visit);
  };
  model.states.forEach(visit);
  return all;
}
