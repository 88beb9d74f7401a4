// Withdrawal requests per second and p99 on PostgreSQL, against pgbench's TPC-B with the same
// number of clients in the same run (issue 10's benchmark; bench/README.md reports it).
import { API_BASE } from '../contract';
import { buildTestApp } from '../tests/support/test-app';
import { signInNewStaff } from '../tests/api/identity-helpers';
import type { Withdrawer } from '../tests/api/withdrawal-helpers';
import { FUND, fund, newWithdrawer } from '../tests/api/withdrawal-helpers';
import type { PgbenchComparison } from './client-loop';
import { compareWithPgbench, customerPoster, runClients } from './client-loop';
import { pgbenchTps } from './pgbench';

const AMOUNT = 100_000;

/**
 * `clients` workers, each its own verified customer with a card and money, each looping over
 * `/user/cashOut` (timed: the withdrawal request) and then `/user/fundOrder/cancel` (the next
 * withdrawal may only follow once this one is done: one fund operation at a time), over real
 * HTTP for `seconds`. Every cashOut carries its own Idempotency-Key, as clients send them.
 */
export async function measureWithdrawals(
  clients = Number(process.env.WITHDRAWAL_BENCH_CLIENTS ?? 10),
  seconds = Number(process.env.WITHDRAWAL_BENCH_SECONDS ?? 10),
): Promise<PgbenchComparison> {
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
    const figures = await runClients(workers, seconds, async (w, serial) => ({
      answer: await post(
        w,
        '/user/cashOut',
        { currency: 'KRW', amount: AMOUNT, cardId: w.card.id, fundPassword: FUND },
        `bench-${w.id}-${serial}`,
      ),
      after: (answer) => post(w, '/user/fundOrder/cancel', { id: answer.data?.id }),
    }));
    return compareWithPgbench('postgres', clients, figures, tps);
  } finally {
    await t.close();
  }
}
