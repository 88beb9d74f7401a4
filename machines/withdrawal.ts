import { assertEvent, assign, setup } from 'xstate';
import { defineLifecycleMachine, stateMeta } from './lifecycle';
import { hasRejectReason, rejectReasonOf } from './review';

/**
 * A withdrawal (docs/money.md "Withdrawals"): the customer asks, the amount is held at once;
 * staff approve (two different members above the four-eyes threshold) or reject with a reason;
 * the payer records the bank's or chain's reference once paid. The customer may cancel while it
 * is pending. A pending one past its service time is flagged overdue by a job.
 */
export type WithdrawalEvent =
  | { type: 'withdrawal.cancel' }
  /**
   * `staffId`: who approves. `fourEyes`: whether the amount (in won at the time of approval) is
   * above the threshold, so two different staff members must approve. The server fills both in.
   */
  | { type: 'review.approve'; staffId: number; fourEyes: boolean }
  | { type: 'review.reject'; reason: string }
  | { type: 'payout.paid'; reference: string }
  | { type: 'review.overdue' };

export interface WithdrawalContext {
  /** Staff ids that approved while pending: one, recorded, when two are needed. */
  approvals: number[];
  /** The reason of a rejection, which the customer reads. */
  rejectionReason: string | null;
  /** The bank transfer's or chain transaction's reference, once paid. */
  reference: string | null;
}

const meta = stateMeta<WithdrawalEvent>;

type Approve = Extract<WithdrawalEvent, { type: 'review.approve' }>;
const approveOf = (event: WithdrawalEvent): Approve | null =>
  event.type === 'review.approve' ? event : null;

/** Refusals of a state that takes no event any more (paid, rejected, cancelled). */
const finalRefusals = {
  'withdrawal.cancel': 'fund_order.not_pending',
  'review.approve': 'withdrawal.not_pending',
  'review.reject': 'withdrawal.not_pending',
  'review.overdue': 'withdrawal.not_pending',
  'payout.paid': 'withdrawal.not_approved',
} as const;

export const withdrawalMachine = setup({
  types: {
    context: {} as WithdrawalContext,
    events: {} as WithdrawalEvent,
  },
  guards: {
    // Below the threshold one approval is enough.
    singleApproval: ({ event }) => approveOf(event)?.fourEyes === false,
    // Above it: the first approval is recorded and the withdrawal stays pending …
    firstOfTwo: ({ context, event }) =>
      approveOf(event)?.fourEyes === true && context.approvals.length === 0,
    // … and the second must come from someone else.
    secondOfTwo: ({ context, event }) => {
      const approve = approveOf(event);
      return (
        approve?.fourEyes === true &&
        context.approvals.length > 0 &&
        !context.approvals.includes(approve.staffId)
      );
    },
    hasReason: hasRejectReason,
  },
  actions: {
    recordApproval: assign({
      approvals: ({ context, event }) => {
        assertEvent(event, 'review.approve');
        return [...context.approvals, event.staffId];
      },
    }),
    recordReason: assign({ rejectionReason: rejectReasonOf }),
    recordReference: assign({
      reference: ({ event }) => {
        assertEvent(event, 'payout.paid');
        return event.reference.trim();
      },
    }),
  },
}).createMachine({
  id: 'withdrawal',
  context: { approvals: [], rejectionReason: null, reference: null },
  initial: 'pending',
  states: {
    pending: {
      initial: 'waiting',
      meta: meta({
        tone: 'warning',
        refusals: {
          // The only approval a pending withdrawal refuses: the same member twice above the threshold.
          'review.approve': 'four_eyes.same_staff',
          'review.reject': 'withdrawal.reason_required',
          'payout.paid': 'withdrawal.not_approved',
        },
      }),
      on: {
        'withdrawal.cancel': { target: 'cancelled' },
        'review.approve': [
          { target: 'approved', guard: 'singleApproval', actions: 'recordApproval' },
          { target: 'approved', guard: 'secondOfTwo', actions: 'recordApproval' },
          // Targetless: the state (and its overdue clock) stays; only the context changes.
          { guard: 'firstOfTwo', actions: 'recordApproval' },
        ],
        'review.reject': { target: 'rejected', guard: 'hasReason', actions: 'recordReason' },
      },
      states: {
        // A withdrawal starts here without a transition, so its service clock is started by the
        // request that creates it (server/modules/money/withdrawals.ts), as for deposits.
        waiting: {
          on: { 'review.overdue': { target: 'overdue' } },
        },
        overdue: {
          meta: meta({ refusals: { 'review.overdue': 'withdrawal.already_overdue' } }),
        },
      },
    },
    approved: {
      meta: meta({
        tone: 'info',
        refusals: {
          'withdrawal.cancel': 'fund_order.not_pending',
          'review.approve': 'withdrawal.not_pending',
          'review.overdue': 'withdrawal.not_pending',
          'review.reject': 'withdrawal.reason_required',
        },
      }),
      on: {
        'payout.paid': { target: 'paid', actions: 'recordReference' },
        // The payer finds the account closed or the transfer bounces: the hold goes back.
        'review.reject': { target: 'rejected', guard: 'hasReason', actions: 'recordReason' },
      },
    },
    paid: { type: 'final', meta: meta({ tone: 'success', refusals: finalRefusals }) },
    rejected: { type: 'final', meta: meta({ tone: 'danger', refusals: finalRefusals }) },
    cancelled: { type: 'final', meta: meta({ tone: 'neutral', refusals: finalRefusals }) },
  },
});

export const withdrawalLifecycle = defineLifecycleMachine<WithdrawalEvent>({
  machine: withdrawalMachine,
  version: 2,
  sampleEvents: [
    { type: 'withdrawal.cancel' },
    { type: 'review.approve', staffId: 1, fourEyes: false },
    { type: 'review.approve', staffId: 1, fourEyes: true },
    { type: 'review.approve', staffId: 2, fourEyes: true },
    { type: 'review.reject', reason: 'The card holder does not match' },
    { type: 'payout.paid', reference: 'KB-20261125-0001' },
    { type: 'review.overdue' },
  ],
});
