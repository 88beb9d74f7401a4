import { assign, emit, fromPromise, setup } from 'xstate';
import { FUND_PASSWORD_PATTERN } from '../../contract/schemas/kyc';
import { notProvided, refusalOf } from './refusal';
import type { FlowRefusal } from './refusal';

/**
 * Applying for a placement or bidding in an auction, as the customer does it (issue 12,
 * docs/placements.md): the form (shares, and a price for a bid) → a confirmation that repeats it
 * and asks for the fund password → submitting → done with the answer, or refused with the
 * server's code. A refused fund password goes back to the confirmation; anything else back to
 * the form, as typed.
 *
 * Pure: the submission is the `submit` actor the screen provides (placementApply or auctionBid).
 */
export interface OfferingDraft {
  /** The placement's or auction's id. */
  id: number;
  shares: number;
  /** A bid's price; null for a placement (its price is fixed). */
  price: number | null;
}

export interface OfferingAnswer {
  id: number;
  state: string;
}

export interface OfferingApplyContext {
  draft: OfferingDraft | null;
  refusal: FlowRefusal | null;
  answer: OfferingAnswer | null;
  /** The fund password between confirm and the answer; forgotten as soon as it is sent. */
  fundPassword: string;
}

export type OfferingApplyEvent =
  | { type: 'review'; draft: OfferingDraft }
  | { type: 'back' }
  | { type: 'confirm'; fundPassword: string }
  | { type: 'edit' };

export type OfferingApplyEmitted = { type: 'submitted'; answer: OfferingAnswer };

export type OfferingSubmission = OfferingDraft & { fundPassword: string };

const whole = (n: unknown) => typeof n === 'number' && Number.isSafeInteger(n) && n > 0;

/** A draft the server could take: a whole id and shares, and a whole price when there is one. */
export function draftIsValid(draft: OfferingDraft): boolean {
  return whole(draft.id) && whole(draft.shares) && (draft.price === null || whole(draft.price));
}

export const offeringApplyMachine = setup({
  types: {
    context: {} as OfferingApplyContext,
    events: {} as OfferingApplyEvent,
    emitted: {} as OfferingApplyEmitted,
  },
  actors: {
    submit: fromPromise<OfferingAnswer, OfferingSubmission>(() => notProvided('submit')),
  },
  guards: {
    draftValid: ({ event }) => event.type === 'review' && draftIsValid(event.draft),
    passwordTyped: ({ event }) =>
      event.type === 'confirm' && FUND_PASSWORD_PATTERN.test(event.fundPassword),
    refusalAboutPassword: ({ context }) =>
      context.refusal?.code === 'fund_password.wrong' ||
      context.refusal?.code === 'fund_password.invalid',
  },
}).createMachine({
  id: 'offeringApply',
  context: { draft: null, refusal: null, answer: null, fundPassword: '' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        review: {
          guard: 'draftValid',
          target: 'confirming',
          actions: assign({ draft: ({ event }) => event.draft }),
        },
      },
    },
    confirming: {
      on: {
        back: 'editing',
        confirm: {
          guard: 'passwordTyped',
          target: 'submitting',
          actions: assign({ fundPassword: ({ event }) => event.fundPassword }),
        },
      },
    },
    submitting: {
      entry: assign({ refusal: null }),
      exit: assign({ fundPassword: '' }),
      invoke: {
        src: 'submit',
        input: ({ context }): OfferingSubmission => ({
          ...(context.draft as OfferingDraft),
          fundPassword: context.fundPassword,
        }),
        onDone: {
          target: 'done',
          actions: [
            assign({ answer: ({ event }) => event.output }),
            emit(({ event }) => ({ type: 'submitted' as const, answer: event.output })),
          ],
        },
        onError: {
          target: 'refused',
          actions: assign({ refusal: ({ event }) => refusalOf(event.error) }),
        },
      },
    },
    refused: {
      on: {
        edit: [{ guard: 'refusalAboutPassword', target: 'confirming' }, { target: 'editing' }],
      },
    },
    done: { type: 'final' },
  },
});
