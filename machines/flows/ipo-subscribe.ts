import { assign, emit, fromPromise, setup } from 'xstate';
import { subscriptionDeposit } from '../../contract/ipo';
import { ipoSubscribeRequest } from '../../contract/schemas/ipo';
import type { IpoSubscriptionDto } from '../../contract/schemas/ipo';
import { notProvided, refusalOf } from './refusal';
import type { FlowRefusal } from './refusal';

/**
 * An IPO subscription as the customer makes it (issue 12): the shares (at least the offering's
 * minimum, with the deposit it holds shown as typed) → the fund password keypad → submitting →
 * done with the subscription, or refused with the server's code. A refused fund password goes back
 * to the keypad; anything else (minimum lot, times per offering, funds) back to the shares as typed.
 *
 * Pure: the submission is the `submit` actor the screen provides (with the Idempotency-Key).
 */

/** The offering's terms the flow checks the shares against and prices the deposit with. */
export interface IpoSubscribeTerms {
  offeringId: number;
  offerPrice: number;
  minShares: number;
  depositPct: number;
}

export interface IpoSubscribeRequest {
  id: number;
  shares: number;
  fundPassword: string;
}

export interface IpoSubscribeContext {
  terms: IpoSubscribeTerms;
  /** The shares chosen; null until reviewed. */
  shares: number | null;
  refusal: FlowRefusal | null;
  subscription: IpoSubscriptionDto | null;
  /** Between confirm and the answer; forgotten as soon as it is sent. */
  fundPassword: string;
}

export type IpoSubscribeEvent =
  | { type: 'review'; shares: number }
  | { type: 'back' }
  | { type: 'confirm'; fundPassword: string }
  | { type: 'edit' }
  /** After a done subscription: another one (an offering may take several per account). */
  | { type: 'again' };

export type IpoSubscribeEmitted = { type: 'subscribed'; subscription: IpoSubscriptionDto };

/**
 * Why these shares cannot be sent, as the contract's code (the server refuses the same), or null.
 * A whole number of shares, at least the offering's minimum.
 */
export function sharesProblem(terms: IpoSubscribeTerms, shares: number): string | null {
  if (!Number.isSafeInteger(shares) || shares <= 0) return 'request.invalid';
  if (shares < terms.minShares) return 'ipo.below_min_shares';
  return null;
}

/** The deposit these shares hold at subscribing (what the preview shows), or null for no shares. */
export function depositPreview(terms: IpoSubscribeTerms, shares: number): number | null {
  if (!Number.isSafeInteger(shares) || shares <= 0) return null;
  return subscriptionDeposit(terms.offerPrice, shares, terms.depositPct);
}

/** Refusals the keypad can fix: the fund password was wrong (a lock is not fixed by retyping). */
function isAboutFundPassword(refusal: FlowRefusal | null): boolean {
  return refusal?.code === 'fund_password.wrong' || refusal?.code === 'fund_password.invalid';
}

export const ipoSubscribeMachine = setup({
  types: {
    context: {} as IpoSubscribeContext,
    events: {} as IpoSubscribeEvent,
    input: {} as IpoSubscribeTerms,
    emitted: {} as IpoSubscribeEmitted,
  },
  actors: {
    submit: fromPromise<IpoSubscriptionDto, IpoSubscribeRequest>(() => notProvided('submit')),
  },
  guards: {
    sharesValid: ({ context, event }) =>
      event.type === 'review' && sharesProblem(context.terms, event.shares) === null,
    passwordTyped: ({ context, event }) =>
      event.type === 'confirm' &&
      context.shares !== null &&
      ipoSubscribeRequest.isValidSync({
        id: context.terms.offeringId,
        shares: context.shares,
        fundPassword: event.fundPassword,
      }),
    refusalAboutPassword: ({ context }) => isAboutFundPassword(context.refusal),
  },
}).createMachine({
  id: 'ipoSubscribe',
  context: ({ input }) => ({
    terms: input,
    shares: null,
    refusal: null,
    subscription: null,
    fundPassword: '',
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        review: {
          guard: 'sharesValid',
          target: 'confirming',
          actions: assign({ shares: ({ event }) => event.shares }),
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
        input: ({ context }): IpoSubscribeRequest => ({
          id: context.terms.offeringId,
          shares: context.shares as number,
          fundPassword: context.fundPassword,
        }),
        onDone: {
          target: 'done',
          actions: [
            assign({ subscription: ({ event }) => event.output }),
            emit(({ event }) => ({ type: 'subscribed' as const, subscription: event.output })),
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
    done: {
      on: {
        again: {
          target: 'editing',
          actions: assign({ subscription: null, refusal: null }),
        },
      },
    },
  },
});
