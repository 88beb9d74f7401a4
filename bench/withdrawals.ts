// Withdrawal requests per second and p99 on PostgreSQL, against pgbench's TPC-B with the same
// number of clients in the same run (issue 10's benchmark; bench/README.md reports it).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { ACCOUNT_HEADER, API_BASE, IDEMPOTENCY_KEY_HEADER, TOKEN_HEADER } from '../contract';
import { buildTestApp } from '../tests/support/test-app';
import { signInNewStaff } from '../tests/api/identity-helpers';
import type { Withdrawer } from '../tests/api/withdrawal-helpers';
import { FUND, fund, newWithdrawer } from '../tests/api/withdrawal-helpers';

export interface WithdrawalBenchRow {
  clients: number;
  seconds: number;
  pgbenchTps: number;
  withdrawalsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  ratio: number;
  refused: number;
}

const AMOUNT = 100_000;

/** pgbench TPC-B (scale 10) on a scratch database: transactions per second. */
function pgbenchTps(adminUrl: string, clients: number, seconds: number): number {
  const name = `wd_pgbench_${randomBytes(4).toString('hex')}`;
  const url = new URL(adminUrl);
  const env = {
    ...process.env,
    PGHOST: url.hostname,
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username) || 'postgres',
    ...(url.password ? { PGPASSWORD: decodeURIComponent(url.password) } : {}),
  };
  const psql = (sql: string) =>
    execFileSync('psql', ['-q', '-d', url.pathname.slice(1) || 'postgres', '-c', sql], { env });
  psql(`create database ${name}`);
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', '10', name], { env, stdio: 'ignore' });
    const out = execFileSync(
      'pgbench',
      ['-c', String(clients), '-j', '2', '-T', String(seconds), '-n', name],
      { env, encoding: 'utf8' },
    );
    const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
    if (!match?.[1]) throw new Error(`no tps in pgbench output:\n${out}`);
    return Number(match[1]);
  } finally {
    psql(`drop database if exists ${name} with (force)`);
  }
}

/** POSTs a customer call over real HTTP as the withdrawer's session, with an optional Idempotency-Key. */
export function customerPoster(base: string) {
  return async (w: Withdrawer, path: string, body: unknown, key?: string) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TOKEN_HEADER]: w.session.token,
        [ACCOUNT_HEADER]: w.session.account,
        ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}),
      },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { status: number; data?: { id: number } };
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * `clients` workers, each its own verified customer with a card and money, each looping over
 * `/user/cashOut` (timed: the withdrawal request) and then `/user/fundOrder/cancel` (the next
 * withdrawal may only follow once this one is done: one fund operation at a time), over real
 * HTTP for `seconds`. Every cashOut carries its own Idempotency-Key, as clients send them.
 */
export async function measureWithdrawals(
  clients = Number(process.env.WITHDRAWAL_BENCH_CLIENTS ?? 10),
  seconds = Number(process.env.WITHDRAWAL_BENCH_SECONDS ?? 10),
): Promise<WithdrawalBenchRow> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('the withdrawals benchmark needs DATABASE_URL (PostgreSQL)');
  const tps = pgbenchTps(adminUrl, clients, seconds);

  const t = await buildTestApp('postgres', {
    authRateLimit: { max: 10_000_000, windowMs: 60_000 },
  });
  try {
    const reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    const workers: Withdrawer[] = [];
    for (let i = 0; i < clients; i++) {
      const w = await newWithdrawer(t.app, t.db, t.demoCode, reviewer);
      await fund(t.db, w.id, 'KRW', AMOUNT);
      workers.push(w);
    }
    const base = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}${API_BASE}`;
    const post = customerPoster(base);
    const latencies: number[] = [];
    let refused = 0;
    const end = performance.now() + 1_000 + seconds * 1_000;
    const countFrom = performance.now() + 1_000; // one second of warm-up
    await Promise.all(
      workers.map(async (w) => {
        let serial = 0;
        while (performance.now() < end) {
          const started = performance.now();
          const answer = await post(
            w,
            '/user/cashOut',
            { currency: 'KRW', amount: AMOUNT, cardId: w.card.id, fundPassword: FUND },
            `bench-${w.id}-${serial++}`,
          );
          const took = performance.now() - started;
          const counting = started >= countFrom;
          if (answer.status !== 1 || !answer.data) {
            if (counting) refused++;
            continue;
          }
          if (counting) latencies.push(took);
          await post(w, '/user/fundOrder/cancel', { id: answer.data.id });
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const perSecond = latencies.length / seconds;
    return {
      clients,
      seconds,
      pgbenchTps: Math.round(tps),
      withdrawalsPerSecond: Math.round(perSecond * 10) / 10,
      p50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
      p99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
      ratio: Math.round((perSecond / tps) * 1000) / 1000,
      refused,
    };
  } finally {
    await t.close();
  }
}
