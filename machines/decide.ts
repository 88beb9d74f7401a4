import { transition } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, StateValue } from 'xstate';
import type { ErrorCode } from '../contract';
import type { LifecycleMachine } from './lifecycle';
import { decodeStateValue, encodeStateValue } from './state-value';

/** A lifecycle entity as it is persisted: its encoded state value and the machine's context. */
export interface PersistedLifecycle<TContext> {
  /** Leaf state paths joined by `,` (see state-value.ts): `passed`, `under_review.overdue`. */
  state: string;
  context: TContext;
}

export type Decision<TContext> =
  | { accepted: true; from: string; to: string; context: TContext }
  | { accepted: false; from: string; code: ErrorCode };

/** The code used when a state names no specific refusal for an event. */
export const NOT_ALLOWED = 'lifecycle.not_allowed' satisfies ErrorCode;

/** The machine's snapshot for a persisted entity, without running any of its actions. */
export function resolvePersisted<TContext>(
  machine: AnyStateMachine,
  persisted: PersistedLifecycle<TContext>,
): AnyMachineSnapshot {
  return machine.resolveState({
    value: decodeStateValue(persisted.state),
    context: persisted.context,
  });
}

/**
 * Asks a machine whether `event` is accepted in the persisted state, and if so what comes next.
 * Pure: the server applies the answer in one transaction, the client uses it to enable buttons,
 * and the path tests use it as the oracle. Nested and parallel states work: the state is the
 * encoded value, and a refusal code is looked up from the deepest active state outwards.
 */
export function decide<TContext, TEvent extends EventObject>(
  machine: AnyStateMachine,
  persisted: PersistedLifecycle<TContext>,
  event: TEvent,
): Decision<TContext> {
  const current = resolvePersisted(machine, persisted);
  if (!current.can(event)) {
    return { accepted: false, from: persisted.state, code: refusalCode(current, event.type) };
  }
  const [next]: [AnyMachineSnapshot, unknown] = transition(machine, current, event);
  return {
    accepted: true,
    from: persisted.state,
    to: encodeStateValue(next.value as StateValue),
    context: next.context as TContext,
  };
}

/**
 * The event types the lifecycle accepts now: each sample event (with the data its guards need)
 * that `decide` would accept. What a status answer sends as `accepts` and screens act on. `extra`
 * adds fields to every sample, such as the time a clock-dependent guard reads.
 */
export function acceptedEvents<TContext>(
  lifecycle: LifecycleMachine,
  persisted: PersistedLifecycle<TContext>,
  extra: Record<string, unknown> = {},
): string[] {
  const current = resolvePersisted(lifecycle.machine, persisted);
  const accepted = new Set<string>();
  for (const sample of lifecycle.sampleEvents) {
    if (current.can({ ...sample, ...extra })) accepted.add(sample.type);
  }
  return [...accepted];
}

/**
 * A state names the code for an event it refuses in `meta.refusals`; the deepest active state
 * that names one wins, so a nested state can refine its parent's reason.
 */
function refusalCode(snapshot: AnyMachineSnapshot, eventType: string): ErrorCode {
  // getMeta is keyed by state node id; deeper nodes have longer ids ("kyc.under_review.waiting").
  const metas = Object.entries(snapshot.getMeta()).sort(
    ([a], [b]) => b.split('.').length - a.split('.').length,
  );
  for (const [, meta] of metas) {
    const refusals = (meta as { refusals?: Record<string, ErrorCode> } | undefined)?.refusals;
    const code = refusals?.[eventType];
    if (code) return code;
  }
  return NOT_ALLOWED;
}
