import { assign, emit, fromPromise, setup } from 'xstate';
import { placeOrderRequest } from '../../contract/schemas/trade';
import type {
  OrderPreviewDto,
  PlaceOrderRequest,
  TradeOrderDto,
} from '../../contract/schemas/trade';
import { isOnTick } from '../../contract/ticks';
import { notProvided, refusalOf, UNKNOWN_REFUSAL } from './refusal';
import type { FlowRefusal } from './refusal';

/**
 * An order as the customer places it from the ticket (issue 11): the form → the server's preview
 * (the price it would fill at, the costs, the limits; a preview that carries a refusal cannot be
 * confirmed) → the fund password keypad → submitting → placed (filled or resting), or refused with
 * the reason. A wrong fund password goes back to the keypad, anything else back to the form as
 * typed; a submission that got no answer can be retried with the same Idempotency-Key, so the
 * server answers with the order it made instead of making a second one.
 *
 * Pure: the preview and the submission are the `preview` and `place` actors the screen provides;
 * the key is made by the screen and sent with `confirm` (one per attempt).
 */

/** What the form holds: the request without the fund password, which only the keypad asks for. */
export type OrderDraft = Omit<PlaceOrderRequest, 'fundPassword'>;

/** The contract's rules for the order itself. */
export const orderDraftSchema = placeOrderRequest.omit(['fundPassword']);

/** A draft the server could accept as typed: the contract's rules, and a limit price on the tick. */
export function isDraftValid(draft: OrderDraft): boolean {
  if (!orderDraftSchema.isValidSync(draft)) return false;
  if (draft.type === 'market') return draft.price == null;
  return typeof draft.price === 'number' && isOnTick(draft.price);
}

export interface PlaceInput {
  request: PlaceOrderRequest;
  idempotencyKey: string;
}

export interface OrderTicketContext {
  draft: OrderDraft | null;
  preview: OrderPreviewDto | null;
  /** The last call's refusal (the preview call failing, or the place). */
  refusal: FlowRefusal | null;
  order: TradeOrderDto | null;
  /** Between confirm and the answer; kept past it only while a retry of that attempt is offered. */
  fundPassword: string;
  /** The current submission attempt's key. */
  idempotencyKey: string;
}

export type OrderTicketEvent =
  | { type: 'preview'; draft: OrderDraft }
  /** Back to the form (from the preview, the keypad or a refusal), e.g. a book level was tapped. */
  | { type: 'revise' }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'confirm'; fundPassword: string; idempotencyKey: string }
  | { type: 'retry' }
  | { type: 'edit' }
  | { type: 'again' };

export type OrderTicketEmitted = { type: 'placed'; order: TradeOrderDto };

/** Refusals the keypad can fix: the fund password was wrong (a lock is not fixed by retyping). */
function isAboutFundPassword(refusal: FlowRefusal | null): boolean {
  return refusal?.code === 'fund_password.wrong' || refusal?.code === 'fund_password.invalid';
}

/** No answer came (timeout, no network): the order may or may not exist, so ask again, same key. */
function isUnanswered(refusal: FlowRefusal | null): boolean {
  return refusal?.code === UNKNOWN_REFUSAL;
}

export const orderTicketMachine = setup({
  types: {
    context: {} as OrderTicketContext,
    events: {} as OrderTicketEvent,
    emitted: {} as OrderTicketEmitted,
  },
  actors: {
    preview: fromPromise<OrderPreviewDto, OrderDraft>(() => notProvided('preview')),
    place: fromPromise<TradeOrderDto, PlaceInput>(() => notProvided('place')),
  },
  actions: {
    forgetAttempt: assign({ fundPassword: '', idempotencyKey: '' }),
  },
  guards: {
    draftValid: ({ event }) => event.type === 'preview' && isDraftValid(event.draft),
    previewAccepted: ({ context }) => context.preview !== null && context.preview.refusal === null,
    passwordTyped: ({ context, event }) =>
      event.type === 'confirm' &&
      context.draft !== null &&
      event.idempotencyKey !== '' &&
      placeOrderRequest.isValidSync({ ...context.draft, fundPassword: event.fundPassword }) &&
      /^[0-9]{6}$/.test(event.fundPassword),
    refusalAboutPassword: ({ context }) => isAboutFundPassword(context.refusal),
    unanswered: ({ context }) => isUnanswered(context.refusal) && context.idempotencyKey !== '',
  },
}).createMachine({
  id: 'orderTicket',
  context: {
    draft: null,
    preview: null,
    refusal: null,
    order: null,
    fundPassword: '',
    idempotencyKey: '',
  },
  initial: 'editing',
  states: {
    editing: {
      on: {
        preview: {
          guard: 'draftValid',
          target: 'previewing',
          actions: assign({ draft: ({ event }) => event.draft, preview: null, refusal: null }),
        },
      },
    },
    previewing: {
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => context.draft as OrderDraft,
        onDone: {
          target: 'previewed',
          actions: assign({ preview: ({ event }) => event.output }),
        },
        onError: {
          target: 'editing',
          actions: assign({ refusal: ({ event }) => refusalOf(event.error) }),
        },
      },
      on: { revise: 'editing' },
    },
    previewed: {
      on: {
        next: { guard: 'previewAccepted', target: 'confirming' },
        back: 'editing',
        revise: 'editing',
      },
    },
    confirming: {
      on: {
        back: 'previewed',
        revise: 'editing',
        confirm: {
          guard: 'passwordTyped',
          target: 'submitting',
          actions: assign({
            fundPassword: ({ event }) => event.fundPassword,
            idempotencyKey: ({ event }) => event.idempotencyKey,
          }),
        },
      },
    },
    submitting: {
      entry: assign({ refusal: null }),
      invoke: {
        id: 'place',
        src: 'place',
        input: ({ context }): PlaceInput => ({
          request: { ...(context.draft as OrderDraft), fundPassword: context.fundPassword },
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: {
          target: 'placed',
          actions: [
            assign({ order: ({ event }) => event.output }),
            'forgetAttempt',
            emit(({ event }) => ({ type: 'placed' as const, order: event.output })),
          ],
        },
        onError: [
          {
            // Kept: the retry must send the very same request under the very same key.
            guard: ({ event }) => isUnanswered(refusalOf(event.error)),
            target: 'refused',
            actions: assign({ refusal: ({ event }) => refusalOf(event.error) }),
          },
          {
            target: 'refused',
            actions: [assign({ refusal: ({ event }) => refusalOf(event.error) }), 'forgetAttempt'],
          },
        ],
      },
    },
    refused: {
      on: {
        retry: { guard: 'unanswered', target: 'submitting' },
        edit: [
          { guard: 'refusalAboutPassword', target: 'confirming', actions: 'forgetAttempt' },
          { target: 'editing', actions: 'forgetAttempt' },
        ],
        revise: { target: 'editing', actions: 'forgetAttempt' },
      },
    },
    placed: {
      on: {
        again: {
          target: 'editing',
          actions: assign({ order: null, preview: null, refusal: null }),
        },
      },
    },
  },
});
