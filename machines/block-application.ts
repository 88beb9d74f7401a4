import { assign, setup } from 'xstate';
import { defineLifecycleMachine, stateMeta } from './lifecycle';
import { hasRejectReason, rejectReasonOf } from './review';

/**
 * A block-trade application (issue 11, docs/trading.md): a customer asks for shares of an offering
 * staff listed, with price × shares held at once; a reviewer approves it (it becomes a position at
 * the offering price, in the same transaction) or rejects it with a reason the customer reads
 * (the amount is released). This is the review of orders the spec mentions: ordinary orders are
 * never held for staff.
 */
export type BlockApplicationEvent =
  { type: 'review.approve' } | { type: 'review.reject'; reason: string };

export interface BlockApplicationContext {
  rejectionReason: string | null;
}

const meta = stateMeta<BlockApplicationEvent>;

const decided = {
  'review.approve': 'block.not_pending',
  'review.reject': 'block.not_pending',
} as const;

export const blockApplicationMachine = setup({
  types: {
    context: {} as BlockApplicationContext,
    events: {} as BlockApplicationEvent,
  },
  guards: { hasReason: hasRejectReason },
  actions: { recordReason: assign({ rejectionReason: rejectReasonOf }) },
}).createMachine({
  id: 'blockApplication',
  context: { rejectionReason: null },
  initial: 'pending',
  states: {
    pending: {
      meta: meta({ tone: 'warning', refusals: { 'review.reject': 'block.reason_required' } }),
      on: {
        'review.approve': { target: 'approved' },
        'review.reject': { target: 'rejected', guard: 'hasReason', actions: 'recordReason' },
      },
    },
    approved: { type: 'final', meta: meta({ tone: 'success', refusals: decided }) },
    rejected: { type: 'final', meta: meta({ tone: 'danger', refusals: decided }) },
  },
});

export const blockApplicationLifecycle = defineLifecycleMachine<BlockApplicationEvent>({
  machine: blockApplicationMachine,
  version: 1,
  sampleEvents: [
    { type: 'review.approve' },
    { type: 'review.reject', reason: 'Over the offering' },
    { type: 'review.reject', reason: '' },
  ],
});
