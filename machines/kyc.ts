import { assign, setup } from 'xstate';
import { defineLifecycleMachine, stateMeta } from './lifecycle';
import { hasRejectReason, rejectReasonOf } from './review';

/**
 * Real-name verification: the customer submits name, ID number and photos; a reviewer approves
 * or rejects with a reason the customer sees; a rejected customer may submit again. A submission
 * still waiting after the review time is flagged overdue by a job, so the queue shows it first.
 */
export type KycEvent =
  | { type: 'kyc.submit' }
  | { type: 'review.approve' }
  | { type: 'review.reject'; reason: string }
  | { type: 'review.overdue' };

export interface KycContext {
  /** How many times the customer has submitted; shown to reviewers. */
  submissions: number;
  /** The reason of the last rejection, shown to the customer until they submit again. */
  rejectionReason: string | null;
}

const meta = stateMeta<KycEvent>;

export const kycMachine = setup({
  types: {
    context: {} as KycContext,
    events: {} as KycEvent,
  },
  guards: {
    hasReason: hasRejectReason,
  },
  actions: {
    countSubmission: assign({
      submissions: ({ context }) => context.submissions + 1,
      rejectionReason: null,
    }),
    recordReason: assign({ rejectionReason: rejectReasonOf }),
  },
}).createMachine({
  id: 'kyc',
  context: { submissions: 0, rejectionReason: null },
  initial: 'unverified',
  states: {
    unverified: {
      meta: meta({
        tone: 'neutral',
        refusals: {
          'review.approve': 'kyc.not_under_review',
          'review.reject': 'kyc.not_under_review',
          'review.overdue': 'kyc.not_under_review',
        },
      }),
      on: { 'kyc.submit': { target: 'under_review', actions: 'countSubmission' } },
    },
    under_review: {
      initial: 'waiting',
      meta: meta({
        tone: 'warning',
        refusals: {
          'kyc.submit': 'kyc.already_under_review',
          'review.reject': 'kyc.reason_required',
        },
      }),
      on: {
        'review.approve': { target: 'passed' },
        'review.reject': { target: 'rejected', guard: 'hasReason', actions: 'recordReason' },
      },
      states: {
        waiting: {
          // Scheduled on entry: the review time is a setting of the server (lifecycle clock).
          meta: meta({ schedule: [{ event: 'review.overdue', at: 'reviewDeadline' }] }),
          on: { 'review.overdue': { target: 'overdue' } },
        },
        overdue: {
          // Still "under review" to the customer; the back office flags it (isInState).
          meta: meta({ refusals: { 'review.overdue': 'kyc.already_overdue' } }),
        },
      },
    },
    rejected: {
      meta: meta({
        tone: 'danger',
        refusals: {
          'review.approve': 'kyc.not_under_review',
          'review.reject': 'kyc.not_under_review',
          'review.overdue': 'kyc.not_under_review',
        },
      }),
      on: { 'kyc.submit': { target: 'under_review', actions: 'countSubmission' } },
    },
    passed: {
      type: 'final',
      meta: meta({
        tone: 'success',
        refusals: {
          'kyc.submit': 'kyc.already_verified',
          'review.approve': 'kyc.not_under_review',
          'review.reject': 'kyc.not_under_review',
          'review.overdue': 'kyc.not_under_review',
        },
      }),
    },
  },
});

export const kycLifecycle = defineLifecycleMachine<KycEvent>({
  machine: kycMachine,
  // v2: under_review is nested (waiting → overdue on the review clock).
  version: 2,
  sampleEvents: [
    { type: 'kyc.submit' },
    { type: 'review.approve' },
    { type: 'review.reject', reason: 'The photo is blurred' },
    { type: 'review.overdue' },
  ],
});
