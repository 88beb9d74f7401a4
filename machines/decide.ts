import { transition } from 'xstate';
import type { AnyStateMachine, EventFromLogic, SnapshotFrom } from 'xstate';

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
export function decide<TMachine extends AnyStateMachine>(
  machine: TMachine,
  persisted: PersistedLifecycle<SnapshotFrom<TMachine>['context']>,
  event: EventFromLogic<TMachine>,
): Decision<SnapshotFrom<TMachine>['context']> {
  const current = machine.resolveState({ value: persisted.state, context: persisted.context }) as SnapshotFrom<TMachine>;
  if (!current.can(event)) {
    return { accepted: false, from: persisted.state, code: refusalCode(current, event.type) };
  }
  const [next] = transition(machine, current, event);
  return {
    accepted: true,
    from: persisted.state,
    to: String(next.value),
    context: next.context as SnapshotFrom<TMachine>['context'],
  };
}

function refusalCode(snapshot: { getMeta: () => Record<string, unknown> }, eventType: string): string {
  for (const meta of Object.values(snapshot.getMeta())) {
    const refusals = (meta as { refusals?: Record<string, string> } | undefined)?.refusals;
    const code = refusals?.[eventType];
    if (code) return code;
  }
  return NOT_ALLOWED;
}
