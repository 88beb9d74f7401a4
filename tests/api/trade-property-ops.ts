import fc from 'fast-check';
import { expect } from 'vitest';
import type {
  ErrorCode,
  OrderPreviewDto,
  OrderSide,
  OrderType,
  PlaceOrderRequest,
  TradeOrderDto,
  TradeProductCode,
  TradeProductTerms,
} from '../../contract';
import { isOnTick, openingCosts, tickDown, tickSize, tickUp } from '../../contract';
import { runDueJobs } from '../../server/lifecycle';
import { tradeOrders } from '../../server/db/schema';
import { sweepOrders } from '../../server/modules/trade';
import { DEFAULT_PRODUCTS } from '../../server/modules/trade/products';
import { inArray } from 'drizzle-orm';
import { call, expectSuccess } from './api-helpers';
import { staffCall } from './identity-helpers';
import { closeOrder, place } from './trade-helpers';
import type { ModelOrder, TradeWorld } from './trade-property-world';
import {
  applyCancel,
  applyClose,
  applyFill,
  closeOutcome,
  countEngine,
  isHoldingState,
  marketOpen,
  modelFromAvailable,
  moneyOf,
  nextOpenAfter,
  refusedWith,
  sessionEndAfter,
  taxPpmOf,
  traderOf,
  unlockAtOf,
  walkBook,
} from './trade-property-world';

/**
 * The operations of the trading property test. Each predicts from the model and the market (the
 * test's own reading of the feed, which only moves when the test advances it) what the server
 * must answer, checks the answer, and moves the model: placing (market and limit, long and
 * short, each product but block, random lots and leverages, now and then a refused one), cancel,
 * close (also while locked), the market moving, the engine's sweep and the clock's jobs, and an
 * operator changing a product's terms.
 */

export interface TradeOperation {
  describe: string;
  run(w: TradeWorld): Promise<void>;
}

/** A few stocks of both markets at prices from about 50,000 to 1,000,000 won. */
export const SYMBOLS = ['005930', '000070', '035720', '247540', '000660'] as const;
const PLACED_PRODUCTS = ['stock', 'dayTrading', 'bulkDayTrading'] as const;

const customerIndex = (count: number) => fc.nat({ max: count - 1 });

type Prediction =
  | { refusal: ErrorCode }
  | {
      refusal: null;
      fillsNow: boolean;
      price: number;
      costs: ReturnType<typeof openingCosts>;
      shares: number;
    };

/**
 * What `/trade/place` must do with `body` now (docs/trading.md "Placing an order", in the order of
 * the checks): refuse with a code, rest, or fill at the walked price.
 */
function predictPlace(w: TradeWorld, c: number, body: PlaceOrderRequest): Prediction {
  const terms = w.products[body.product];
  if (!terms.enabled) return { refusal: 'trade.product_unavailable' };
  const quote = w.m.feed.quote(body.symbol);
  if (!quote) throw new Error(`no quote of ${body.symbol}`);
  if (!marketOpen(w, body.symbol)) return { refusal: 'trade.closed' };
  if (!terms.leverages.includes(body.leverage)) return { refusal: 'trade.invalid_leverage' };
  const limit = body.type === 'limit' ? (body.price ?? null) : null;
  if (limit !== null && !isOnTick(limit)) return { refusal: 'trade.price_not_on_tick' };
  if (limit !== null && (limit < quote.lowerLimit || limit > quote.upperLimit)) {
    return { refusal: 'trade.price_limit' };
  }
  const shares = body.lots * terms.lotSize;
  const book = w.m.feed.book(body.symbol, 5);
  const buying = body.side === 'long';
  const best = book && !book.auction ? (buying ? book.asks[0] : book.bids[0])?.price : undefined;
  const marketable =
    limit !== null && best !== undefined && (buying ? best <= limit : best >= limit);
  const fillsNow = body.type === 'market' || marketable;
  let price = limit;
  if (fillsNow) {
    const walked = walkBook(book, buying, shares);
    price =
      walked === null || limit === null
        ? walked
        : buying
          ? Math.min(walked, limit)
          : Math.max(walked, limit);
  }
  if (price === null) return { refusal: 'trade.price_unavailable' };
  const costs = openingCosts({
    price,
    shares,
    leverage: body.leverage,
    side: body.side,
    commissionPpm: terms.commissionPpm,
    taxPpm: taxPpmOf(w, body.symbol),
  });
  if (costs.notional < terms.minOpenAmount) return { refusal: 'trade.below_min_open' };
  if (costs.total > moneyOf(w, c).available) return { refusal: 'trade.insufficient_margin' };
  return { refusal: null, fillsNow, price, costs, shares };
}

/** Where a limit price is put: ticks from the last price, at the best bid or ask, or a bad one. */
type LimitAt =
  | { at: 'ticks'; k: number }
  | { at: 'bid' }
  | { at: 'ask' }
  | { at: 'offTick' }
  | { at: 'beyond'; up: boolean };

const limitAt: fc.Arbitrary<LimitAt> = fc.oneof(
  {
    arbitrary: fc.integer({ min: -4, max: 4 }).map((k): LimitAt => ({ at: 'ticks', k })),
    weight: 6,
  },
  { arbitrary: fc.constantFrom<LimitAt>({ at: 'bid' }, { at: 'ask' }), weight: 3 },
  { arbitrary: fc.constant<LimitAt>({ at: 'offTick' }), weight: 1 },
  { arbitrary: fc.boolean().map((up): LimitAt => ({ at: 'beyond', up })), weight: 1 },
);

function limitPrice(w: TradeWorld, symbol: string, where: LimitAt): number {
  const quote = w.m.feed.quote(symbol);
  if (!quote) throw new Error(`no quote of ${symbol}`);
  switch (where.at) {
    case 'bid':
      return quote.bid ?? quote.price;
    case 'ask':
      return quote.ask ?? quote.price;
    case 'offTick':
      return quote.price + 1;
    case 'beyond':
      return where.up
        ? quote.upperLimit + tickSize(quote.upperLimit)
        : quote.lowerLimit - tickSize(quote.lowerLimit);
    case 'ticks': {
      let price = quote.price;
      for (let i = 0; i < Math.abs(where.k); i += 1) {
        price = where.k > 0 ? tickUp(price) : tickDown(price);
      }
      return price;
    }
  }
}

/** A leverage the product offers (by index), or one picked without looking (often refused). */
type LeverageOf = { allowed: number } | { any: number };
const leverageOf: fc.Arbitrary<LeverageOf> = fc.oneof(
  { arbitrary: fc.nat().map((allowed): LeverageOf => ({ allowed })), weight: 6 },
  {
    arbitrary: fc.constantFrom(1, 3, 4, 7, 15, 25, 40).map((any): LeverageOf => ({ any })),
    weight: 1,
  },
);

function placeOperation(count: number): fc.Arbitrary<TradeOperation> {
  return fc
    .record({
      c: customerIndex(count),
      product: fc.constantFrom<TradeProductCode>(...PLACED_PRODUCTS),
      symbol: fc.constantFrom(...SYMBOLS),
      side: fc.constantFrom<OrderSide>('long', 'short'),
      type: fc.oneof(
        { arbitrary: fc.constant<OrderType>('market'), weight: 2 },
        { arbitrary: fc.constant<OrderType>('limit'), weight: 3 },
      ),
      at: limitAt,
      leverage: leverageOf,
      /** The order's size as a share of what the available balance allows: above 1 is too much. */
      size: fc.double({ min: 0.02, max: 1.4, noNaN: true }),
      preview: fc.boolean(),
    })
    .map((p) => ({
      describe: `place ${p.c} ${p.product} ${p.side} ${p.type} ${p.symbol} ${p.size.toFixed(2)} ${JSON.stringify(p.leverage)}${p.type === 'limit' ? ` ${JSON.stringify(p.at)}` : ''}`,
      async run(w) {
        const terms = w.products[p.product];
        const leverage =
          'allowed' in p.leverage
            ? (terms.leverages[p.leverage.allowed % terms.leverages.length] ?? 1)
            : p.leverage.any;
        const limit = p.type === 'limit' ? limitPrice(w, p.symbol, p.at) : null;
        const unit = limit ?? w.m.feed.quote(p.symbol)?.price ?? 1;
        const affordable = Math.floor(
          (moneyOf(w, p.c).available * leverage) / (Math.max(unit, 1) * terms.lotSize),
        );
        const lots = Math.min(Math.max(1, Math.round(p.size * affordable)), 1_000_000);
        const body: PlaceOrderRequest = {
          product: p.product,
          symbol: p.symbol,
          side: p.side,
          type: p.type,
          lots,
          leverage,
          ...(limit !== null ? { price: limit } : {}),
        };
        const what = `place ${JSON.stringify(body)}`;
        const predicted = predictPlace(w, p.c, body);
        const trader = traderOf(w, p.c);
        if (p.preview) {
          const answer = await call(w.t.app, '/trade/preview', body, { session: trader.session });
          if (predicted.refusal === 'trade.product_unavailable') {
            refusedWith(answer, predicted.refusal, `preview of ${what}`);
          } else {
            const preview = expectSuccess<OrderPreviewDto>(answer);
            expect(preview.refusal?.code ?? null, `preview of ${what}`).toBe(predicted.refusal);
            if (predicted.refusal === null) {
              expect(preview, `preview of ${what}`).toMatchObject({
                price: predicted.price,
                shares: predicted.shares,
                ...predicted.costs,
                available: moneyOf(w, p.c).available,
              });
            }
          }
        }
        const answer = await place(w.t.app, trader, body);
        if (predicted.refusal !== null) {
          refusedWith(answer, predicted.refusal, what);
          return;
        }
        const order = expectSuccess<TradeOrderDto>(answer);
        const now = w.m.now();
        const { costs, price, fillsNow } = predicted;
        const unlockAt = fillsNow ? unlockAtOf(terms, now) : null;
        const state: ModelOrder['state'] = !fillsNow
          ? 'pending'
          : unlockAt !== null && unlockAt <= now
            ? 'holding.closable'
            : 'holding.locked';
        expect(order, what).toMatchObject({
          state,
          product: p.product,
          symbol: p.symbol,
          side: p.side,
          type: p.type,
          limitPrice: limit,
          lots,
          shares: predicted.shares,
          leverage,
          margin: costs.margin,
          notional: costs.notional,
          fee: costs.fee,
          tax: costs.tax,
          fillPrice: fillsNow ? price : null,
          unlockAt: unlockAt === null ? null : new Date(unlockAt).toISOString(),
        });
        const model: ModelOrder = {
          id: order.id,
          c: p.c,
          product: p.product,
          terms: structuredClone(terms),
          symbol: p.symbol,
          side: p.side,
          type: p.type,
          limitPrice: limit,
          shares: predicted.shares,
          leverage,
          taxPpm: taxPpmOf(w, p.symbol),
          margin: costs.margin,
          notional: costs.notional,
          openFee: costs.fee,
          openTax: costs.tax,
          expiresAt: sessionEndAfter(now),
          state,
          fillPrice: fillsNow ? price : null,
          unlockAt,
          closePrice: null,
          closedBy: null,
          cancelledBy: null,
          closeFee: 0,
          closeTax: 0,
          realisedPnl: null,
          rested: !fillsNow,
        };
        w.orders.set(model.id, model);
        const money = moneyOf(w, p.c);
        money.available -= costs.total;
        if (fillsNow) money.positionMargin += costs.margin;
        else money.held += costs.total;
      },
    }));
}

/** The order a cancel or close acts on: mostly one it applies to, now and then any of theirs. */
function targetOf(
  w: TradeWorld,
  c: number,
  wanted: (o: ModelOrder) => boolean,
  focus: boolean,
  n: number,
): ModelOrder | null {
  const mine = [...w.orders.values()].filter((o) => o.c === c);
  const fitting = mine.filter(wanted);
  const pool = focus && fitting.length > 0 ? fitting : mine;
  return pool.length === 0 ? null : (pool[n % pool.length] ?? null);
}

const focused = fc.oneof(
  { arbitrary: fc.constant(true), weight: 4 },
  { arbitrary: fc.constant(false), weight: 1 },
);

function cancelOperation(count: number): fc.Arbitrary<TradeOperation> {
  return fc.record({ c: customerIndex(count), focus: focused, n: fc.nat() }).map((p) => ({
    describe: `cancel ${p.c}${p.focus ? '' : ' (any)'} #${p.n}`,
    async run(w) {
      const o = targetOf(w, p.c, (x) => x.state === 'pending', p.focus, p.n);
      if (!o) return;
      const what = `cancel of order ${o.id} (${o.state})`;
      const answer = await call(
        w.t.app,
        '/trade/cancel',
        { id: o.id },
        { session: traderOf(w, p.c).session },
      );
      if (o.state !== 'pending') {
        refusedWith(answer, 'trade.not_pending', what);
        return;
      }
      const order = expectSuccess<TradeOrderDto>(answer);
      expect(order, what).toMatchObject({ state: 'cancelled', cancelledBy: 'customer' });
      applyCancel(w, o, 'customer');
    },
  }));
}

function closeOperation(count: number): fc.Arbitrary<TradeOperation> {
  return fc.record({ c: customerIndex(count), focus: focused, n: fc.nat() }).map((p) => ({
    describe: `close ${p.c}${p.focus ? '' : ' (any)'} #${p.n}`,
    async run(w) {
      const o = targetOf(w, p.c, (x) => isHoldingState(x.state), p.focus, p.n);
      if (!o) return;
      const now = w.m.now();
      const what = `close of order ${o.id} (${o.state}, unlockAt ${o.unlockAt ?? '-'}, now ${now})`;
      const answer = await closeOrder(w.t.app, traderOf(w, p.c), o.id);
      // A locked position whose lock ran out is unlocked by the close itself (the job may lag).
      const lockedNow = o.state === 'holding.locked' && (o.unlockAt ?? 0) > now;
      const price = walkBook(w.m.feed.book(o.symbol, 5), o.side === 'short', o.shares);
      const refusal: ErrorCode | null = !isHoldingState(o.state)
        ? 'trade.not_holding'
        : lockedNow
          ? 'trade.sell_locked'
          : !marketOpen(w, o.symbol)
            ? 'trade.closed'
            : price === null
              ? 'trade.price_unavailable'
              : null;
      if (refusal !== null || price === null) {
        refusedWith(answer, refusal ?? 'trade.price_unavailable', what);
        return;
      }
      const order = expectSuccess<TradeOrderDto>(answer);
      const outcome = closeOutcome(o, price);
      applyClose(w, o, outcome, modelFromAvailable(w, o, outcome.back), 'customer');
      expect(order, what).toMatchObject({
        state: 'closed',
        closedBy: 'customer',
        closePrice: price,
        realisedPnl: o.realisedPnl,
        fee: o.openFee + o.closeFee,
        tax: o.openTax + o.closeTax,
      });
    },
  }));
}

// ---- the engine and the clock ----------------------------------------------------------------

type SweepAction = {
  o: ModelOrder;
  action: 'fill' | 'margin' | 'sessionEnd';
  price: number | null;
};

/**
 * What the sweep must do now (docs/trading.md "The engine"): fill resting limits the last price
 * reached while the market is open; close day-trading positions from the session's end at the
 * last price; close at the book a position whose equity fell to its maintenance share.
 */
function predictSweep(w: TradeWorld, now: number): SweepAction[] {
  const actions: SweepAction[] = [];
  for (const o of [...w.orders.values()].sort((a, b) => a.id - b.id)) {
    const quote = w.m.feed.quote(o.symbol);
    if (!quote) continue;
    const open = marketOpen(w, o.symbol);
    if (o.state === 'pending') {
      const limit = o.limitPrice;
      const through =
        limit !== null && (o.side === 'long' ? quote.price <= limit : quote.price >= limit);
      // It rests until the session's end, even when its expiry job has not run yet.
      if (open && through && now < o.expiresAt) actions.push({ o, action: 'fill', price: limit });
    } else if (isHoldingState(o.state)) {
      if (o.terms.closesAtSessionEnd && now >= o.expiresAt) {
        actions.push({ o, action: 'sessionEnd', price: quote.price });
        continue;
      }
      if (!open || o.fillPrice === null || o.terms.maintenancePct <= 0) continue;
      const pnl =
        (o.side === 'long' ? quote.price - o.fillPrice : o.fillPrice - quote.price) * o.shares;
      if ((o.margin + pnl) * 100 <= o.margin * o.terms.maintenancePct) {
        const price = walkBook(w.m.feed.book(o.symbol, 5), o.side === 'short', o.shares);
        actions.push({ o, action: 'margin', price });
      }
    }
  }
  return actions;
}

async function sweep(w: TradeWorld, what: string): Promise<void> {
  const now = w.m.now();
  const actions = predictSweep(w, now);
  const summary = await sweepOrders(w.t.app.maru);
  const priced = actions.filter((a) => a.price !== null);
  expect(
    summary,
    `sweep after ${what}: ${actions.map((a) => `${a.o.id}:${a.action}`).join(' ')}`,
  ).toEqual({
    filled: priced.filter((a) => a.action === 'fill').length,
    forced: priced.filter((a) => a.action === 'margin').length,
    settled: priced.filter((a) => a.action === 'sessionEnd').length,
    skipped: actions.length - priced.length,
  });
  const closed = actions.filter((a) => a.action !== 'fill' && a.price !== null).map((a) => a.o.id);
  const rows =
    closed.length === 0
      ? []
      : await w.t.db.select().from(tradeOrders).where(inArray(tradeOrders.id, closed));
  for (const { o, action, price } of actions) {
    countEngine(price === null ? `${action} skipped` : action);
    if (price === null) {
      // A forced close without a price is skipped, but a due unlock it applied first stays.
      if (o.state === 'holding.locked' && (o.unlockAt ?? Infinity) <= now)
        o.state = 'holding.closable';
      continue;
    }
    if (action === 'fill') {
      applyFill(w, o, price, now);
      continue;
    }
    const outcome = closeOutcome(o, price);
    let fromAvailable = outcome.back;
    if (outcome.back < 0) {
      // A loss past the margin takes what is available when the sweep reaches it (the sweep's
      // order among one customer's positions is not the model's); the ledger checks the rest.
      const realised = rows.find((r) => r.id === o.id)?.realisedPnl ?? null;
      expect(realised, `realised P&L of order ${o.id}`).not.toBeNull();
      fromAvailable = (realised ?? 0) + o.margin + o.openFee + o.openTax;
      expect(fromAvailable, `loss past the margin of order ${o.id}`).toBeGreaterThanOrEqual(
        outcome.back,
      );
      expect(fromAvailable, `loss past the margin of order ${o.id}`).toBeLessThanOrEqual(0);
    }
    applyClose(w, o, outcome, fromAvailable, action);
  }
}

/** The clock's jobs: unfilled orders expire at the session's end; locks run out at unlockAt. */
async function dueJobs(w: TradeWorld): Promise<void> {
  const now = w.m.now();
  await runDueJobs(w.t.db, { now: new Date(now) });
  for (const o of w.orders.values()) {
    if (o.state === 'pending' && o.expiresAt <= now) {
      applyCancel(w, o, 'sessionEnd');
      countEngine('expire');
    }
    if (o.state === 'holding.locked' && (o.unlockAt ?? Infinity) <= now) {
      o.state = 'holding.closable';
      countEngine('unlock');
    }
  }
}

type Then = 'settle' | 'sweep' | 'jobs' | 'none';
const thenArb = fc.oneof(
  { arbitrary: fc.constant<Then>('settle'), weight: 4 },
  { arbitrary: fc.constantFrom<Then>('sweep', 'jobs', 'none'), weight: 2 },
);

async function afterAdvance(w: TradeWorld, then: Then, what: string): Promise<void> {
  if (then === 'settle' || then === 'sweep') await sweep(w, what);
  if (then === 'settle' || then === 'jobs') await dueJobs(w);
}

/** Seconds to about 20 minutes: mostly short, since the simulator costs CPU per simulated second. */
const stepMs = fc.oneof(
  { arbitrary: fc.integer({ min: 1_000, max: 60_000 }), weight: 3 },
  { arbitrary: fc.integer({ min: 60_000, max: 5 * 60_000 }), weight: 2 },
  { arbitrary: fc.integer({ min: 5 * 60_000, max: 20 * 60_000 }), weight: 1 },
);

const advanceOperation: fc.Arbitrary<TradeOperation> = fc
  .record({ ms: stepMs, then: thenArb })
  .map(({ ms, then }) => ({
    describe: `advance ${Math.round(ms / 1000)} s, ${then}`,
    async run(w) {
      w.m.advance(ms);
      await afterAdvance(w, then, `advance ${ms} ms`);
    },
  }));

/**
 * Outside continuous trading, on to the next trading day's opening (the simulator is cheap when
 * the market is closed); in continuous trading, a second. Either way the engine and jobs run.
 */
const morningOperation: fc.Arbitrary<TradeOperation> = fc.constant({
  describe: 'opening: on to the next one',
  async run(w: TradeWorld) {
    const now = w.m.now();
    const session = w.m.feed.session();
    let target = now + 1_000;
    if (session.phase !== 'continuous') {
      const todayOpen = nextOpenAfter(now - 86_400_000);
      target = (todayOpen > now ? todayOpen : nextOpenAfter(now)) + 30_000;
    }
    w.m.advance(target - now);
    await afterAdvance(w, 'settle', 'the next opening');
  },
});

const settleOperation: fc.Arbitrary<TradeOperation> = fc.constant({
  describe: 'settle: sweep and jobs',
  async run(w: TradeWorld) {
    await afterAdvance(w, 'settle', 'a settle');
  },
});

/** New terms for a product: the defaults back, or a variation of each term. */
function termsArb(code: TradeProductCode): fc.Arbitrary<TradeProductTerms> {
  const varied = fc
    .record({
      lotSize: fc.constantFrom(1, 10, 100),
      leverages: fc.uniqueArray(fc.constantFrom(1, 2, 3, 5, 10, 20, 30), {
        minLength: 1,
        maxLength: 4,
      }),
      minOpenAmount: fc.constantFrom(0, 10_000, 1_000_000, 5_000_000, 50_000_000),
      lock: fc.constantFrom(
        { kind: 'minutes' as const, count: 0 },
        { kind: 'minutes' as const, count: 1 },
        { kind: 'minutes' as const, count: 15 },
        { kind: 'days' as const, count: 1 },
      ),
      commissionPpm: fc.constantFrom(0, 150, 300, 1_000),
      // High shares make forced closes common: at 99 % a loss of 1 % of the margin closes.
      maintenancePct: fc.constantFrom(0, 50, 90, 99),
      closesAtSessionEnd: fc.boolean(),
      enabled: fc.oneof(
        { arbitrary: fc.constant(true), weight: 9 },
        { arbitrary: fc.constant(false), weight: 1 },
      ),
    })
    .map((t): TradeProductTerms => ({ code, ...t }));
  return fc.oneof(
    { arbitrary: fc.constant(structuredClone(DEFAULT_PRODUCTS[code])), weight: 1 },
    { arbitrary: varied, weight: 2 },
  );
}

const staffOperation: fc.Arbitrary<TradeOperation> = fc
  .constantFrom<TradeProductCode>(...PLACED_PRODUCTS)
  .chain(termsArb)
  .map((terms) => ({
    describe: `staff set ${terms.code} ${JSON.stringify({ ...terms, code: undefined })}`,
    async run(w) {
      const answer = await staffCall(w.t.app, '/products/set', terms, w.operator.token);
      const after = { ...terms, leverages: [...terms.leverages].sort((a, b) => a - b) };
      expect(expectSuccess<TradeProductTerms>(answer)).toMatchObject(after);
      w.products[terms.code] = after;
      w.maxLeverage = Math.max(w.maxLeverage, ...after.leverages);
    },
  }));

export function tradeOperations(count: number) {
  return [
    { arbitrary: placeOperation(count), weight: 6 },
    { arbitrary: cancelOperation(count), weight: 2 },
    { arbitrary: closeOperation(count), weight: 3 },
    { arbitrary: advanceOperation, weight: 3 },
    { arbitrary: settleOperation, weight: 1 },
    { arbitrary: morningOperation, weight: 1 },
    { arbitrary: staffOperation, weight: 1 },
  ];
}
