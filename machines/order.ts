import { assertEvent, assign, setup } from 'xstate';
import { defineLifecycleMachine, stateMeta } from './lifecycle';

/**
 * An order and the position it becomes (issue 11, docs/trading.md): entrusted and unfilled
 * (`pending`), filled into a position (`holding`, first `locked` for the product's lock time, then
 * `closable`), and ended (`closed`, or `cancelled` before any fill). The trading engine sends the
 * market's events (fills at a price, forced closes, the session-end settlement of day-trading
 * products); the job runner sends the clock's (the lock running out, an unfilled order expiring at
 * the session's end); the customer cancels a pending order and closes a closable position.
 *
 * Times are ISO-8601 strings carried by the events, so the guards read the clock from the event
 * and run the same on the server, the client and in tests. A locked position refuses a close even
 * when its unlock time has passed but the lock job has not yet run: the engine applies the due
 * `lock.elapsed` first (so `accepts`, computed from sample events, never depends on a clock).
 */
export type OrderEvent =
  /** The engine filled the order at `price` (minor units) at `at`; it may be closed from `unlockAt`. */
  | { type: 'order.fill'; price: number; at: string; unlockAt: string }
  | { type: 'order.cancel' }
  /** The session ended with the order unfilled (a job due at the session's end). */
  | { type: 'order.expire' }
  /** The lock time ran out (a job due at `unlockAt`). */
  | { type: 'lock.elapsed' }
  /** The customer closes at the market's `price` at `at`. */
  | { type: 'order.close'; price: number; at: string }
  /** Equity fell to the maintenance margin: the engine closes whatever the lock says. */
  | { type: 'order.forceClose'; price: number; at: string }
  /** A day-trading product's positions are closed by the engine at the session's end. */
  | { type: 'order.settle'; price: number; at: string };

/** Who or what ended a position, which the customer's history shows. */
export type OrderCloseCause = 'customer' | 'margin' | 'sessionEnd';
/** Who or what cancelled an unfilled order. */
export type OrderCancelCause = 'customer' | 'sessionEnd';

export interface OrderContext {
  fillPrice: number | null;
  filledAt: string | null;
  /** From when the position may be closed (the product's T+N days or N minutes after the fill). */
  unlockAt: string | null;
  closePrice: number | null;
  closedAt: string | null;
  closedBy: OrderCloseCause | null;
  cancelledBy: OrderCancelCause | null;
}

const meta = stateMeta<OrderEvent>;

type Priced = Extract<OrderEvent, { price: number; at: string }>;
const pricedOf = (event: OrderEvent): Priced | null => ('price' in event ? event : null);

/** A price the ledger can post: a positive whole number of minor units. */
const isPrice = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const timeOf = (iso: unknown): number => (typeof iso === 'string' ? Date.parse(iso) : Number.NaN);

/** A priced event the machine can record: a real price at a real time. */
const validPriced = (event: OrderEvent): boolean => {
  const priced = pricedOf(event);
  return priced !== null && isPrice(priced.price) && Number.isFinite(timeOf(priced.at));
};

const validFill = (event: OrderEvent): boolean =>
  event.type === 'order.fill' &&
  validPriced(event) &&
  Number.isFinite(timeOf(event.unlockAt)) &&
  timeOf(event.unlockAt) >= timeOf(event.at);

/** Refusals of an order that has ended: nothing more happens to it. */
const endedRefusals = {
  'order.fill': 'trade.not_pending',
  'order.cancel': 'trade.not_pending',
  'order.expire': 'trade.not_pending',
  'lock.elapsed': 'trade.not_holding',
  'order.close': 'trade.not_holding',
  'order.forceClose': 'trade.not_holding',
  'order.settle': 'trade.not_holding',
} as const;

/** The context a priced close writes: the price, the time and what caused it. */
const closeOf = (event: OrderEvent, closedBy: OrderCloseCause): Partial<OrderContext> => {
  const priced = pricedOf(event);
  return priced ? { closePrice: priced.price, closedAt: priced.at, closedBy } : {};
};

export const orderMachine = setup({
  types: {
    context: {} as OrderContext,
    events: {} as OrderEvent,
  },
  guards: {
    // A fill whose lock has already run out (a product without a lock) opens a closable position.
    fillWithoutLock: ({ event }) =>
      validFill(event) && event.type === 'order.fill' && timeOf(event.unlockAt) <= timeOf(event.at),
    fillWithLock: ({ event }) => validFill(event),
    validPriced: ({ event }) => validPriced(event),
  },
  actions: {
    recordFill: assign(({ event }) => {
      assertEvent(event, 'order.fill');
      return { fillPrice: event.price, filledAt: event.at, unlockAt: event.unlockAt };
    }),
    cancelledByCustomer: assign({ cancelledBy: 'customer' as const }),
    expiredAtSessionEnd: assign({ cancelledBy: 'sessionEnd' as const }),
    closedByCustomer: assign(({ event }) => closeOf(event, 'customer')),
    closedByMargin: assign(({ event }) => closeOf(event, 'margin')),
    settledAtSessionEnd: assign(({ event }) => closeOf(event, 'sessionEnd')),
  },
}).createMachine({
  id: 'order',
  context: {
    fillPrice: null,
    filledAt: null,
    unlockAt: null,
    closePrice: null,
    closedAt: null,
    closedBy: null,
    cancelledBy: null,
  },
  initial: 'pending',
  states: {
    pending: {
      // An order starts here (no transition enters it), so its expiry job is written by the call
      // that places it (server/modules/trade/place-order.ts), not by a `schedule`.
      meta: meta({
        tone: 'info',
        refusals: {
          'order.fill': 'trade.invalid_fill',
          'lock.elapsed': 'trade.not_holding',
          'order.close': 'trade.not_holding',
          'order.forceClose': 'trade.not_holding',
          'order.settle': 'trade.not_holding',
        },
      }),
      on: {
        'order.fill': [
          { target: 'holding.closable', guard: 'fillWithoutLock', actions: 'recordFill' },
          { target: 'holding.locked', guard: 'fillWithLock', actions: 'recordFill' },
        ],
        'order.cancel': { target: 'cancelled', actions: 'cancelledByCustomer' },
        'order.expire': { target: 'cancelled', actions: 'expiredAtSessionEnd' },
      },
    },
    holding: {
      initial: 'locked',
      meta: meta({
        tone: 'warning',
        refusals: {
          'order.fill': 'trade.not_pending',
          'order.cancel': 'trade.not_pending',
          'order.expire': 'trade.not_pending',
          'order.forceClose': 'trade.price_unavailable',
          'order.settle': 'trade.price_unavailable',
        },
      }),
      on: {
        'order.forceClose': { target: 'closed', guard: 'validPriced', actions: 'closedByMargin' },
        'order.settle': { target: 'closed', guard: 'validPriced', actions: 'settledAtSessionEnd' },
      },
      states: {
        locked: {
          meta: meta({
            schedule: [{ event: 'lock.elapsed', at: 'unlockAt' }],
            refusals: { 'order.close': 'trade.sell_locked' },
          }),
          on: {
            'lock.elapsed': { target: 'closable' },
          },
        },
        closable: {
          meta: meta({
            tone: 'success',
            refusals: {
              'lock.elapsed': 'trade.already_unlocked',
              'order.close': 'trade.price_unavailable',
            },
          }),
          on: {
            'order.close': {
              target: '#order.closed',
              guard: 'validPriced',
              actions: 'closedByCustomer',
            },
          },
        },
      },
    },
    closed: { type: 'final', meta: meta({ tone: 'neutral', refusals: endedRefusals }) },
    cancelled: { type: 'final', meta: meta({ tone: 'neutral', refusals: endedRefusals }) },
  },
});

export const orderLifecycle = defineLifecycleMachine<OrderEvent>({
  machine: orderMachine,
  version: 1,
  sampleEvents: [
    {
      type: 'order.fill',
      price: 71_000,
      at: '2026-11-25T01:00:00.000Z',
      unlockAt: '2026-11-25T01:15:00.000Z',
    },
    {
      type: 'order.fill',
      price: 71_000,
      at: '2026-11-25T01:00:00.000Z',
      unlockAt: '2026-11-25T01:00:00.000Z',
    },
    { type: 'order.cancel' },
    { type: 'order.expire' },
    { type: 'lock.elapsed' },
    { type: 'order.close', price: 72_000, at: '2026-11-25T01:20:00.000Z' },
    { type: 'order.forceClose', price: 64_000, at: '2026-11-25T01:05:00.000Z' },
    { type: 'order.settle', price: 71_500, at: '2026-11-25T06:30:00.000Z' },
  ],
});
