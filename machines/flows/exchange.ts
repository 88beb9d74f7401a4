import { assign, emit, fromPromise, setup } from 'xstate';
import { exchangeQuoteRequest, exchangeRequest } from '../../contract/schemas/funds';
import type {
  ExchangeDto,
  ExchangeQuoteDto,
  ExchangeQuoteRequest,
} from '../../contract/schemas/funds';
import { notProvided, refusalOf } from './refusal';
import type { FlowRefusal } from './refusal';

/**
 * A currency exchange as the customer makes it: the form (from, to, amount) → quoting → a quote
 * shown until its `expiresAt` (then expired: quote again) → confirmed with the fund password →
 * exchanging → done with both legs, or refused. A quote the server calls expired or unknown at
 * confirmation is `expired` too; a wrong fund password goes back to the quote while it lives.
 *
 * Pure: the two calls are the `quote` and `exchange` actors the screen provides. The quote's life
 * is measured on the device's clock against the server's `expiresAt`; the server decides anyway.
 */

export interface ExchangeContext {
  draft: ExchangeQuoteRequest | null;
  quote: ExchangeQuoteDto | null;
  refusal: FlowRefusal | null;
  result: ExchangeDto | null;
  fundPassword: string;
}

export type ExchangeEvent =
  | { type: 'quote'; draft: ExchangeQuoteRequest }
  | { type: 'requote' }
  | { type: 'edit' }
  | { type: 'retry' }
  | { type: 'confirm'; fundPassword: string };

export type ExchangeEmitted = { type: 'exchanged'; result: ExchangeDto };

const QUOTE_GONE = ['exchange.quote_expired', 'exchange.quote_not_found'];

/** Milliseconds the quote has left at `now`. */
export function quoteLifeLeft(quote: Pick<ExchangeQuoteDto, 'expiresAt'>, now: number): number {
  const expires = Date.parse(quote.expiresAt);
  return Number.isFinite(expires) ? Math.max(0, expires - now) : 0;
}

export const exchangeMachine = setup({
  types: {
    context: {} as ExchangeContext,
    events: {} as ExchangeEvent,
    emitted: {} as ExchangeEmitted,
  },
  actors: {
    quote: fromPromise<ExchangeQuoteDto, ExchangeQuoteRequest>(() => notProvided('quote')),
    exchange: fromPromise<ExchangeDto, { quoteId: string; fundPassword: string }>(() =>
      notProvided('exchange'),
    ),
  },
  delays: {
    quoteLife: ({ context }) => (context.quote ? quoteLifeLeft(context.quote, Date.now()) : 0),
  },
  guards: {
    draftValid: ({ event }) =>
      event.type === 'quote' && exchangeQuoteRequest.isValidSync(event.draft),
    passwordTyped: ({ context, event }) =>
      event.type === 'confirm' &&
      exchangeRequest.isValidSync({
        quoteId: context.quote?.quoteId ?? '',
        fundPassword: event.fundPassword,
      }),
    quoteAlive: ({ context }) =>
      context.quote !== null && quoteLifeLeft(context.quote, Date.now()) > 0,
  },
}).createMachine({
  id: 'exchange',
  context: { draft: null, quote: null, refusal: null, result: null, fundPassword: '' },
  initial: 'editing',
  states: {
    editing: {
      on: {
        quote: {
          guard: 'draftValid',
          target: 'quoting',
          actions: assign({ draft: ({ event }) => event.draft }),
        },
      },
    },
    quoting: {
      entry: assign({ refusal: null, quote: null }),
      invoke: {
        src: 'quote',
        input: ({ context }) => context.draft as ExchangeQuoteRequest,
        onDone: { target: 'quoted', actions: assign({ quote: ({ event }) => event.output }) },
        onError: {
          target: 'refused',
          actions: assign({ refusal: ({ event }) => refusalOf(event.error) }),
        },
      },
    },
    quoted: {
      after: { quoteLife: 'expired' },
      on: {
        confirm: {
          guard: 'passwordTyped',
          target: 'exchanging',
          actions: assign({ fundPassword: ({ event }) => event.fundPassword }),
        },
        requote: 'quoting',
        edit: 'editing',
      },
    },
    expired: {
      on: { requote: 'quoting', edit: 'editing' },
    },
    exchanging: {
      entry: assign({ refusal: null }),
      exit: assign({ fundPassword: '' }),
      invoke: {
        src: 'exchange',
        input: ({ context }) => ({
          quoteId: context.quote?.quoteId ?? '',
          fundPassword: context.fundPassword,
        }),
        onDone: {
          target: 'done',
          actions: [
            assign({ result: ({ event }) => event.output }),
            emit(({ event }) => ({ type: 'exchanged' as const, result: event.output })),
          ],
        },
        onError: [
          {
            guard: ({ event }) => QUOTE_GONE.includes(refusalOf(event.error).code),
            target: 'expired',
            actions: assign({ refusal: ({ event }) => refusalOf(event.error) }),
          },
          {
            target: 'refused',
            actions: assign({ refusal: ({ event }) => refusalOf(event.error) }),
          },
        ],
      },
    },
    refused: {
      on: {
        edit: 'editing',
        requote: { guard: ({ context }) => context.draft !== null, target: 'quoting' },
        // Back to the quote it was refused on, if it still lives (a mistyped fund password).
        retry: [{ guard: 'quoteAlive', target: 'quoted' }, { target: 'expired' }],
      },
    },
    done: { type: 'final' },
  },
});
