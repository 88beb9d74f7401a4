// The request benchmarks' clients (withdrawals, place-order): customer calls over real HTTP, a
// pool of clients each looping for a fixed time, and the latency figures.
import { performance } from 'node:perf_hooks';
import { ACCOUNT_HEADER, IDEMPOTENCY_KEY_HEADER, TOKEN_HEADER } from '../contract';
import type { Session } from '../tests/api/api-helpers';

export interface CustomerAnswer {
  status: number;
  data?: { id: number };
}

/** POSTs a customer call over real HTTP as the customer's session, with an optional Idempotency-Key. */
export function customerPoster(base: string) {
  return async (
    customer: { session: Session },
    path: string,
    body: unknown,
    key?: string,
  ): Promise<CustomerAnswer> => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TOKEN_HEADER]: customer.session.token,
        [ACCOUNT_HEADER]: customer.session.account,
        ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}),
      },
      body: JSON.stringify(body),
    });
    return (await response.json()) as CustomerAnswer;
  };
}

export type CustomerPoster = ReturnType<typeof customerPoster>;

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * One client's step: the timed request's answer, and what must follow it untimed before the
 * client's next step (e.g. cancelling the withdrawal it made).
 */
export type ClientStep<W> = (
  worker: W,
  serial: number,
) => Promise<{ answer: CustomerAnswer; after?: (answer: CustomerAnswer) => Promise<unknown> }>;

export interface LoopFigures {
  /** Counted answers' latencies in ms, sorted. */
  latencies: number[];
  /** Counted answers that were not a success. */
  refused: number;
  /** The counted time. */
  seconds: number;
}

/**
 * Every worker loops over `step` for one second of warm-up and then `seconds` counted; a step
 * that started in the counted time is timed (its request only) and counted.
 */
export async function runClients<W>(
  workers: readonly W[],
  seconds: number,
  step: ClientStep<W>,
): Promise<LoopFigures> {
  const latencies: number[] = [];
  let refused = 0;
  const countFrom = performance.now() + 1_000; // one second of warm-up
  const end = countFrom + seconds * 1_000;
  await Promise.all(
    workers.map(async (worker) => {
      let serial = 0;
      while (performance.now() < end) {
        const started = performance.now();
        const { answer, after } = await step(worker, serial++);
        const took = performance.now() - started;
        const counting = started >= countFrom;
        if (answer.status !== 1 || !answer.data) {
          if (counting) refused++;
          continue;
        }
        if (counting) latencies.push(took);
        await after?.(answer);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return { latencies, refused, seconds };
}

const oneDecimal = (x: number) => Math.round(x * 10) / 10;

/** A request benchmark's figures beside pgbench TPC-B's with the same clients in the same run. */
export interface PgbenchComparison {
  /** The database the app ran on (PGlite's row is set against the PostgreSQL server's pgbench). */
  database: 'postgres' | 'pglite';
  clients: number;
  seconds: number;
  pgbenchTps: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  ratio: number;
  refused: number;
}

/** Requests per second, p50 and p99 of a loop, and its ratio to pgbench's tps. */
export function compareWithPgbench(
  database: PgbenchComparison['database'],
  clients: number,
  figures: LoopFigures,
  pgbenchTps: number,
): PgbenchComparison {
  const perSecond = figures.latencies.length / figures.seconds;
  return {
    database,
    clients,
    seconds: figures.seconds,
    pgbenchTps: Math.round(pgbenchTps),
    perSecond: oneDecimal(perSecond),
    p50Ms: oneDecimal(percentile(figures.latencies, 50)),
    p99Ms: oneDecimal(percentile(figures.latencies, 99)),
    ratio: Math.round((perSecond / pgbenchTps) * 1000) / 1000,
    refused: figures.refused,
  };
}

/** The comparison as a Markdown table (bench/run.ts prints it; bench/README.md quotes it). */
export function printPgbenchComparison(what: string, rows: readonly PgbenchComparison[]): void {
  console.log(
    `\n| database | clients | pgbench TPC-B tps | ${what}/s | p50 ms | p99 ms | × pgbench (target ≥ 0.5) | p99 < 20 ms | refused |\n|---|---|---|---|---|---|---|---|---|`,
  );
  for (const r of rows)
    console.log(
      `| ${r.database} | ${r.clients} | ${r.pgbenchTps} | ${r.perSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.ratio} | ${r.p99Ms < 20 ? 'yes' : '**no**'} | ${r.refused} |`,
    );
}
