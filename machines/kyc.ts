import { assertEvent, assign, setup } from 'xstate';

/**
 * Real-name verification: the customer submits name, ID number and photos; a reviewer approves
 * or rejects with a reason the customer sees; a rejected customer may submit again.
 */
export const KYC_MACHINE_VERSION = 1;

export type KycEvent =
  { type: 'kyc.submit' } | { type: 'review.approve' } | { type: 'review.reject'; reason: string };

export interface KycContext {
  /** How many times the customer has submitted; shown to reviewers. */
  submissions: number;
  /** The reason of the last rejection, shown to the customer until they submit again. */
  rejectionReason: string | null;
}

export const kycMachine = setup({
  types: {
    context: {} as KycContext,
    events: {} as KycEvent,
  },
  guards: {
    // A rejection the customer cannot read would leave them unable to fix it.
    hasReason: ({ event }) => event.type === 'review.reject' && event.reason.trim().length > 0,
  },
  actions: {
    countSubmission: assign({
      submissions: ({ context }) => context.submissions + 1,
      rejectionReason: null,
    }),
    recordReason: assign({
      rejectionReason: ({ event }) => {
        assertEvent(event, 'review.reject');
        return event.reason.trim();
      },
    }),
  },
}).createMachine({
  id: 'kyc',
  context: { submissions: 0, rejectionReason: null },
  initial: 'unverified',
  states: {
    unverified: {
      meta: {
        refusals: {
          'review.approve': 'kyc.not_under_review',
          'review.reject': 'kyc.not_under_review',
        },
      },
      on: { 'kyc.submit': { target: 'under_review', actions: 'countSubmission' } },
    },
    under_review: {
      meta: {
        refusals: {
          'kyc.submit': 'kyc.already_under_review',
          'review.reject': 'kyc.reason_required',
        },
      },
      on: {
        'review.approve': { target: 'passed' },
        'review.reject': { target: 'rejected', guard: 'hasReason', actions: 'recordReason' },
      },
    },
    rejected: {
      meta: {
        refusals: {
          'review.approve': 'kyc.not_under_review',
          'review.reject': 'kyc.not_under_review',
        },
      },
      on: { 'kyc.submit': { target: 'under_review', actions: 'countSubmission' } },
    },
    passed: {
      type: 'final',
      meta: {
        refusals: {
          'kyc.submit': 'kyc.already_verified',
          'review.approve': 'kyc.not_under_review',
          'review.reject': 'kyc.not_under_review',
        },
      },
    },
  },
});

export type KycState = 'unverified' | 'under_review' | 'rejected' | 'passed';
