import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import type { PlaceOrderRequest, TradeOrderDto } from '../../contract';
import { appClockOf } from '../../server/clock';
import type { AppClock } from '../../server/clock';
import type { Database } from '../../server/db/connect';
import { ManualClock, createMarketFeed } from '../../server/market';
import type { MarketFeed } from '../../server/market';
import { sweepOrders } from '../../server/modules/trade';
import type { SweepSummary } from '../../server/modules/trade';
import { runDueJobs } from '../../server/lifecycle';
import type { Session } from './api-helpers';
import { call, customerIdOf, expectSuccess, registerCustomer } from './api-helpers';
import { FUND, fund } from './withdrawal-helpers';

/**
 * The trading tests' world: the real app on a simulated market that the test moves. The feed and
 * the app's clock read one ManualClock, so the session, prices, fills, locks and expiries all
 * follow `advance`. Not demo mode unless asked: sessions and holidays apply.
 */
export interface TradingMarket {
  feed: MarketFeed;
  clock: AppClock;
  /** Moves the market and the app's clock by `ms` (the feed simulates every step on the way). */
  advance(ms: number): void;
  now(): number;
  market: { feed: MarketFeed; stop(): void };
}

/** 2026-11-25 (a Wednesday, a KRX trading day) 11:00 Seoul: continuous trading. */
export const TRADING_TIME = Date.parse('2026-11-25T02:00:00.000Z');
/**
 * Market-wide trades a second in the tests' market: a tenth of the app's 2,000. Prices move with
 * time, not with the number of trades; a test that moves the market minutes or hours at a time
 * spent most of its time simulating trades in symbols it never looks at.
 */
const TEST_TICKS_PER_SECOND = 200;

export function tradingMarket(
  options: { start?: number; demo?: boolean; seed?: string } = {},
): TradingMarket {
  const manual = new ManualClock(options.start ?? TRADING_TIME);
  const feed = createMarketFeed({
    kind: 'simulator',
    seed: options.seed ?? 'trade-tests',
    demo: options.demo ?? false,
    start: manual.now(),
    ticksPerSecond: TEST_TICKS_PER_SECOND,
  });
  return {
    feed,
    clock: appClockOf(manual),
    now: () => manual.now(),
    advance(ms) {
      manual.advance(ms);
      feed.advanceTo(manual.now());
    },
    market: { feed, stop: () => {} },
  };
}

export interface Trader {
  id: number;
  session: Session;
}

/** A registered customer with the fund password set and `won` in their available balance. */
export async function newTrader(
  app: FastifyInstance,
  db: Database,
  demoCode: string,
  won: number,
): Promise<Trader> {
  const session = await registerCustomer(app, demoCode);
  const id = await customerIdOf(db, session);
  expectSuccess(
    await call(
      app,
      '/user/fundPassword/set',
      { fundPassword: FUND, confirmFundPassword: FUND },
      { session },
    ),
  );
  if (won > 0) await fund(db, id, 'KRW', won);
  return { id, session };
}

/** An order for the stock product: a market long of `lots` unless told otherwise. */
export function order(fields: Partial<PlaceOrderRequest> = {}): PlaceOrderRequest {
  return {
    product: 'stock',
    symbol: '005930',
    side: 'long',
    type: 'market',
    lots: 10,
    leverage: 1,
    ...fields,
  };
}

/** POST /trade/place with a fresh Idempotency-Key unless one is given. */
export function place(
  app: FastifyInstance,
  trader: Trader,
  body: Partial<PlaceOrderRequest> & Record<string, unknown>,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return call(app, '/trade/place', body, {
    session: trader.session,
    headers: { 'idempotency-key': key },
  });
}

export async function placed(
  app: FastifyInstance,
  trader: Trader,
  body: Partial<PlaceOrderRequest>,
): Promise<TradeOrderDto> {
  return expectSuccess<TradeOrderDto>(await place(app, trader, order(body)));
}

export function closeOrder(
  app: FastifyInstance,
  trader: Trader,
  id: number,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return call(
    app,
    '/trade/close',
    { id },
    {
      session: trader.session,
      headers: { 'idempotency-key': key },
    },
  );
}

export async function orderOf(
  app: FastifyInstance,
  trader: Trader,
  id: number,
): Promise<TradeOrderDto> {
  return expectSuccess<{ order: TradeOrderDto }>(
    await call(app, '/trade/order', { id }, { session: trader.session }),
  ).order;
}

/** What the engine and the clock do now: the sweep, then the due jobs (unlocks, expiries). */
export async function settleMarket(app: FastifyInstance, clock: AppClock): Promise<SweepSummary> {
  const summary = await sweepOrders(app.maru);
  await runDueJobs(app.maru.db, { now: clock.now() });
  return summary;
}

/** The customer's available won (the ledger's stored balance). */
export async function availableWon(app: FastifyInstance, trader: Trader): Promise<number> {
  const rows = expectSuccess<{ currency: string; available: number }[]>(
    await call(app, '/user/balances', {}, { session: trader.session }),
  );
  return rows.find((r) => r.currency === 'KRW')?.available ?? 0;
}
