import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeQuoteDto } from '../../contract';
import { exchanges } from '../../server/db/schema';
import type { TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import type { Envelope, Session } from './api-helpers';
import { call, envelope, expectRefusal, expectSuccess } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff } from './identity-helpers';
import { FUND, adjust, balanceOf, verifiedCustomer } from './money-helpers';

/**
 * Exchanges racing on PostgreSQL, where requests really run at once (PGlite has one connection,
 * so it would only show them serialised): skipped without DATABASE_URL, like tests/scaleout.
 * Rounds and width: MARU_RACE_ROUNDS (default 20) and MARU_RACE_PARALLEL (default 50).
 */
const suite = process.env.DATABASE_URL ? describe : describe.skip;
const ROUNDS = Number(process.env.MARU_RACE_ROUNDS ?? 20);
const PARALLEL = Number(process.env.MARU_RACE_PARALLEL ?? 50);
const BALANCE = 1_000_000;

suite('parallel exchanges on postgres', () => {
  let t: TestApp;
  let reviewer: SignedInStaff;
  let staff: { proposer: SignedInStaff; approver: SignedInStaff };

  beforeAll(async () => {
    t = await buildTestApp('postgres');
    reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    staff = {
      proposer: await signInNewStaff(t.app, t.db, 'operator'),
      approver: await signInNewStaff(t.app, t.db, 'operator'),
    };
  }, 120_000);
  afterAll(() => t.close(), 120_000);

  const quote = async (session: Session, amount: number) =>
    expectSuccess<ExchangeQuoteDto>(
      await call(t.app, '/user/exchange/quote', { from: 'KRW', to: 'USD', amount }, { session }),
    );

  it(
    `lets exactly one of ${PARALLEL} full-balance exchanges through, ${ROUNDS} rounds`,
    async () => {
      const { session, id } = await verifiedCustomer(t, reviewer);
      let usd = 0;
      for (let round = 0; round < ROUNDS; round += 1) {
        await adjust(t, staff, id, 'KRW', BALANCE, `Race round ${round}`);
        const quotes = await Promise.all(
          Array.from({ length: PARALLEL }, () => quote(session, BALANCE)),
        );
        const answers = await Promise.all(
          quotes.map((q) =>
            call(t.app, '/user/exchange', { quoteId: q.quoteId, fundPassword: FUND }, { session }),
          ),
        );
        const won = answers.filter((a) => envelope(a).status === 1);
        expect(won, `round ${round}`).toHaveLength(1);
        for (const lost of answers.filter((a) => envelope(a).status !== 1)) {
          expectRefusal(lost, 'money.insufficient', 400);
        }
        usd += quotes[0]?.receive ?? 0;
        expect(await balanceOf(t, session, 'KRW')).toMatchObject({ available: 0 });
      }
      const [n] = await t.db
        .select({ n: count() })
        .from(exchanges)
        .where(eq(exchanges.customerId, id));
      expect(n?.n).toBe(ROUNDS);
      // Every round's quotes came from the rate of that moment; the sum is what the winners got.
      const bought = await t.db
        .select({ receive: exchanges.receive })
        .from(exchanges)
        .where(eq(exchanges.customerId, id));
      const total = bought.reduce((sum, r) => sum + r.receive, 0);
      expect(await balanceOf(t, session, 'USD')).toMatchObject({ available: total });
      expect(usd).toBeGreaterThan(0);
    },
    30 * 60_000,
  );

  it('answers 20 parallel retries with one Idempotency-Key once, identically', async () => {
    const { session, id } = await verifiedCustomer(t, reviewer);
    await adjust(t, staff, id, 'KRW', BALANCE);
    const q = await quote(session, 400_000);
    const headers = { 'idempotency-key': `race-${id}` };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(
          t.app,
          '/user/exchange',
          { quoteId: q.quoteId, fundPassword: FUND },
          { session, headers },
        ),
      ),
    );
    const bodies = answers.map((a) => envelope(a));
    expect(bodies.every((b: Envelope) => b.status === 1)).toBe(true);
    for (const body of bodies) expect(body.data).toEqual(bodies[0]?.data);
    const [n] = await t.db
      .select({ n: count() })
      .from(exchanges)
      .where(eq(exchanges.customerId, id));
    expect(n?.n).toBe(1);
    expect(await balanceOf(t, session, 'KRW')).toMatchObject({ available: 600_000 });

    const other = await quote(session, 1_000);
    expectRefusal(
      await call(
        t.app,
        '/user/exchange',
        { quoteId: other.quoteId, fundPassword: FUND },
        { session, headers },
      ),
      'request.idempotency_mismatch',
      422,
    );
    expect(await balanceOf(t, session, 'KRW')).toMatchObject({ available: 600_000 });
  }, 300_000);
});
