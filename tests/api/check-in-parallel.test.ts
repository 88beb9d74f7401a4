import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckInStatusDto } from '../../contract';
import { checkIns } from '../../server/db/schema';
import type { DatabaseKind, TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import type { Envelope } from './api-helpers';
import { call, customerIdOf, envelope, expectSuccess, registerCustomer } from './api-helpers';

/**
 * Parallel check-ins on one account count once (issue 13): many requests at the same moment, one
 * check-in row, one success, every other answered "already checked in today". On PostgreSQL the
 * requests really overlap (each call its own transaction on its own connection; the unique
 * (customer, day) makes the losers wait for the winner's commit); PGlite has one connection and
 * serialises them. The PostgreSQL run needs DATABASE_URL and is skipped without it.
 */
const KINDS: { kind: DatabaseKind; skip: boolean }[] = [
  { kind: 'pglite', skip: false },
  { kind: 'postgres', skip: !process.env.DATABASE_URL },
];
const PARALLEL = 12;

describe.each(KINDS)('parallel check-ins on $kind', ({ kind, skip }) => {
  let t: TestApp;
  beforeAll(async () => {
    if (!skip) t = await buildTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it.skipIf(skip)('count once, however many arrive together', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => call(t.app, '/signin/checkIn', {}, { session })),
    );
    const bodies: Envelope[] = answers.map(envelope);
    const won = answers.filter((a) => a.statusCode === 200);
    expect(won).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused.map((a) => a.statusCode)).toEqual(Array(PARALLEL - 1).fill(409));
    expect(bodies.filter((b) => b.status === 0).map((b) => b.code)).toEqual(
      Array(PARALLEL - 1).fill('signin.already_today'),
    );
    const customerId = await customerIdOf(t.db, session);
    const rows = await t.db.select().from(checkIns).where(eq(checkIns.customerId, customerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ streak: 1, points: 10 });
    const status = expectSuccess<CheckInStatusDto>(
      await call(t.app, '/signin/status', {}, { session }),
    );
    expect(status).toMatchObject({ total: 1, streak: 1, points: 10, checkedInToday: true });
  });
});
