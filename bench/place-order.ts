// Market orders placed per second and p99 on PostgreSQL, against pgbench's TPC-B with the same
// number of clients in the same run, and the same load on PGlite beside it (issue 11's benchmark;
// bench/README.md "Place order").
import type { PlaceOrderRequest } from '../contract';
import { API_BASE } from '../contract';
import type { Trader } from '../tests/api/trade-helpers';
import { newTrader } from '../tests/api/trade-helpers';
import type { TestApp } from '../tests/support/test-app';
import { buildTestApp } from '../tests/support/test-app';
import type { CustomerPoster, PgbenchComparison } from './client-loop';
import { compareWithPgbench, customerPoster, runClients } from './client-loop';
import { pgbenchTps } from './pgbench';

/** Enough won that no client runs out in a run (each order takes at most ~1 M). */
const FUNDS = 10_000_000_000;
/** The stock product's leverages up to 5 (docs/trading.md "Products"). */
const LEVERAGES = [1, 2, 3, 5] as const;
/** How many stocks each client's orders go round (any the demo market prices in range). */
const SYMBOLS = 8;

/** No limit on orders per session during a benchmark (the default allows 30 per 10 s). */
export const BENCH_LIMITS = {
  authRateLimit: { max: 10_000_000, windowMs: 60_000 },
  orderRateLimit: { max: 10_000_000, windowMs: 60_000 },
};

export interface OrderClient extends Trader {
  symbols: string[];
}

/**
 * One funded customer per client, each given a few stocks whose one share reaches the stock
 * product's minimum opening amount (10,000 won) and whose three stay far below the funds.
 */
export async function orderClients(t: TestApp, clients: number): Promise<OrderClient[]> {
  const symbols = t.app.maru.feed
    .instruments()
    .map((i) => t.app.maru.feed.quote(i.code))
    .filter((q) => q !== undefined && q.price >= 12_000 && q.price <= 300_000)
    .map((q) => q?.code ?? '')
    .slice(0, SYMBOLS);
  if (symbols.length === 0) throw new Error('no stock priced for the benchmark');
  const workers: OrderClient[] = [];
  for (let i = 0; i < clients; i++) {
    const trader = await newTrader(t.app, t.db, t.demoCode, FUNDS);
    workers.push({ ...trader, symbols });
  }
  return workers;
}

/**
 * One market order of the stock product: 1–3 shares, leverage 1–5, long or short, a symbol in
 * turn, with its own Idempotency-Key, as the ticket sends it (no fund password: it is optional).
 */
export function placeOne(post: CustomerPoster, w: OrderClient, serial: number, tag: string) {
  const body: PlaceOrderRequest = {
    product: 'stock',
    symbol: w.symbols[serial % w.symbols.length] ?? '005930',
    side: serial % 3 === 2 ? 'short' : 'long',
    type: 'market',
    lots: 1 + (serial % 3),
    leverage: LEVERAGES[serial % LEVERAGES.length] ?? 1,
  };
  return post(w, '/trade/place', body, `${tag}-${w.id}-${serial}`);
}

async function measureOn(
  database: PgbenchComparison['database'],
  clients: number,
  seconds: number,
  tps: number,
): Promise<PgbenchComparison> {
  // The default market: the simulator in demo mode, so the session is open whatever the hour.
  const t = await buildTestApp(database, BENCH_LIMITS);
  try {
    const workers = await orderClients(t, clients);
    const post = customerPoster(`${await t.app.listen({ port: 0, host: '127.0.0.1' })}${API_BASE}`);
    const figures = await runClients(workers, seconds, async (w, serial) => ({
      answer: await placeOne(post, w, serial, 'bench'),
    }));
    return compareWithPgbench(database, clients, figures, tps);
  } finally {
    await t.close();
  }
}

/**
 * pgbench TPC-B, then `clients` clients placing market orders over real HTTP for `seconds` on
 * PostgreSQL, then the same on PGlite (the embedded database `npm start` uses without
 * DATABASE_URL); both rows set against the one pgbench figure.
 */
export async function measurePlaceOrder(
  clients = Number(process.env.PLACE_ORDER_BENCH_CLIENTS ?? 10),
  seconds = Number(process.env.PLACE_ORDER_BENCH_SECONDS ?? 10),
): Promise<PgbenchComparison[]> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('the place-order benchmark needs DATABASE_URL (PostgreSQL)');
  const tps = pgbenchTps(adminUrl, clients, seconds);
  return [
    await measureOn('postgres', clients, seconds, tps),
    await measureOn('pglite', clients, seconds, tps),
  ];
}
