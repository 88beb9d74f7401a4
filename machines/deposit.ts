import { assign, setup } from 'xstate';
import { defineLifecycleMachine, stateMeta } from './lifecycle';
import { hasRejectReason, rejectReasonOf } from './review';

/**
 * A deposit: the customer transferred money to one of the broker's receiving accounts and
 * reported it with a voucher; staff credit it once the transfer is seen (or the system does,
 * below the auto-approval amount), or reject it with a reason the customer reads. The customer
 * may cancel while it is pending. A deposit still waiting after the service time is flagged
 * overdue by a job, so the queue shows it.
 *
 * A deposit is created in `pending.waiting` (no transition enters it), so the overdue job is
 * written by the call that creates the row (server/modules/money/deposits/recharge.ts), not by
 * a `meta.schedule` on the state.
 */
export type DepositEvent =
  | { type: 'deposit.cancel' }
  | { type: 'review.approve' }
  | { type: 'review.reject'; reason: string }
  | { type: 'review.overdue' };

export interface DepositContext {
  /** The reason of the rejection, shown to the customer. */
  rejectionReason: string | null;
}

const meta = stateMeta<DepositEvent>;

/** Every event refused with one code: a decided deposit takes nothing. */
const closed = {
  'deposit.cancel': 'fund_order.not_pending',
  'review.approve': 'fund_order.not_pending',
  'review.reject': 'fund_order.not_pending',
  'review.overdue': 'fund_order.not_pending',
} as const;

export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
  },
  guards: {
    hasReason: hasRejectReason,
  },
  actions: {
    recordReason: assign({ rejectionReason: rejectReasonOf }),
  },
}).createMachine({
  id: 'deposit',
  context: { rejectionReason: null },
  initial: 'pending',
  states: {
    pending: {
      initial: 'waiting',
      meta: meta({
        tone: 'warning',
        refusals: { 'review.reject': 'deposit.reason_required' },
      }),
      on: {
        'deposit.cancel': { target: 'cancelled' },
        'review.approve': { target: 'credited' },
        'review.reject': { target: 'rejected', guard: 'hasReason', actions: 'recordReason' },
      },
      states: {
        waiting: {
          on: { 'review.overdue': { target: 'overdue' } },
        },
        overdue: {
          // Still pending to the customer; the back office flags it.
          meta: meta({ refusals: { 'review.overdue': 'deposit.already_overdue' } }),
        },
      },
    },
    credited: { type: 'final', meta: meta({ tone: 'success', refusals: closed }) },
    rejected: { type: 'final', meta: meta({ tone: 'danger', refusals: closed }) },
    cancelled: { type: 'final', meta: meta({ tone: 'neutral', refusals: closed }) },
  },
});

export const depositLifecycle = defineLifecycleMachine<DepositEvent>({
  machine: depositMachine,
  version: 1,
  sampleEvents: [
    { type: 'deposit.cancel' },
    { type: 'review.approve' },
    { type: 'review.reject', reason: 'No transfer arrived' },
    { type: 'review.overdue' },
  ],
});
