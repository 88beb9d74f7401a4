import { transition } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';

/** A lifecycle entity as it is persisted: its state value and the machine's context. */
export interface PersistedLifecycle<TContext> {
  state: string;
  context: TContext;
}

export type Decision<TContext> =
  | { accepted: true; from: string; to: string; context: TContext }
  | { accepted: false; from: string; code: string };

/** The code used when a state names no specific refusal for an event. */
export const NOT_ALLOWED = 'lifecycle.not_allowed';

/**
 * Asks a machine whether `event` is accepted in the persisted state, and if so what comes next.
 * Pure: the server applies the answer in one transaction, the client uses it to enable buttons,
 * and the path tests use it as the oracle.
 */
export function decide<TContext, TEvent extends EventObject>(
  machine: AnyStateMachine,
  persisted: PersistedLifecycle<TContext>,
  event: TEvent,
): Decision<TContext> {
  const current: AnyMachineSnapshot = machine.resolveState({
    value: persisted.state,
    context: persisted.context,
  });
  if (!current.can(event)) {
    return { accepted: false, from: persisted.state, code: refusalCode(current, event.type) };
  }
  const [next]: [AnyMachineSnapshot, unknown] = transition(machine, current, event);
  return {
    accepted: true,
    from: persisted.state,
    to: String(next.value),
    context: next.context as TContext,
  };
}

/** A state names the code for an event it refuses in `meta.refusals`, so the customer sees why. */
function refusalCode(snapshot: AnyMachineSnapshot, eventType: string): string {
  for (const meta of Object.values(snapshot.getMeta())) {
    const refusals = (meta as { refusals?: Record<string, string> } | undefined)?.refusals;
    const code = refusals?.[eventType];
    if (code) return code;
  }
  return NOT_ALLOWED;
}
