import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorCode, OrderPreviewDto, TradeOrderDto } from '../../contract';
import { IDEMPOTENCY_KEY_HEADER, tickSize } from '../../contract';
import { ACCOUNT_EVENTS } from '../../machines/account';
import { tradeOrders } from '../../server/db/schema';
import { accountLifecycle, applyEvent } from '../../server/lifecycle';
import { DEFAULT_PRODUCTS } from '../../server/modules/trade/products';
import { rowCounts } from '../support/lifecycle-paths';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Envelope } from './api-helpers';
import { call, expectRefusal, expectSuccess } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import type { Trader, TradingMarket } from './trade-helpers';
import { availableWon, newTrader, order, place, tradingMarket } from './trade-helpers';
import { FUND } from './withdrawal-helpers';

/**
 * Every refusal of the order path (docs/trading.md "Placing an order"), in the order the server
 * checks them, each with its code and parameters, through `/trade/place` on a market the test
 * holds still (2026-11-25 11:00 Seoul, continuous trading). After each refusal nothing changed:
 * no table has a row more or less, and the trader's money is where it was. Then the request
 * rules of the call: the per-session rate limit and the Idempotency-Key.
 */

const SYMBOL = '005930';
const FUNDS = 10_000_000;

describe.each(databaseKinds)('refusals of the order path on %s', (kind) => {
  let t: TestApp;
  let m: TradingMarket;
  let trader: Trader;
  let operator: SignedInStaff;

  beforeAll(async () => {
    m = tradingMarket();
    t = await buildTestApp(kind, {}, { clock: m.clock, market: m.market });
    trader = await newTrader(t.app, t.db, t.demoCode, FUNDS);
    operator = await signInNewStaff(t.app, t.db, 'operator');
  });
  afterAll(() => t?.close());

  const quote = () => {
    const q = t.app.maru.feed.quote(SYMBOL);
    if (!q) throw new Error(`no quote for ${SYMBOL}`);
    return q;
  };

  /** Every table's row count and the trader's available won. */
  const state = async (who: Trader = trader) => ({
    rows: await rowCounts(t.db),
    available: await availableWon(t.app, who),
  });

  /** Sends, expects the refusal (and its parameters), and that nothing changed. */
  async function refused(
    send: () => Promise<LightMyRequestResponse>,
    code: ErrorCode,
    httpStatus = 400,
    who: Trader = trader,
  ): Promise<Envelope> {
    const before = await state(who);
    const answer = expectRefusal(await send(), code, httpStatus);
    expect(await state(who)).toEqual(before);
    return answer;
  }

  const setProduct = async (terms: typeof DEFAULT_PRODUCTS.stock) =>
    expectSuccess(await staffCall(t.app, '/products/set', terms, operator.token));

  it('refuses a customer whose trading is barred (account.trading_barred, 403)', async () => {
    const barred = await newTrader(t.app, t.db, t.demoCode, FUNDS);
    await applyEvent(t.db, {
      lifecycle: accountLifecycle,
      id: barred.id,
      event: { type: ACCOUNT_EVENTS.tradingBarred.set, reason: 'Test' },
      actor: { kind: 'system', id: null },
    });
    await refused(() => place(t.app, barred, order()), 'account.trading_barred', 403, barred);
    // The preview says the same: it runs the same checks.
    expectRefusal(
      await call(t.app, '/trade/preview', order(), { session: barred.session }),
      'account.trading_barred',
      403,
    );
  });

  it('refuses a product staff unlisted, and block trades (trade.product_unavailable)', async () => {
    await setProduct({ ...DEFAULT_PRODUCTS.stock, enabled: false });
    try {
      await refused(() => place(t.app, trader, order({ lots: 1 })), 'trade.product_unavailable');
    } finally {
      await setProduct(DEFAULT_PRODUCTS.stock);
    }
    // Listed again, the same order is taken.
    expectSuccess(await place(t.app, trader, order({ lots: 1 })));
    // Block trades are applied for, never placed.
    await refused(
      () => place(t.app, trader, order({ product: 'block' })),
      'trade.product_unavailable',
    );
  });

  it('refuses a stock that does not exist (market.unknown_symbol, 404)', async () => {
    await refused(
      () => place(t.app, trader, order({ symbol: '999999' })),
      'market.unknown_symbol',
      404,
    );
  });

  it('refuses a leverage the product does not offer, naming those it does', async () => {
    const stock = await refused(
      () => place(t.app, trader, order({ leverage: 4 })),
      'trade.invalid_leverage',
    );
    expect(stock.params).toMatchObject({ allowed: '1, 2, 3, 5, 10' });
    const day = await refused(
      () => place(t.app, trader, order({ product: 'dayTrading', leverage: 1 })),
      'trade.invalid_leverage',
    );
    expect(day.params).toMatchObject({ allowed: '2, 5, 10, 20' });
  });

  it('refuses a market order with a price (trade.market_price_not_allowed)', async () => {
    await refused(
      () => place(t.app, trader, order({ type: 'market', price: quote().price })),
      'trade.market_price_not_allowed',
    );
  });

  it('refuses a limit price off the tick, naming the tick', async () => {
    const bid = quote().bid ?? 0;
    const answer = await refused(
      () => place(t.app, trader, order({ type: 'limit', price: bid + 1 })),
      'trade.price_not_on_tick',
    );
    expect(answer.params).toMatchObject({ tick: tickSize(bid + 1) });
  });

  it('refuses a limit price outside the daily limits, naming them', async () => {
    const { lowerLimit, upperLimit } = quote();
    const limits = {
      lower: lowerLimit.toLocaleString('en-US'),
      upper: upperLimit.toLocaleString('en-US'),
    };
    for (const price of [upperLimit + tickSize(upperLimit), lowerLimit - tickSize(lowerLimit)]) {
      const answer = await refused(
        () => place(t.app, trader, order({ type: 'limit', price })),
        'trade.price_limit',
      );
      expect(answer.params).toEqual(limits);
    }
    // At the limits themselves an order is taken (the lower one rests: nobody sells that low).
    const atLower = expectSuccess<TradeOrderDto>(
      await place(t.app, trader, order({ type: 'limit', price: lowerLimit, lots: 1 })),
    );
    expect(atLower.state).toBe('pending');
    expectSuccess(
      await call(t.app, '/trade/cancel', { id: atLower.id }, { session: trader.session }),
    );
  });

  it('refuses more shares than a market can take (trade.invalid_lots)', async () => {
    await refused(() => place(t.app, trader, order({ lots: 1_000_000_000 })), 'trade.invalid_lots');
  });

  it('refuses an order below the product’s minimum opening amount, naming it', async () => {
    // The cheapest stock of the market: one share of it is far below day trading's 100,000.
    const cheap = t.app.maru.feed
      .instruments()
      .map((i) => t.app.maru.feed.quote(i.code))
      .filter((q) => q !== undefined && q.price > 0)
      .sort((a, b) => (a?.price ?? 0) - (b?.price ?? 0))[0];
    if (!cheap) throw new Error('no quotes');
    expect(cheap.price * DEFAULT_PRODUCTS.dayTrading.lotSize).toBeLessThan(100_000);
    const answer = await refused(
      () =>
        place(
          t.app,
          trader,
          order({ product: 'dayTrading', symbol: cheap.code, lots: 1, leverage: 2 }),
        ),
      'trade.below_min_open',
    );
    expect(answer.params).toEqual({ min: '100,000' });
  });

  it('refuses an order whose margin, fee and tax are more than is available, naming both', async () => {
    const poor = await newTrader(t.app, t.db, t.demoCode, 100_000);
    const body = order({ lots: 10, leverage: 2 });
    const preview = expectSuccess<OrderPreviewDto>(
      await call(t.app, '/trade/preview', body, { session: poor.session }),
    );
    expect(preview.total).toBeGreaterThan(100_000);
    expect(preview.refusal?.code).toBe('trade.insufficient_margin');
    const answer = await refused(
      () => place(t.app, poor, body),
      'trade.insufficient_margin',
      400,
      poor,
    );
    expect(answer.params).toEqual({
      needed: preview.total.toLocaleString('en-US'),
      available: '100,000',
    });
  });

  it('counts a wrong fund password and places nothing', async () => {
    const body = order({ lots: 1, fundPassword: '000000' });
    const first = expectRefusal(await place(t.app, trader, body), 'fund_password.wrong', 400);
    const before = await state();
    const second = expectRefusal(await place(t.app, trader, body), 'fund_password.wrong', 400);
    const left = (e: Envelope) => Number(e.params?.attemptsLeft);
    expect(left(second)).toBe(left(first) - 1);
    // The count is the only write: no order, no money moved.
    const after = await state();
    expect(after.available).toBe(before.available);
    expect(after.rows.trade_orders).toBe(before.rows.trade_orders);
    expect(after.rows.postings).toBe(before.rows.postings);
    // The right one places the order.
    const placedOrder = expectSuccess<TradeOrderDto>(
      await place(t.app, trader, { ...body, fundPassword: FUND }),
    );
    expect(placedOrder.state).toBe('holding.locked');
  });

  it('requires an Idempotency-Key', async () => {
    await refused(
      () => call(t.app, '/trade/place', order(), { session: trader.session }),
      'request.idempotency_key_required',
    );
  });

  it('answers the same key and body once: one order, one hold', async () => {
    const key = randomUUID();
    // A limit order at the lower limit rests: what it costs is held.
    const body = order({ type: 'limit', price: quote().lowerLimit, lots: 2 });
    const ordersOf = async () =>
      (await t.db.select().from(tradeOrders).where(eq(tradeOrders.customerId, trader.id))).length;
    const [before, count] = [await availableWon(t.app, trader), await ordersOf()];
    const first = expectSuccess<TradeOrderDto>(await place(t.app, trader, body, key));
    const second = expectSuccess<TradeOrderDto>(await place(t.app, trader, body, key));
    expect(first.state).toBe('pending');
    expect(second).toEqual(first);
    expect(await ordersOf()).toBe(count + 1);
    expect(await availableWon(t.app, trader)).toBe(before - first.margin - first.fee - first.tax);
    // The same key with another body is refused, and changes nothing.
    await refused(
      () => place(t.app, trader, order({ lots: 3 }), key),
      'request.idempotency_mismatch',
      422,
    );
  });

  it('refuses a malformed Idempotency-Key', async () => {
    await refused(
      () =>
        call(t.app, '/trade/place', order(), {
          session: trader.session,
          headers: { [IDEMPOTENCY_KEY_HEADER]: 'é'.repeat(3) },
        }),
      'request.idempotency_key_invalid',
    );
  });
});

describe.each(databaseKinds)('the order path outside trading time and under load on %s', (kind) => {
  it('refuses orders before the opening with the session in words, and takes them at 09:00', async () => {
    // 2026-11-25 08:40 Seoul: the opening auction's order book, no continuous trading yet.
    const m = tradingMarket({ start: Date.parse('2026-11-24T23:40:00.000Z') });
    const t = await buildTestApp(kind, {}, { clock: m.clock, market: m.market });
    try {
      const early = await newTrader(t.app, t.db, t.demoCode, FUNDS);
      const before = await rowCounts(t.db);
      const answer = expectRefusal(await place(t.app, early, order()), 'trade.closed', 400);
      expect(String(answer.params?.session)).not.toBe('');
      expect(await rowCounts(t.db)).toEqual(before);
      expect(await availableWon(t.app, early)).toBe(FUNDS);
      m.advance(21 * 60_000);
      expect(expectSuccess<TradeOrderDto>(await place(t.app, early, order())).state).toBe(
        'holding.locked',
      );
    } finally {
      await t.close();
    }
  });

  it('refuses a Saturday (no KRX session)', async () => {
    const m = tradingMarket({ start: Date.parse('2026-11-28T02:00:00.000Z') });
    const t = await buildTestApp(kind, {}, { clock: m.clock, market: m.market });
    try {
      const weekend = await newTrader(t.app, t.db, t.demoCode, FUNDS);
      const before = await rowCounts(t.db);
      expectRefusal(await place(t.app, weekend, order()), 'trade.closed', 400);
      expect(await rowCounts(t.db)).toEqual(before);
    } finally {
      await t.close();
    }
  });

  it('refuses a session placing too often (request.too_often, 429), changing nothing', async () => {
    const m = tradingMarket();
    const t = await buildTestApp(
      kind,
      { orderRateLimit: { max: 3, windowMs: 60_000 } },
      { clock: m.clock, market: m.market },
    );
    try {
      const busy = await newTrader(t.app, t.db, t.demoCode, FUNDS);
      for (let i = 0; i < 3; i += 1) {
        expectSuccess(await place(t.app, busy, order({ lots: 1 })));
      }
      const before = { rows: await rowCounts(t.db), available: await availableWon(t.app, busy) };
      expectRefusal(await place(t.app, busy, order({ lots: 1 })), 'request.too_often', 429);
      expect({ rows: await rowCounts(t.db), available: await availableWon(t.app, busy) }).toEqual(
        before,
      );
      // The limit is the session's: another customer still places.
      const calm = await newTrader(t.app, t.db, t.demoCode, FUNDS);
      expectSuccess(await place(t.app, calm, order({ lots: 1 })));
    } finally {
      await t.close();
    }
  });
});
