import { assertEvent, assign, emit, fromPromise, setup } from 'xstate';
import type { InferType } from 'yup';
import type { lifecycleStatus } from '../../contract/lifecycles';
import { REASON_MAX_LENGTH } from '../../contract/schemas/staff';
import { notProvided, refusalOf } from './refusal';
import type { FlowRefusal } from './refusal';

/**
 * A staff decision on a lifecycle entity, with a reason when it needs one: idle → confirming (a
 * confirmation sheet; the reason typed there) → submitting → done, or refused. A refusal because
 * the entity changed meanwhile (`lifecycle.conflict`, or a code the screen names) is
 * `refused.conflict`, where the screen offers a reload; any other is `refused.other`, where the
 * sheet stays open to fix the reason and confirm again.
 *
 * Generic: the decision is a lifecycle event type (`review.approve`, `account.freeze`, …) chosen
 * from the entity's `accepts`, sent with the version seen. The call is the `decide` actor the
 * screen provides. Used for KYC decisions and for setting and clearing account states.
 */

export type LifecycleStatus = InferType<typeof lifecycleStatus>;

/** Whether a decision asks for a reason, and whether it may be left empty. */
export type ReasonRule = 'none' | 'optional' | 'required';

export interface DecisionInput {
  /** The lifecycle event to send. */
  decision: string;
  /** The entity version the staff member saw; a change since is a conflict. */
  version: number;
  /** The trimmed reason; undefined when the decision takes none or it was left empty. */
  reason: string | undefined;
}

export interface ReviewDecisionContext {
  decision: string | null;
  version: number | null;
  reasonRule: ReasonRule;
  reason: string;
  /** Confirm was pressed with a reason that is not acceptable: the sheet shows why. */
  attempted: boolean;
  refusal: FlowRefusal | null;
  /** The entity's status after the last decision. */
  outcome: LifecycleStatus | null;
  conflictCodes: readonly string[];
}

export interface ReviewDecisionInput {
  /** Codes that mean "the entity changed meanwhile", beside `lifecycle.conflict`. */
  conflictCodes?: readonly string[];
}

export type ReviewDecisionEvent =
  | { type: 'decision.choose'; decision: string; version: number; reason: ReasonRule }
  | { type: 'reason.change'; reason: string }
  | { type: 'decision.confirm' }
  | { type: 'decision.cancel' }
  | { type: 'decision.reload' };

export type ReviewDecisionEmitted = {
  type: 'decided';
  decision: string;
  outcome: LifecycleStatus;
};

export const CONFLICT_CODE = 'lifecycle.conflict';

/** Whether a reason satisfies a decision's rule (and the contract's length limit). */
export function reasonAcceptable(rule: ReasonRule, reason: string): boolean {
  const trimmed = reason.trim();
  if (trimmed.length > REASON_MAX_LENGTH) return false;
  return rule !== 'required' || trimmed !== '';
}

function decisionInput(context: ReviewDecisionContext): DecisionInput {
  const reason = context.reason.trim();
  return {
    decision: context.decision ?? '',
    version: context.version ?? 0,
    reason: context.reasonRule === 'none' || reason === '' ? undefined : reason,
  };
}

export const reviewDecisionMachine = setup({
  types: {
    context: {} as ReviewDecisionContext,
    events: {} as ReviewDecisionEvent,
    // Every field is optional, so a plain `as` looks redundant to the linter; the type is needed.
    input: {} as unknown as ReviewDecisionInput,
    emitted: {} as ReviewDecisionEmitted,
  },
  actors: {
    /** Sends the decision; resolves with the entity's new status, rejects with the refusal. */
    decide: fromPromise<LifecycleStatus, DecisionInput>(() => notProvided('decide')),
  },
  guards: {
    reasonOk: ({ context }) => reasonAcceptable(context.reasonRule, context.reason),
    isConflict: ({ context, event }) => {
      const { code } = refusalOf((event as { error?: unknown }).error);
      return code === CONFLICT_CODE || context.conflictCodes.includes(code);
    },
  },
  actions: {
    choose: assign(({ event }) => {
      assertEvent(event, 'decision.choose');
      return {
        decision: event.decision,
        version: event.version,
        reasonRule: event.reason,
        reason: '',
        attempted: false,
        refusal: null,
      };
    }),
    keepReason: assign(({ event }) => {
      assertEvent(event, 'reason.change');
      return { reason: event.reason };
    }),
    markAttempted: assign({ attempted: true }),
    forget: assign({ decision: null, version: null, reason: '', attempted: false, refusal: null }),
    recordRefusal: assign({
      refusal: ({ event }) => refusalOf((event as { error?: unknown }).error),
    }),
  },
}).createMachine({
  id: 'reviewDecision',
  context: ({ input }) => ({
    decision: null,
    version: null,
    reasonRule: 'none',
    reason: '',
    attempted: false,
    refusal: null,
    outcome: null,
    conflictCodes: input.conflictCodes ?? [],
  }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'decision.choose': { target: 'confirming', actions: 'choose' } },
    },
    confirming: {
      on: {
        'reason.change': { actions: 'keepReason' },
        'decision.confirm': [
          { guard: 'reasonOk', target: '#reviewDecision.submitting' },
          { actions: 'markAttempted' },
        ],
        'decision.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    submitting: {
      entry: assign({ refusal: null }),
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => decisionInput(context),
        onDone: {
          target: 'done',
          actions: [
            assign({ outcome: ({ event }) => event.output }),
            emit(({ context, event }) => ({
              type: 'decided' as const,
              decision: context.decision ?? '',
              outcome: event.output,
            })),
          ],
        },
        onError: [
          { guard: 'isConflict', target: 'refused.conflict', actions: 'recordRefusal' },
          { target: 'refused.other', actions: 'recordRefusal' },
        ],
      },
    },
    done: {
      on: { 'decision.choose': { target: 'confirming', actions: 'choose' } },
    },
    refused: {
      initial: 'other',
      states: {
        // The entity changed since it was loaded: only a reload shows what to decide now.
        conflict: {
          on: {
            'decision.reload': { target: '#reviewDecision.idle', actions: 'forget' },
            'decision.cancel': { target: '#reviewDecision.idle', actions: 'forget' },
          },
        },
        // Anything else: the sheet stays open with the reason, to fix and confirm again.
        other: {
          on: {
            'reason.change': { target: '#reviewDecision.confirming', actions: 'keepReason' },
            'decision.confirm': [
              { guard: 'reasonOk', target: '#reviewDecision.submitting' },
              { actions: 'markAttempted' },
            ],
            'decision.cancel': { target: '#reviewDecision.idle', actions: 'forget' },
          },
        },
      },
    },
  },
});
