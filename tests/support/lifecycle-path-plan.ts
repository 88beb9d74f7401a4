import type { AnyMachineSnapshot, EventObject, StateValue } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { describeChart, edgeTakenBy } from '../../machines/chart-model';
import type { ChartEdge } from '../../machines/chart-model';
import { decide } from '../../machines/decide';
import type { PersistedLifecycle } from '../../machines/decide';
import { initialPersisted } from '../../machines/lifecycle';
import type { LifecycleMachine } from '../../machines/lifecycle';
import { encodeStateValue } from '../../machines/state-value';

/**
 * Which paths through a lifecycle machine the path tests drive, computed from the machine alone
 * (no database): model paths from xstate/graph, extended until every edge of the chart is taken,
 * each step's expected state and context replayed through decide().
 */

/** One step of a planned path and what the machine says it leads to. */
export interface PlannedStep<TContext, TEvent extends EventObject> {
  event: TEvent;
  /** The event as test names and messages show it. */
  label: string;
  from: string;
  to: string;
  /** The context after the step, from decide() replayed from the initial state. */
  context: TContext;
}

export interface PlannedPath<TContext, TEvent extends EventObject> {
  name: string;
  steps: PlannedStep<TContext, TEvent>[];
}

export interface PathPlanOptions<TEvent extends EventObject> {
  /**
   * Events to send besides the machine's sample events, such as one whose guard fails (a reject
   * with a blank reason): they take part in the paths and in the refusal checks of every state.
   */
  extraEvents?: readonly TEvent[];
  /**
   * Whether the system under test can send this event as it is. Events it cannot (an API that
   * refuses a blank reason at validation, before the machine is asked) are left out of the paths
   * and the refusal checks; an edge only they take is then reported missing.
   */
  sendsAsIs?: (event: TEvent) => boolean;
  /** Add every simple path while the machine has at most this many states (default 12). */
  simplePathStates?: number;
  /**
   * Add a shortest path to every state while the machine has at most this many (default 16).
   * Above it (a parallel machine of many regions) the edge cover alone keeps the run short.
   */
  stateCoverStates?: number;
}

export interface PathPlan<TContext, TEvent extends EventObject> {
  paths: PlannedPath<TContext, TEvent>[];
  /** The events paths and refusal checks send (sample and extra events the system sends). */
  events: TEvent[];
  /** The events the system cannot send as they are (never sent). */
  unsendable: TEvent[];
  /** Every edge of the chart a step can take (initial edges are not events). */
  edges: ChartEdge[];
  /** Edges no planned path takes: a transition without a path test. */
  missingEdges: ChartEdge[];
  /** Reachable states (encoded) with the sendable events. */
  stateCount: number;
}

const SIMPLE_PATH_CAP = 64;

export function edgeName(edge: ChartEdge): string {
  return `${edge.source || '(root)'} --${edge.event}--> ${edge.target}`;
}

/** The graph is over encoded state values only: counters in the context grow without bound. */
const serializeState = (snapshot: AnyMachineSnapshot): string =>
  encodeStateValue(snapshot.value as StateValue);

const sameEvent = (a: EventObject, b: EventObject) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The plan for a lifecycle: simple paths while the machine is small, a shortest path to every
 * state while it is not huge, and for each chart edge still untaken the shortest path to a state
 * where an event takes it plus that event (so edges back to a visited state, like a resubmission
 * after a rejection, are taken too). Paths that are prefixes of others are dropped: a longer path
 * checks every state its prefix does.
 */
export function planLifecyclePaths<TContext, TEvent extends EventObject>(
  definition: LifecycleMachine<TEvent>,
  options: PathPlanOptions<TEvent> = {},
): PathPlan<TContext, TEvent> {
  const all = [...definition.sampleEvents, ...(options.extraEvents ?? [])];
  const sendsAsIs = options.sendsAsIs ?? (() => true);
  const events = all.filter((event) => sendsAsIs(event));
  const unsendable = all.filter((event) => !sendsAsIs(event));
  const labelOf = eventLabeller(events);

  const machine = definition.machine;
  // createTestModel adds a bare `{ type }` for every event type without a sample; the filter
  // keeps the graph to the events the system sends.
  const filterEvents = (_state: AnyMachineSnapshot, event: EventObject) =>
    events.some((sendable) => sameEvent(sendable, event));
  const model = createTestModel(machine, { events, serializeState, filterEvents });
  const eventsOf = (path: { steps: { event: EventObject }[] }): TEvent[] =>
    path.steps.map((s) => s.event as TEvent).filter((e) => e.type !== 'xstate.init');

  // One shortest path per reachable state (duplicates kept: each state gets its own).
  const toState = new Map<string, TEvent[]>();
  for (const path of model.getShortestPaths({ allowDuplicatePaths: true })) {
    toState.set(serializeState(path.state), eventsOf(path));
  }
  const stateCount = toState.size;

  const candidates: TEvent[][] = [];
  if (stateCount <= (options.simplePathStates ?? 12)) {
    const simple = model.getSimplePaths();
    if (simple.length <= SIMPLE_PATH_CAP) candidates.push(...simple.map(eventsOf));
  }
  if (stateCount <= (options.stateCoverStates ?? 16)) {
    candidates.push(...model.getShortestPaths().map(eventsOf));
  }

  const initial = initialPersisted<TContext>(machine);
  const replay = (sequence: TEvent[]) =>
    replayPath<TContext, TEvent>(definition, initial, sequence, labelOf);
  const edges = describeChart(machine).edges.filter((edge) => !edge.initial);
  const covered = (edge: ChartEdge, sequences: TEvent[][]) =>
    sequences.some((sequence) => replay(sequence).steps.some((step) => takes(edge, step)));

  // Edge cover: for each edge still untaken, the shortest way to take it.
  for (const edge of edges) {
    if (covered(edge, candidates)) continue;
    let best: TEvent[] | null = null;
    for (const prefix of toState.values()) {
      if (best && prefix.length + 1 >= best.length) continue;
      const here = replay(prefix).end;
      for (const event of events) {
        const decision = decide(machine, here, event);
        if (!decision.accepted) continue;
        const step = { from: decision.from, to: decision.to, event: event.type };
        if (edgeTakenBy(edge, step)) {
          best = [...prefix, event];
          break;
        }
      }
    }
    if (best) {
      // Through the model too (serializeState again: getPathsFromEvents ignores the model's),
      // so a path the graph cannot follow fails here rather than in a database.
      const [graphPath] = model.getPathsFromEvents(best, { serializeState, filterEvents });
      if (!graphPath || serializeState(graphPath.state) !== replay(best).end.state) {
        throw new Error(`the model does not follow ${best.map(labelOf).join(' → ')}`);
      }
      candidates.push(best);
    }
  }

  // A machine with no transition still has its initial state's refusals checked.
  const unique = dedupe(candidates.length > 0 ? candidates : [[]]);
  const paths = unique
    .filter((sequence) => !unique.some((other) => isStrictPrefix(sequence, other)))
    .map((sequence) => {
      const { steps, end } = replay(sequence);
      const name =
        steps.length === 0
          ? `stays ${end.state}`
          : `${steps.map((s) => s.label).join(' → ')} ⇒ ${end.state}`;
      return { name, steps };
    });
  const missingEdges = edges.filter(
    (edge) => !paths.some((path) => path.steps.some((step) => takes(edge, step))),
  );
  return { paths, events, unsendable, edges, missingEdges, stateCount };
}

/** Throws naming every edge of the chart no planned path takes. */
export function assertEdgesCovered(
  plan: Pick<PathPlan<unknown, EventObject>, 'missingEdges' | 'unsendable'>,
): void {
  if (plan.missingEdges.length === 0) return;
  const unsent = plan.unsendable.map((e) => e.type);
  throw new Error(
    `no path takes these transitions:\n${plan.missingEdges.map((e) => `  ${edgeName(e)}`).join('\n')}` +
      (unsent.length > 0
        ? `\n(events the system does not send as they are: ${unsent.join(', ')})`
        : ''),
  );
}

const takes = (edge: ChartEdge, step: PlannedStep<unknown, EventObject>) =>
  edgeTakenBy(edge, { from: step.from, to: step.to, event: step.event.type });

/** Replays events from the initial state through decide(): the expected state after each step. */
function replayPath<TContext, TEvent extends EventObject>(
  definition: LifecycleMachine<TEvent>,
  initial: PersistedLifecycle<TContext>,
  sequence: TEvent[],
  labelOf: (event: TEvent) => string,
): { steps: PlannedStep<TContext, TEvent>[]; end: PersistedLifecycle<TContext> } {
  let current = initial;
  const steps: PlannedStep<TContext, TEvent>[] = [];
  for (const event of sequence) {
    const decision = decide<TContext, TEvent>(definition.machine, current, event);
    if (!decision.accepted) {
      // The graph merged two visits whose contexts differ, and a guard reads the context.
      throw new Error(
        `${labelOf(event)} is refused (${decision.code}) after ${steps.map((s) => s.label).join(' → ') || 'the start'}`,
      );
    }
    steps.push({
      event,
      label: labelOf(event),
      from: decision.from,
      to: decision.to,
      context: decision.context,
    });
    current = { state: decision.to, context: decision.context };
  }
  return { steps, end: current };
}

/** An event's type, plus its data where two events share a type (a sample and a blank-reason probe). */
function eventLabeller<TEvent extends EventObject>(
  all: readonly TEvent[],
): (event: TEvent) => string {
  return (event) => {
    if (all.filter((e) => e.type === event.type).length <= 1) return event.type;
    const { type, ...data } = event;
    return `${type} ${JSON.stringify(data)}`;
  };
}

function dedupe<TEvent extends EventObject>(sequences: TEvent[][]): TEvent[][] {
  const unique: TEvent[][] = [];
  for (const sequence of sequences) {
    if (
      !unique.some(
        (u) =>
          u.length === sequence.length &&
          u.every((e, i) => sameEvent(e, sequence[i] as EventObject)),
      )
    ) {
      unique.push(sequence);
    }
  }
  return unique;
}

function isStrictPrefix(short: EventObject[], long: EventObject[]): boolean {
  return short.length < long.length && short.every((e, i) => sameEvent(e, long[i] as EventObject));
}
