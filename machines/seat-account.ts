import { assign, setup } from 'xstate';
import { defineLifecycleMachine, stateMeta } from './lifecycle';
import { hasRejectReason, rejectReasonOf } from './review';

/**
 * A seat account (issue 13, docs/service.md): a customer applies to become one; a reviewer
 * approves (the customer's orders then pay the seat commission set in the back office) or rejects
 * with a reason the customer reads. A rejected customer may apply again; an approved one is
 * refused with the spec's "already a seat account".
 */
export type SeatAccountEvent =
  { type: 'seat.apply' } | { type: 'review.approve' } | { type: 'review.reject'; reason: string };

export interface SeatAccountContext {
  rejectionReason: string | null;
}

const meta = stateMeta<SeatAccountEvent>;

/** Staff decide only an application under review. */
const undecidable = {
  'review.approve': 'seat.not_pending',
  'review.reject': 'seat.not_pending',
} as const;

export const seatAccountMachine = setup({
  types: {
    context: {} as SeatAccountContext,
    events: {} as SeatAccountEvent,
  },
  guards: { hasReason: hasRejectReason },
  actions: {
    recordReason: assign({ rejectionReason: rejectReasonOf }),
    clearReason: assign({ rejectionReason: () => null }),
  },
}).createMachine({
  id: 'seatAccount',
  context: { rejectionReason: null },
  initial: 'none',
  states: {
    none: {
      meta: meta({ tone: 'neutral', refusals: undecidable }),
      on: { 'seat.apply': { target: 'pending' } },
    },
    pending: {
      meta: meta({
        tone: 'warning',
        refusals: { 'seat.apply': 'seat.already_applied', 'review.reject': 'seat.reason_required' },
      }),
      on: {
        'review.approve': { target: 'approved' },
        'review.reject': { target: 'rejected', guard: 'hasReason', actions: 'recordReason' },
      },
    },
    approved: {
      meta: meta({
        tone: 'success',
        refusals: { 'seat.apply': 'seat.already_seat', ...undecidable },
      }),
    },
    rejected: {
      meta: meta({ tone: 'danger', refusals: undecidable }),
      on: { 'seat.apply': { target: 'pending', actions: 'clearReason' } },
    },
  },
});

export const seatAccountLifecycle = defineLifecycleMachine<SeatAccountEvent>({
  machine: seatAccountMachine,
  version: 1,
  sampleEvents: [
    { type: 'seat.apply' },
    { type: 'review.approve' },
    { type: 'review.reject', reason: 'Trading history too short' },
    { type: 'review.reject', reason: '' },
  ],
});
