import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FundOrderDto } from '../../contract';
import { IDEMPOTENCY_KEY_HEADER } from '../../contract';
import { journalEntries, withdrawals } from '../../server/db/schema';
import { balancesOf } from '../../server/ledger';
import type { TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import { call, envelope, expectRefusal, expectSuccess } from './api-helpers';
import { signInNewStaff } from './identity-helpers';
import type { Withdrawer } from './withdrawal-helpers';
import { FUND, fund, newWithdrawer } from './withdrawal-helpers';

/**
 * Races that only a real PostgreSQL runs in parallel (PGlite has one connection): 100 parallel
 * full-balance withdrawals on one account, 200 rounds, exactly one accepted each round and no
 * balance below zero; 50 parallel retries with one Idempotency-Key, one effect and identical
 * answers; the key with another body refused. One app and one customer for every round (the
 * accepted withdrawal is cancelled between rounds) keeps the file short.
 */
/** The 200; WITHDRAWAL_RACE_ROUNDS lowers it for a quick local run. */
const ROUNDS = Number(process.env.WITHDRAWAL_RACE_ROUNDS ?? 200);
const PARALLEL = 100;
const BALANCE = 1_000_000;

describe.skipIf(!process.env.DATABASE_URL)('withdrawal races on postgres', () => {
  let t: TestApp;
  let w: Withdrawer;

  beforeAll(async () => {
    // Every attempt counts toward the per-IP limit of calls that check a secret.
    t = await buildTestApp('postgres', { authRateLimit: { max: 10_000_000, windowMs: 60_000 } });
    const reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    w = await newWithdrawer(t.app, t.db, t.demoCode, reviewer);
    await fund(t.db, w.id, 'KRW', BALANCE);
  }, 120_000);
  afterAll(() => t.close());

  const body = () => ({ currency: 'KRW', amount: BALANCE, cardId: w.card.id, fundPassword: FUND });
  /** The ledger's stored balances (what /user/balances answers), read without a request. */
  const krw = async () => {
    const row = (await balancesOf(t.db, w.id)).find((r) => r.currency === 'KRW');
    if (!row) throw new Error('no KRW balance');
    return row;
  };

  it(
    `accepts exactly one of ${PARALLEL} parallel full-balance withdrawals, ${ROUNDS} rounds`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const answers = await Promise.all(
          Array.from({ length: PARALLEL }, () =>
            call(t.app, '/user/cashOut', body(), { session: w.session }),
          ),
        );
        const accepted = answers.filter((a) => envelope(a).status === 1);
        expect(accepted, `round ${round}`).toHaveLength(1);
        for (const refused of answers.filter((a) => envelope(a).status !== 1)) {
          expect(['fund_order.pending_exists', 'withdrawal.insufficient']).toContain(
            envelope(refused).code,
          );
        }
        const balance = await krw();
        expect(balance, `round ${round}`).toMatchObject({ available: 0, held: BALANCE });
        const order = expectSuccess<FundOrderDto>(accepted[0] as never);
        expectSuccess(
          await call(t.app, '/user/fundOrder/cancel', { id: order.id }, { session: w.session }),
        );
        expect(await krw()).toMatchObject({ available: BALANCE, held: 0 });
      }
      const rows = await t.db.select().from(withdrawals).where(eq(withdrawals.customerId, w.id));
      expect(rows).toHaveLength(ROUNDS);
      expect(rows.every((r) => r.state === 'cancelled')).toBe(true);
    },
    // About a minute on a quiet 2-core machine; far longer when the cores are shared.
    1_800_000,
  );

  it('gives one effect and identical answers to 50 parallel retries with one key', async () => {
    const key = `retry-${Date.now()}`;
    const entriesBefore = (await t.db.select({ id: journalEntries.id }).from(journalEntries))
      .length;
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        call(t.app, '/user/cashOut', body(), {
          session: w.session,
          headers: { [IDEMPOTENCY_KEY_HEADER]: key },
        }),
      ),
    );
    const datas = answers.map((a) => expectSuccess<FundOrderDto>(a));
    // Identical as values; a replay's keys come back in jsonb's order (idempotency_keys.response).
    for (const data of datas) expect(data).toStrictEqual(datas[0]);
    const open = await t.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.id, datas[0]?.id ?? 0));
    expect(open).toHaveLength(1);
    // One hold posted, no more.
    const entriesAfter = (await t.db.select({ id: journalEntries.id }).from(journalEntries)).length;
    expect(entriesAfter - entriesBefore).toBe(1);
    expect(await krw()).toMatchObject({ available: 0, held: BALANCE });

    expectRefusal(
      await call(
        t.app,
        '/user/cashOut',
        { ...body(), amount: BALANCE - 1 },
        { session: w.session, headers: { [IDEMPOTENCY_KEY_HEADER]: key } },
      ),
      'request.idempotency_mismatch',
      422,
    );
    expect(await krw()).toMatchObject({ available: 0, held: BALANCE });
  });
});
