import { assign, emit, fromPromise, setup } from 'xstate';
import { cashOutRequest } from '../../contract/schemas/funds';
import type { CashOutRequest, FundOrderDto } from '../../contract/schemas/funds';
import { notProvided, refusalOf } from './refusal';
import type { FlowRefusal } from './refusal';

/**
 * A withdrawal as the customer makes it: the form (currency, card or wallet, amount) → a
 * confirmation sheet that repeats it and asks for the fund password → submitting → done with the
 * withdrawal, or refused with the server's code. A refused fund password goes back to the sheet;
 * anything else back to the form, as typed.
 *
 * Pure: the submission is the `submit` actor the screen provides.
 */

/** What the form holds: the request without the fund password, which only the sheet asks for. */
export type CashOutDraft = Omit<CashOutRequest, 'fundPassword'>;

/** The contract's rules for everything but the fund password (one card or one wallet included). */
export const cashOutDraftSchema = cashOutRequest.omit(['fundPassword']);

export interface CashOutContext {
  draft: CashOutDraft | null;
  refusal: FlowRefusal | null;
  /** The withdrawal the server made. */
  order: FundOrderDto | null;
  /** The fund password between confirm and the answer; forgotten as soon as it is sent. */
  fundPassword: string;
}

export type CashOutEvent =
  | { type: 'review'; draft: CashOutDraft }
  | { type: 'back' }
  | { type: 'confirm'; fundPassword: string }
  | { type: 'edit' };

export type CashOutEmitted = { type: 'submitted'; order: FundOrderDto };

/** Refusals the sheet can fix: the fund password was wrong (a lock is not fixed by retyping). */
function isAboutFundPassword(refusal: FlowRefusal | null): boolean {
  return refusal?.code === 'fund_password.wrong' || refusal?.code === 'fund_password.invalid';
}

export const cashOutMachine = setup({
  types: {
    context: {} as CashOutContext,
    events: {} as CashOutEvent,
    emitted: {} as CashOutEmitted,
  },
  actors: {
    submit: fromPromise<FundOrderDto, CashOutRequest>(() => notProvided('submit')),
  },
  guards: {
    draftValid: ({ event }) =>
      event.type === 'review' && cashOutDraftSchema.isValidSync(event.draft),
    passwordTyped: ({ context, event }) =>
      event.type === 'confirm' &&
      context.draft !== null &&
      cashOutRequest.isValidSync({ ...context.draft, fundPassword: event.fundPassword }),
    refusalAboutPassword: ({ context }) => isAboutFundPassword(context.refusal),
  },
}).createMachine({
  id: 'cashOut',
  context: { draft: null, refusal: null, order: null, fundPassword: '' },
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
        input: ({ context }): CashOutRequest => ({
          ...(context.draft as CashOutDraft),
          fundPassword: context.fundPassword,
        }),
        onDone: {
          target: 'done',
          actions: [
            assign({ order: ({ event }) => event.output }),
            emit(({ event }) => ({ type: 'submitted' as const, order: event.output })),
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
