import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeOrderDto } from '../../contract';
import { tradeOrders } from '../../server/db/schema';
import { runDueJobs } from '../../server/lifecycle';
import { sweepOrders } from '../../server/modules/trade';
import { dueAction } from '../../server/modules/trade/matcher';
import type { TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import type { Trader, TradingMarket } from './trade-helpers';
import { availableWon, newTrader, orderOf, placed, tradingMarket } from './trade-helpers';

/**
 * The engine's sweep against the clock's jobs: an order rests until the session's end, so the
 * sweep leaves one whose end has passed for its expiry job even when the market trades through
 * it (the job runner down overnight, or a sweep at start-up before the jobs have run).
 */
describe('the sweep and the session end', () => {
  let t: TestApp;
  let m: TradingMarket;
  let trader: Trader;
  const START = 50_000_000;

  beforeAll(async () => {
    m = tradingMarket();
    t = await buildTestApp('pglite', {}, { clock: m.clock, market: m.market });
    trader = await newTrader(t.app, t.db, t.demoCode, START);
  });
  afterAll(() => t?.close());

  /** A resting limit at the last trade's price, on the side the book does not offer: due now. */
  async function dueRestingOrder(): Promise<TradeOrderDto> {
    for (let tries = 0; tries < 60; tries += 1) {
      for (const symbol of ['005930', '000070', '035720', '247540']) {
        const quote = t.app.maru.feed.quote(symbol);
        if (!quote || quote.vi) continue;
        const side =
          quote.price === quote.bid ? 'long' : quote.price === quote.ask ? 'short' : null;
        if (side === null) continue;
        return placed(t.app, trader, { symbol, side, type: 'limit', price: quote.price, lots: 3 });
      }
      m.advance(1_000);
    }
    throw new Error('no stock traded at its best bid or ask');
  }

  it('fills a resting order the market traded through before its session ends', async () => {
    const resting = await dueRestingOrder();
    expect(resting.state).toBe('pending');
    expect((await sweepOrders(t.app.maru)).filled).toBe(1);
    expect((await orderOf(t.app, trader, resting.id)).state).toBe('holding.locked');
  });

  it('leaves an order whose session ended to its expiry job, however the market trades', async () => {
    const before = await availableWon(t.app, trader);
    const resting = await dueRestingOrder();
    const [row] = await t.db.select().from(tradeOrders).where(eq(tradeOrders.id, resting.id));
    if (!row) throw new Error('no order row');
    expect(dueAction(t.app.maru, row, m.clock.now())).toBe('fill');
    // As the next morning finds it when the expiry job has not run: its session is over.
    const ended = new Date(m.now() - 1_000);
    await t.db.update(tradeOrders).set({ expiresAt: ended }).where(eq(tradeOrders.id, row.id));
    expect(dueAction(t.app.maru, { ...row, expiresAt: ended }, m.clock.now())).toBeNull();
    expect((await sweepOrders(t.app.maru)).filled).toBe(0);
    expect((await orderOf(t.app, trader, resting.id)).state).toBe('pending');

    // Its expiry job, written for the session's end when it was placed, then runs.
    await runDueJobs(t.db, { now: row.expiresAt });
    const expired = await orderOf(t.app, trader, resting.id);
    expect(expired).toMatchObject({ state: 'cancelled', cancelledBy: 'sessionEnd' });
    expect(await availableWon(t.app, trader)).toBe(before);
  });
});
