import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  OrderPreviewDto,
  OrdersDto,
  PortfolioDto,
  TradeOrderDto,
  TradeProductsDto,
} from '../../contract';
import { auditLedger } from '../../server/ledger';
import type { TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import { call, expectRefusal, expectSuccess } from './api-helpers';
import type { Trader, TradingMarket } from './trade-helpers';
import {
  availableWon,
  closeOrder,
  newTrader,
  order,
  orderOf,
  place,
  placed,
  settleMarket,
  tradingMarket,
} from './trade-helpers';

/**
 * The order path through the real app on a market the test moves (docs/trading.md): products,
 * preview, market and limit orders, the money each step holds, pledges and releases, the T+1
 * lock, closing with realised P&L, cancelling.
 */
describe('trading: orders and positions', () => {
  let t: TestApp;
  let m: TradingMarket;
  let trader: Trader;
  const START = 10_000_000;

  beforeAll(async () => {
    m = tradingMarket();
    t = await buildTestApp('pglite', {}, { clock: m.clock, market: m.market });
    trader = await newTrader(t.app, t.db, t.demoCode, START);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the four products, open in continuous trading', async () => {
    const answer = expectSuccess<TradeProductsDto>(
      await call(t.app, '/trade/products', {}, { session: trader.session }),
    );
    expect(answer.products.map((p) => p.code)).toEqual([
      'stock',
      'dayTrading',
      'bulkDayTrading',
      'block',
    ]);
    expect(answer.products.every((p) => p.openNow)).toBe(true);
    expect(answer.demo).toBe(false);
  });

  it('previews an order without changing anything', async () => {
    const before = await availableWon(t.app, trader);
    const preview = expectSuccess<OrderPreviewDto>(
      await call(t.app, '/trade/preview', order({ lots: 10, leverage: 2 }), {
        session: trader.session,
      }),
    );
    expect(preview.refusal).toBeNull();
    expect(preview.price).toBeGreaterThan(0);
    expect(preview.notional).toBe((preview.price ?? 0) * 10);
    expect(preview.margin).toBe(Math.ceil(preview.notional / 2));
    expect(preview.total).toBe(preview.margin + preview.fee + preview.tax);
    expect(await availableWon(t.app, trader)).toBe(before);
  });

  it('answers a refusal in the preview: a leverage the product does not offer', async () => {
    const preview = expectSuccess<OrderPreviewDto>(
      await call(t.app, '/trade/preview', order({ leverage: 7 }), { session: trader.session }),
    );
    expect(preview.refusal?.code).toBe('trade.invalid_leverage');
    expect(preview.refusal?.msg).toContain('1, 2, 3, 5, 10');
  });

  it('fills a market long at once, takes margin, fee and no tax, and locks it until T+1', async () => {
    const before = await availableWon(t.app, trader);
    const filled = await placed(t.app, trader, { lots: 10, leverage: 5 });
    expect(filled.state).toBe('holding.locked');
    expect(filled.fillPrice).toBeGreaterThan(0);
    expect(filled.tax).toBe(0);
    expect(filled.margin).toBe(Math.ceil(((filled.fillPrice ?? 0) * 10) / 5));
    expect(await availableWon(t.app, trader)).toBe(before - filled.margin - filled.fee);
    // T+1: the next trading day's opening, 2026-11-26 09:00 Seoul.
    expect(filled.unlockAt).toBe('2026-11-26T00:00:00.000Z');
    const refused = expectRefusal(
      await closeOrder(t.app, trader, filled.id),
      'trade.sell_locked',
      400,
    );
    expect(refused.params).toMatchObject({ until: '2026.11.26 09:00' });
  });

  it('rests a limit order the book does not offer, holds its cost, and fills when the market trades through', async () => {
    // A long limit at the best bid rests (the asks are above it) until a trade reaches it.
    const quote = t.app.maru.feed.quote('000070');
    const price = quote?.bid ?? 0;
    expect(quote?.ask).toBeGreaterThan(price);
    const before = await availableWon(t.app, trader);
    const resting = await placed(t.app, trader, {
      symbol: '000070',
      type: 'limit',
      price,
      lots: 5,
      leverage: 1,
    });
    expect(resting.state).toBe('pending');
    expect(resting.limitPrice).toBe(price);
    expect(await availableWon(t.app, trader)).toBe(before - resting.margin - resting.fee);
    let filled = 0;
    for (let step = 0; step < 120 && filled === 0; step += 1) {
      m.advance(5_000);
      filled = (await settleMarket(t.app, m.clock)).filled;
    }
    expect(filled).toBe(1);
    const position = await orderOf(t.app, trader, resting.id);
    expect(position.state).toBe('holding.locked');
    expect(position.fillPrice).toBe(price);
    expect(position.margin).toBe(resting.margin);
    expect(await availableWon(t.app, trader)).toBe(before - resting.margin - resting.fee);
  });

  it('cancels a pending order and gives back what it held; a second cancel is refused', async () => {
    const price = t.app.maru.feed.quote('005930')?.lowerLimit ?? 0;
    const before = await availableWon(t.app, trader);
    const resting = await placed(t.app, trader, { type: 'limit', price, lots: 1 });
    expect(resting.accepts).toContain('order.cancel');
    const cancelled = expectSuccess<TradeOrderDto>(
      await call(t.app, '/trade/cancel', { id: resting.id }, { session: trader.session }),
    );
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.cancelledBy).toBe('customer');
    expect(await availableWon(t.app, trader)).toBe(before);
    expectRefusal(
      await call(t.app, '/trade/cancel', { id: resting.id }, { session: trader.session }),
      'trade.not_pending',
      400,
    );
  });

  it('unlocks on the clock and closes with the realised P&L posted', async () => {
    // Day trading locks a position for 15 minutes.
    const first = await placed(t.app, trader, { product: 'dayTrading', lots: 2, leverage: 5 });
    expect(first.state).toBe('holding.locked');
    const list = expectSuccess<OrdersDto>(
      await call(t.app, '/trade/orders', { tab: 'holding' }, { session: trader.session }),
    );
    expect(list.rows.map((r) => r.id)).toContain(first.id);
    m.advance(16 * 60_000);
    await settleMarket(t.app, m.clock);
    expect((await orderOf(t.app, trader, first.id)).state).toBe('holding.closable');
    const before = await availableWon(t.app, trader);
    const closed = expectSuccess<TradeOrderDto>(await closeOrder(t.app, trader, first.id));
    expect(closed.state).toBe('closed');
    expect(closed.closedBy).toBe('customer');
    const gross = ((closed.closePrice ?? 0) - (closed.fillPrice ?? 0)) * closed.shares;
    const closingCosts = closed.fee + closed.tax - first.fee - first.tax;
    expect(await availableWon(t.app, trader)).toBe(before + closed.margin + gross - closingCosts);
    expect(closed.realisedPnl).toBe(gross - closed.fee - closed.tax);
    expect(closed.tax).toBeGreaterThan(0);
    expectRefusal(await closeOrder(t.app, trader, first.id), 'trade.not_holding', 400);
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('sums positions into total assets', async () => {
    const answer = expectSuccess<PortfolioDto>(
      await call(t.app, '/trade/portfolio', {}, { session: trader.session }),
    );
    expect(answer.holdingCount).toBeGreaterThanOrEqual(1);
    expect(answer.totalAssets).toBe(answer.cash + answer.margin + answer.unrealisedPnl);
  });

  it('refuses an order outside trading time with the session in words', async () => {
    // 21:00 Seoul: after the after-hours sessions.
    const night = tradingMarket({ start: Date.parse('2026-11-25T12:00:00.000Z') });
    const late = await buildTestApp('pglite', {}, { clock: night.clock, market: night.market });
    try {
      const owl = await newTrader(late.app, late.db, late.demoCode, START);
      const refused = expectRefusal(await place(late.app, owl, order()), 'trade.closed', 400);
      expect(String(refused.params?.session)).not.toBe('');
      expect(await availableWon(late.app, owl)).toBe(START);
    } finally {
      await late.close();
    }
  });
});
