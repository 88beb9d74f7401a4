import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../server/auth/passwords';
import type * as Passwords from '../../server/auth/passwords';
import { customers, secretAttempts } from '../../server/db/schema';
import { Refusal } from '../../server/refusal';
import { verifyFundPassword } from '../../server/modules/fund-password';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { call, expectSuccess, registerCustomer } from './api-helpers';
import { customerIdOf } from './api-helpers';

// Counts argon2 verifications: the real function, watched.
vi.mock('../../server/auth/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof Passwords>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const argon2Checks = () => vi.mocked(verifyPassword).mock.calls.length;

const FUND = '135790';
const SOURCE = '203.0.113.9';

/** The fund-password check's refusal code and attempts left, or 'ok'; with argon2 runs spent. */
async function check(t: TestApp, customerId: number, plain: string) {
  const before = argon2Checks();
  try {
    await verifyFundPassword(t.db, customerId, plain, { source: SOURCE });
    return { answer: 'ok', argon2: argon2Checks() - before };
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    return { answer: error.code, left: error.params.attemptsLeft, argon2: argon2Checks() - before };
  }
}

async function failuresOf(t: TestApp, customerId: number): Promise<number> {
  const [row] = await t.db
    .select({ failures: secretAttempts.failures })
    .from(secretAttempts)
    .where(
      and(
        eq(secretAttempts.kind, 'fund_password'),
        eq(secretAttempts.account, String(customerId)),
        eq(secretAttempts.source, ''),
      ),
    );
  return row?.failures ?? 0;
}

describe.each(databaseKinds)(
  'fund password checks skip argon2 when just confirmed, on %s',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp(kind);
    });
    afterAll(() => t.close());

    async function customerWithFundPassword() {
      const session = await registerCustomer(t.app, t.demoCode);
      const set = { fundPassword: FUND, confirmFundPassword: FUND };
      expectSuccess(await call(t.app, '/user/fundPassword/set', set, { session }));
      return { session, id: await customerIdOf(t.db, session) };
    }

    it('a second check with the confirmed password runs no argon2', async () => {
      const { id } = await customerWithFundPassword();
      expect(await check(t, id, FUND)).toEqual({ answer: 'ok', argon2: 1 });
      expect(await check(t, id, FUND)).toEqual({ answer: 'ok', argon2: 0 });
    });

    it('a wrong password still runs argon2 and counts; a confirmed one then clears the count', async () => {
      const { id } = await customerWithFundPassword();
      await check(t, id, FUND);
      expect(await check(t, id, '000000')).toEqual({
        answer: 'fund_password.wrong',
        left: 4,
        argon2: 1,
      });
      expect(await failuresOf(t, id)).toBe(1);
      expect(await check(t, id, FUND)).toEqual({ answer: 'ok', argon2: 0 });
      expect(await failuresOf(t, id)).toBe(0);
      expect(await check(t, id, '000000')).toMatchObject({
        answer: 'fund_password.wrong',
        left: 4,
      });
    });

    it('a lock refuses the confirmed password too, and forgets it', async () => {
      const { id } = await customerWithFundPassword();
      await check(t, id, FUND);
      for (let left = 4; left >= 1; left--) {
        expect(await check(t, id, '000000')).toMatchObject({ answer: 'fund_password.wrong', left });
      }
      expect(await check(t, id, '000000')).toMatchObject({ answer: 'fund_password.locked' });
      expect(await check(t, id, FUND)).toEqual({
        answer: 'fund_password.locked',
        left: undefined,
        argon2: 0,
      });
      // Unlocked (the lock lapsed), the password must be proven by argon2 again.
      await t.db
        .update(secretAttempts)
        .set({ lockedUntil: new Date(Date.now() - 1000) })
        .where(eq(secretAttempts.account, String(id)));
      expect(await check(t, id, FUND)).toEqual({ answer: 'ok', argon2: 1 });
    });

    it('a lock set elsewhere (another process) refuses a cache hit', async () => {
      const { id } = await customerWithFundPassword();
      await check(t, id, FUND);
      const until = new Date(Date.now() + 30 * 60_000);
      await t.db.insert(secretAttempts).values({
        kind: 'fund_password',
        account: String(id),
        source: '',
        failures: 5,
        windowStartedAt: new Date(),
        lockedUntil: until,
        lockCount: 1,
        updatedAt: new Date(),
      });
      expect(await check(t, id, FUND)).toMatchObject({ answer: 'fund_password.locked', argon2: 0 });
    });

    it('a changed password invalidates: the old one is wrong and counted, the new one is checked', async () => {
      const { session, id } = await customerWithFundPassword();
      await check(t, id, FUND);
      expectSuccess(
        await call(
          t.app,
          '/user/fundPassword/change',
          { oldFundPassword: FUND, fundPassword: '246801', confirmFundPassword: '246801' },
          { session },
        ),
      );
      expect(await check(t, id, FUND)).toEqual({
        answer: 'fund_password.wrong',
        left: 4,
        argon2: 1,
      });
      expect(await check(t, id, '246801')).toEqual({ answer: 'ok', argon2: 1 });
      expect(await check(t, id, '246801')).toEqual({ answer: 'ok', argon2: 0 });
    });

    it('a hash changed by another process (same password, new salt) takes argon2 again', async () => {
      const { id } = await customerWithFundPassword();
      await check(t, id, FUND);
      // Another process set it: this process's forget never ran.
      await t.db
        .update(customers)
        .set({ fundPasswordHash: await hashPassword(FUND) })
        .where(eq(customers.id, id));
      expect(await check(t, id, FUND)).toEqual({ answer: 'ok', argon2: 1 });
    });

    it('expired entries take argon2 again', async () => {
      const { id } = await customerWithFundPassword();
      await check(t, id, FUND);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 5 * 60_000 + 1 });
      try {
        expect(await check(t, id, FUND)).toEqual({ answer: 'ok', argon2: 1 });
      } finally {
        vi.useRealTimers();
      }
    });
  },
);
