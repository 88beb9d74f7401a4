import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPreviewDto, TradeOrderDto } from '../../contract';
import { tradeOrders } from '../../server/db/schema';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { call, envelope, expectSuccess } from './api-helpers';
import type { Trader, TradingMarket } from './trade-helpers';
import { fund } from './withdrawal-helpers';
import {
  availableWon,
  newTrader,
  order,
  orderOf,
  place,
  placed,
  tradingMarket,
} from './trade-helpers';

/**
 * `/trade/place` answers the order from the row it inserted (and the fill's state), not from a
 * read after it; the money is posted after the fill. These check that the answer is the order as
 * stored, and that an order the ledger cannot pay for leaves nothing behind, fill included, when
 * several race for one balance (on PostgreSQL they run at once; on PGlite one after another).
 */
describe.each(databaseKinds)('placing orders on %s: answers and races', (kind) => {
  let t: TestApp;
  let m: TradingMarket;
  let trader: Trader;

  beforeAll(async () => {
    m = tradingMarket();
    t = await buildTestApp(kind, {}, { clock: m.clock, market: m.market });
    trader = await newTrader(t.app, t.db, t.demoCode, 50_000_000);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ['a market long, filled', { lots: 3, leverage: 2 }],
    ['a market short, filled with the sell tax', { side: 'short' as const, lots: 2, leverage: 5 }],
  ])('answers %s as the order reads afterwards', async (_name, fields) => {
    const answer = await placed(t.app, trader, fields);
    expect(answer.state).toBe('holding.locked');
    expect(answer).toEqual(await orderOf(t.app, trader, answer.id));
  });

  it('answers a resting limit order as the order reads afterwards', async () => {
    const quote = m.feed.quote('005930');
    if (!quote) throw new Error('no quote');
    const answer = await placed(t.app, trader, {
      type: 'limit',
      price: quote.lowerLimit,
      lots: 1,
    });
    expect(answer.state).toBe('pending');
    expect(answer).toEqual(await orderOf(t.app, trader, answer.id));
  });

  it('fills only the orders the balance pays for when they race; the others leave no trace', async () => {
    const racer = await newTrader(t.app, t.db, t.demoCode, 0);
    const body = order({ lots: 10, leverage: 1 });
    const preview = expectSuccess<OrderPreviewDto>(
      await call(t.app, '/trade/preview', body, { session: trader.session }),
    );
    // Enough for two such orders, not three.
    const funds = preview.total * 2 + Math.floor(preview.total / 2);
    await fund(t.db, racer.id, 'KRW', funds);
    const answers = await Promise.all(Array.from({ length: 5 }, () => place(t.app, racer, body)));
    const bodies = answers.map((a) => envelope(a));
    const filled = bodies.filter((b) => b.status === 1);
    expect(filled).toHaveLength(2);
    for (const refused of bodies.filter((b) => b.status !== 1)) {
      expect(refused.code).toBe('trade.insufficient_margin');
    }
    const rows = await t.db
      .select({ id: tradeOrders.id, state: tradeOrders.state })
      .from(tradeOrders)
      .where(eq(tradeOrders.customerId, racer.id));
    expect(rows.map((r) => r.state)).toEqual(['holding.locked', 'holding.locked']);
    const placedIds = filled.map((b) => (b.data as TradeOrderDto).id).sort((a, b) => a - b);
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(placedIds);
    const taken = filled
      .map((b) => b.data as TradeOrderDto)
      .reduce((sum, o) => sum + o.margin + o.fee + o.tax, 0);
    expect(await availableWon(t.app, racer)).toBe(funds - taken);
  });
});
