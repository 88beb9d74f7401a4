import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDetailDto, TradeOrderDto, TradeProductTerms } from '../../contract';
import type { OrderContext, OrderEvent } from '../../machines/order';
import { lifecycleJobs, tradeOrders } from '../../server/db/schema';
import { applyEvent, orderLifecycle } from '../../server/lifecycle';
import { sweepOrders } from '../../server/modules/trade';
import { closePosition } from '../../server/modules/trade/close-order';
import { fillRestingOrder } from '../../server/modules/trade/fill-order';
import { DEFAULT_PRODUCTS } from '../../server/modules/trade/products';
import type { LifecycleAdapter, SendResult } from '../support/lifecycle-paths';
import {
  describeLifecyclePaths,
  resultOfAnswer,
  resultOfCall,
  sendClockEvent,
} from '../support/lifecycle-paths';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { call, expectRefusal, expectSuccess } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
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
import { readMessages } from './message-helpers';

/**
 * Every path of the order machine (machines/order.ts) through the real app on a simulated market
 * the test moves (2026-11-25 11:00 Seoul, continuous trading). Each path's order is a day-trading
 * limit long at the best bid, so it rests (`pending`); the operator sets the product's terms
 * before it is placed, from the events the path will send: a 15-minute lock or none (the sample
 * fill whose `unlockAt` is its time), and a maintenance share of 99 % at leverage 20 where the
 * path has a forced close (a one-tick fall reaches it), else 0 (never forced).
 *
 * How the system sends each event:
 * - `order.fill`: the market moves (2 s steps) and the engine's sweep runs until the market has
 *   traded through the limit;
 * - `order.forceClose`: the market moves and the sweep runs until the position is closed by the
 *   maintenance rule;
 * - `order.settle`: the sweep runs at the session's end (the order's `expires_at`, 15:20), as the
 *   job runner runs a clock job at its due time, without simulating the afternoon;
 * - `lock.elapsed`, `order.expire`: the job the order scheduled, run at its due time;
 * - `order.cancel`, `order.close`: the customer's calls.
 * Where the system would not send the event at all (a fill of a position, a forced close of a
 * pending order, a lock that has no job left), it goes to the engine as the system, which must
 * refuse it with the machine's code and write nothing (the harness's convention).
 */

interface PathOrder {
  id: number;
  trader: Trader;
}

const SYMBOL = '005930';
const FUNDS = 10_000_000;
const SYSTEM = { kind: 'system', id: null } as const;

/** Each app's market, so the adapter can move the one its app reads. */
const markets = new WeakMap<FastifyInstance, TradingMarket>();

async function buildTradingApp(kind: Parameters<typeof buildTestApp>[0]): Promise<TestApp> {
  const m = tradingMarket();
  const t = await buildTestApp(kind, {}, { clock: m.clock, market: m.market });
  markets.set(t.app, m);
  return t;
}

/** The day-trading terms a path's order is placed on. */
function termsFor(events: readonly OrderEvent[]): TradeProductTerms {
  const unlocked = events.some((e) => e.type === 'order.fill' && e.unlockAt === e.at);
  const forced = events.some((e) => e.type === 'order.forceClose');
  return {
    ...DEFAULT_PRODUCTS.dayTrading,
    lock: { kind: 'minutes', count: unlocked ? 0 : 15 },
    maintenancePct: forced ? 99 : 0,
  };
}

/**
 * The stored context matches the machine's replay of the sample events where the market decides
 * the figures: the same fields set, the same causes, a positive whole price wherever the sample
 * has one, and the lock as long after the fill as the sample's (15 minutes, or none).
 */
function contextMatches(expected: OrderContext, actual: OrderContext): boolean {
  const keys = Object.keys(expected) as (keyof OrderContext)[];
  if (keys.some((k) => (expected[k] === null) !== (actual[k] === null))) return false;
  if (expected.closedBy !== actual.closedBy || expected.cancelledBy !== actual.cancelledBy) {
    return false;
  }
  const price = (v: number | null) => v === null || (Number.isSafeInteger(v) && v > 0);
  if (!price(actual.fillPrice) || !price(actual.closePrice)) return false;
  const lockOf = (c: OrderContext) =>
    c.unlockAt === null || c.filledAt === null
      ? null
      : Date.parse(c.unlockAt) - Date.parse(c.filledAt);
  if (lockOf(expected) !== lockOf(actual)) return false;
  return (
    actual.closedAt === null ||
    actual.filledAt === null ||
    Date.parse(actual.closedAt) >= Date.parse(actual.filledAt)
  );
}

describeLifecyclePaths({
  name: 'order',
  lifecycle: orderLifecycle,
  buildApp: buildTradingApp,
  // A forced close after the lock waits for the market to fall a tick: up to 240 sweeps, each a
  // few queries: over 30 s on a slow two-core machine beside the other test files.
  pathTimeoutMs: 120_000,
  adapter: async (t): Promise<LifecycleAdapter<PathOrder, OrderContext, OrderEvent>> => {
    const m = markets.get(t.app);
    if (!m) throw new Error('no market for this app');
    const maru = t.app.maru;
    const operator: SignedInStaff = await signInNewStaff(t.app, t.db, 'operator');
    const errors: unknown[] = [];
    const sweep = async (now?: Date) => {
      await sweepOrders(maru, (error) => errors.push(error), now);
      if (errors.length > 0) throw errors[0];
    };
    const rowOf = async (o: PathOrder) => {
      const [row] = await t.db.select().from(tradeOrders).where(eq(tradeOrders.id, o.id));
      if (!row) throw new Error(`no order ${o.id}`);
      return row;
    };

    /** Sweeps, moving the market `stepMs` at a time, until `leaves` accepts the state. */
    const marketUntil = async (
      o: PathOrder,
      leaves: (state: string) => boolean,
      stepMs: number,
      steps: number,
    ): Promise<SendResult> => {
      for (let step = 0; step < steps; step += 1) {
        await sweep();
        if (leaves((await rowOf(o)).state)) return { ok: true };
        m.advance(stepMs);
      }
      return { ok: false, code: `the market did not move order ${o.id}`, httpStatus: null };
    };

    /**
     * A clock event: the order's job for it, run at its due time, when that job is the next one
     * the runner would run for the order; else the engine as the system (nothing scheduled it, or
     * an earlier job of the order comes first, as a day-trading lock before the session's end).
     */
    const clockEvent = async (o: PathOrder, event: OrderEvent): Promise<SendResult> => {
      const [next] = await t.db
        .select({ eventType: lifecycleJobs.eventType })
        .from(lifecycleJobs)
        .where(
          and(
            eq(lifecycleJobs.entityType, orderLifecycle.type),
            eq(lifecycleJobs.entityId, String(o.id)),
            eq(lifecycleJobs.status, 'pending'),
          ),
        )
        .orderBy(asc(lifecycleJobs.runAt), asc(lifecycleJobs.id))
        .limit(1);
      if (next?.eventType === event.type) {
        return sendClockEvent(t.db, orderLifecycle, o.id, event);
      }
      return resultOfCall(() =>
        applyEvent(t.db, { lifecycle: orderLifecycle, id: o.id, event, actor: SYSTEM }),
      );
    };

    return {
      async create(events) {
        expectSuccess(await staffCall(t.app, '/products/set', termsFor(events), operator.token));
        const trader = await newTrader(t.app, t.db, t.demoCode, FUNDS);
        const { bid, ask } = maru.feed.quote(SYMBOL) ?? {};
        if (bid == null || ask == null || ask <= bid) throw new Error(`no spread on ${SYMBOL}`);
        const order = await placed(t.app, trader, {
          product: 'dayTrading',
          symbol: SYMBOL,
          type: 'limit',
          price: bid,
          lots: 1,
          leverage: 20,
        });
        if (order.state !== 'pending') throw new Error(`order ${order.id} did not rest`);
        return { id: order.id, trader };
      },
      async send(o, event) {
        const row = await rowOf(o);
        const holding = row.state.startsWith('holding');
        switch (event.type) {
          case 'order.fill':
            return row.state === 'pending'
              ? marketUntil(o, (s) => s !== 'pending', 2_000, 900)
              : resultOfCall(() => fillRestingOrder(maru, row));
          case 'order.forceClose':
            // A one-tick fall at leverage 20 reaches a 99 % maintenance share.
            return holding
              ? marketUntil(o, (s) => s === 'closed', 30_000, 240)
              : resultOfCall(() => closePosition(maru, row, 'margin', SYSTEM));
          case 'order.settle':
            if (!holding) {
              return resultOfCall(() => closePosition(maru, row, 'sessionEnd', SYSTEM));
            }
            await sweep(row.expiresAt);
            return (await rowOf(o)).state === 'closed'
              ? { ok: true }
              : { ok: false, code: 'not settled at the session end', httpStatus: null };
          case 'order.cancel':
            return resultOfAnswer(
              await call(t.app, '/trade/cancel', { id: o.id }, { session: o.trader.session }),
            );
          case 'order.close':
            return resultOfAnswer(await closeOrder(t.app, o.trader, o.id));
          case 'lock.elapsed':
          case 'order.expire':
            return clockEvent(o, event);
        }
      },
      actorOf(event, o) {
        return event.type === 'order.cancel' || event.type === 'order.close'
          ? { kind: 'customer', id: o.trader.id }
          : SYSTEM;
      },
      contextMatches,
      // Message centre: the trader reads fills and forced closes, in each language.
      messages: (o, locale) => readMessages(t.app, o.trader.session, locale),
      async status(o) {
        const order: TradeOrderDto = await orderOf(t.app, o.trader, o.id);
        return { state: order.state, version: order.version, accepts: order.accepts };
      },
    };
  },
});

/**
 * What the engine does on its own, with the money: a forced close when equity reaches the
 * maintenance margin (the market moving, the sweep closing), and the session's end (the market
 * created at 15:05 and moved past 15:20): day-trading positions settled at the last price, a
 * resting order expired by its job with its hold released, a stock position kept and unlocked at
 * the next trading day's opening (T+1).
 */
describe.each(databaseKinds)('the order engine on %s', (kind) => {
  describe('a forced close', () => {
    let t: TestApp;
    let m: TradingMarket;
    beforeAll(async () => {
      m = tradingMarket();
      t = await buildTestApp(kind, {}, { clock: m.clock, market: m.market });
    });
    afterAll(() => t?.close());

    it('closes a leveraged position at the market once its equity reaches the maintenance margin', async () => {
      const operator = await signInNewStaff(t.app, t.db, 'operator');
      expectSuccess(
        await staffCall(
          t.app,
          '/products/set',
          { ...DEFAULT_PRODUCTS.dayTrading, maintenancePct: 99 },
          operator.token,
        ),
      );
      const trader = await newTrader(t.app, t.db, t.demoCode, FUNDS);
      const opened = await placed(t.app, trader, {
        product: 'dayTrading',
        symbol: SYMBOL,
        lots: 1,
        leverage: 20,
      });
      expect(opened.state).toBe('holding.locked');
      let forced = 0;
      for (let step = 0; step < 240 && forced === 0; step += 1) {
        forced = (await settleMarket(t.app, m.clock)).forced;
        if (forced === 0) m.advance(30_000);
      }
      expect(forced).toBe(1);
      const closed = await orderOf(t.app, trader, opened.id);
      expect(closed.state).toBe('closed');
      expect(closed.closedBy).toBe('margin');
      const fill = closed.fillPrice ?? 0;
      const close = closed.closePrice ?? 0;
      // A long closed by the maintenance rule closed at a loss.
      expect(close).toBeLessThan(fill);
      const pnl = (close - fill) * closed.shares;
      expect(closed.realisedPnl).toBe(pnl - closed.fee - closed.tax);
      expect(await availableWon(t.app, trader)).toBe(FUNDS + (closed.realisedPnl ?? 0));
      const detail = expectSuccess<OrderDetailDto>(
        await call(t.app, '/trade/order', { id: opened.id }, { session: trader.session }),
      );
      expect(detail.history.map((h) => [h.event, h.to, h.actor])).toEqual([
        ['order.fill', 'holding.locked', 'system'],
        ['order.forceClose', 'closed', 'system'],
      ]);
    });
  });

  describe("the session's end", () => {
    let t: TestApp;
    let m: TradingMarket;
    let trader: Trader;
    let day: TradeOrderDto;
    let stock: TradeOrderDto;
    let resting: TradeOrderDto;
    beforeAll(async () => {
      // 2026-11-25 15:05 Seoul: fifteen minutes of continuous trading left.
      m = tradingMarket({ start: Date.parse('2026-11-25T06:05:00.000Z') });
      t = await buildTestApp(kind, {}, { clock: m.clock, market: m.market });
      trader = await newTrader(t.app, t.db, t.demoCode, FUNDS);
    });
    afterAll(() => t?.close());

    it('takes orders until 15:20; a day-trading position is locked for 15 minutes', async () => {
      day = await placed(t.app, trader, { product: 'dayTrading', lots: 1, leverage: 5 });
      stock = await placed(t.app, trader, { lots: 5, leverage: 2 });
      const lower = t.app.maru.feed.quote(SYMBOL)?.lowerLimit ?? 0;
      resting = await placed(t.app, trader, { type: 'limit', price: lower, lots: 1 });
      expect([day.state, stock.state, resting.state]).toEqual([
        'holding.locked',
        'holding.locked',
        'pending',
      ]);
      expect(day.unlockAt).toBe('2026-11-25T06:20:00.000Z');
      const locked = expectRefusal(
        await closeOrder(t.app, trader, day.id),
        'trade.sell_locked',
        400,
      );
      expect(locked.params).toMatchObject({ until: '2026.11.25 15:20' });
      expect(await availableWon(t.app, trader)).toBe(
        FUNDS - [day, stock, resting].reduce((sum, o) => sum + o.margin + o.fee + o.tax, 0),
      );
    });

    it('settles day trading at the last price and expires the resting order at 15:20', async () => {
      m.advance(16 * 60_000);
      const summary = await settleMarket(t.app, m.clock);
      expect(summary).toMatchObject({ settled: 1, forced: 0 });
      const settled = await orderOf(t.app, trader, day.id);
      expect(settled.state).toBe('closed');
      expect(settled.closedBy).toBe('sessionEnd');
      expect(settled.closedAt).toBe(new Date(m.now()).toISOString());
      const pnl = ((settled.closePrice ?? 0) - (settled.fillPrice ?? 0)) * settled.shares;
      expect(settled.realisedPnl).toBe(pnl - settled.fee - settled.tax);
      const expired = await orderOf(t.app, trader, resting.id);
      expect(expired.state).toBe('cancelled');
      expect(expired.cancelledBy).toBe('sessionEnd');
      // The stock position is not a day-trading one: it stays, locked until T+1.
      expect((await orderOf(t.app, trader, stock.id)).state).toBe('holding.locked');
      expect(await availableWon(t.app, trader)).toBe(
        FUNDS + (settled.realisedPnl ?? 0) - stock.margin - stock.fee - stock.tax,
      );
      const history = expectSuccess<OrderDetailDto>(
        await call(t.app, '/trade/order', { id: day.id }, { session: trader.session }),
      ).history;
      expect(history.map((h) => [h.event, h.to, h.actor])).toEqual([
        ['order.fill', 'holding.locked', 'system'],
        ['order.settle', 'closed', 'system'],
      ]);
    });

    it('refuses orders after 15:20 and keeps the stock position locked until T+1', async () => {
      const before = await availableWon(t.app, trader);
      expectRefusal(await place(t.app, trader, order()), 'trade.closed', 400);
      const locked = expectRefusal(
        await closeOrder(t.app, trader, stock.id),
        'trade.sell_locked',
        400,
      );
      expect(locked.params).toMatchObject({ until: '2026.11.26 09:00' });
      expect(await availableWon(t.app, trader)).toBe(before);
    });

    it('unlocks the stock position at the next opening and closes it, settling T+2', async () => {
      // To 2026-11-26 09:01 Seoul.
      m.advance(Date.parse('2026-11-26T00:01:00.000Z') - m.now());
      await settleMarket(t.app, m.clock);
      expect((await orderOf(t.app, trader, stock.id)).state).toBe('holding.closable');
      const closed = expectSuccess<TradeOrderDto>(await closeOrder(t.app, trader, stock.id));
      expect(closed.state).toBe('closed');
      expect(closed.closedBy).toBe('customer');
      // Closed Thursday: the second trading day after is Monday 30 November (Seoul midnight).
      expect(closed.settlesAt).toBe('2026-11-29T15:00:00.000Z');
    });
  });
});
