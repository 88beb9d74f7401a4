import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipoSubscriptions } from '../../server/db/schema';
import { auditLedger, balancesOf } from '../../server/ledger';
import type { TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import { envelope } from './api-helpers';
import { signInNewStaff } from './identity-helpers';
import { publishedOffering, subscribeRaw } from './ipo-helpers';
import { newTrader, tradingMarket } from './trade-helpers';
import { FUND } from './withdrawal-helpers';

/**
 * Races only a real PostgreSQL runs in parallel (PGlite has one connection): 50 parallel
 * subscriptions of one account keep the "N times per offering" rule and the "enough funds" rule
 * (the account's row lock queues them; docs/ipo.md "Subscribing").
 */
const PARALLEL = 50;

describe.skipIf(!process.env.DATABASE_URL)('IPO subscription races on postgres', () => {
  let t: TestApp;
  let token = '';

  beforeAll(async () => {
    const m = tradingMarket();
    t = await buildTestApp(
      'postgres',
      { authRateLimit: { max: 10_000_000, windowMs: 60_000 } },
      { clock: m.clock, market: m.market },
    );
    token = (await signInNewStaff(t.app, t.db, 'operator')).token;
  }, 120_000);
  afterAll(() => t.close());

  const race = async (maxTimes: number, won: number) => {
    const now = t.app.maru.clock.now().getTime();
    // 10,000 won × 10 shares × 50 %: a deposit of 50,000 won each.
    const offering = await publishedOffering(t.app, token, now, { maxTimes, sharesOffered: 1000 });
    const trader = await newTrader(t.app, t.db, t.demoCode, won);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        subscribeRaw(t.app, trader, { id: offering.id, shares: 10, fundPassword: FUND }),
      ),
    );
    const rows = await t.db
      .select()
      .from(ipoSubscriptions)
      .where(
        and(
          eq(ipoSubscriptions.offeringId, offering.id),
          eq(ipoSubscriptions.customerId, trader.id),
        ),
      );
    const krw = (await balancesOf(t.db, trader.id)).find((b) => b.currency === 'KRW');
    return {
      accepted: answers.filter((a) => envelope(a).status === 1).length,
      codes: new Set(answers.filter((a) => envelope(a).status !== 1).map((a) => envelope(a).code)),
      rows: rows.length,
      available: krw?.available ?? -1,
    };
  };

  it(`keeps the N-times rule under ${PARALLEL} parallel subscriptions`, async () => {
    const r = await race(3, 10_000_000);
    expect(r.accepted).toBe(3);
    expect(r.rows).toBe(3);
    expect([...r.codes]).toEqual(['ipo.too_many_times']);
    expect(r.available).toBe(10_000_000 - 3 * 50_000);
  }, 120_000);

  it(`keeps the funds rule under ${PARALLEL} parallel subscriptions`, async () => {
    const r = await race(PARALLEL, 120_000);
    expect(r.accepted).toBe(2);
    expect(r.rows).toBe(2);
    expect([...r.codes]).toEqual(['ipo.insufficient_funds']);
    expect(r.available).toBe(20_000);
    expect(await auditLedger(t.db)).toEqual([]);
  }, 120_000);
});
