import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SecretKind, SecretPolicy } from '../../server/auth/secret-attempts';
import {
  SECRET_ATTEMPTS_KEEP_MS,
  attemptSecret,
  sweepSecretAttempts,
} from '../../server/auth/secret-attempts';
import type { DatabaseHandle } from '../../server/db/connect';
import { secretAttempts } from '../../server/db/schema';
import { openTestDatabase, databaseKinds } from '../support/test-app';

/**
 * The limiter itself (server/auth/secret-attempts.ts), with its clock passed in: windows, locks,
 * the doubling backoff, the account-wide bucket, the source bucket and the sweep.
 */
const MINUTE = 60_000;
const POLICIES: Record<SecretKind, SecretPolicy> = {
  customer_password: {
    pair: { max: 3, windowMs: 10 * MINUTE, lockMs: 5 * MINUTE, maxLockMs: 15 * MINUTE },
    account: { max: 5, windowMs: 60 * MINUTE, lockMs: MINUTE, maxLockMs: 4 * MINUTE },
    source: { max: 8, windowMs: 60 * MINUTE, lockMs: 30 * MINUTE, maxLockMs: 60 * MINUTE },
  },
  fund_password: {
    account: { max: 2, windowMs: 60 * MINUTE, lockMs: 10 * MINUTE, maxLockMs: 60 * MINUTE },
  },
  staff_password: {},
  staff_totp: {},
};

describe.each(databaseKinds)('secret attempts on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.close());

  let clock = new Date('2030-01-01T00:00:00Z').getTime();
  const later = (ms: number) => {
    clock += ms;
    return new Date(clock);
  };
  const attempt = (
    account: string,
    source: string | null,
    right: boolean,
    secretKind: SecretKind = 'customer_password',
  ) =>
    attemptSecret(
      handle.db,
      { kind: secretKind, account, source },
      {
        verify: () => Promise.resolve(right),
        now: new Date(clock),
        policies: POLICIES,
      },
    );
  const row = async (account: string, source: string, secretKind = 'customer_password') =>
    (
      await handle.db
        .select()
        .from(secretAttempts)
        .where(
          and(
            eq(secretAttempts.kind, secretKind),
            eq(secretAttempts.account, account),
            eq(secretAttempts.source, source),
          ),
        )
    )[0];

  it('counts down, locks on the last attempt allowed, and refuses without comparing while locked', async () => {
    expect(await attempt('a1', '1.1.1.1', false)).toEqual({
      ok: false,
      locked: false,
      attemptsLeft: 2,
    });
    expect(await attempt('a1', '1.1.1.1', false)).toMatchObject({ attemptsLeft: 1 });
    const third = await attempt('a1', '1.1.1.1', false);
    expect(third).toMatchObject({ ok: false, locked: true, compared: true });
    let compared = false;
    const refused = await attemptSecret(
      handle.db,
      { kind: 'customer_password', account: 'a1', source: '1.1.1.1' },
      {
        verify: () => {
          compared = true;
          return Promise.resolve(true);
        },
        now: new Date(clock),
        policies: POLICIES,
      },
    );
    expect(refused).toMatchObject({ ok: false, locked: true, compared: false });
    expect(compared).toBe(false);
    // The lock is 5 minutes: still on after 4, a fresh round after 5.
    later(4 * MINUTE);
    expect(await attempt('a1', '1.1.1.1', true)).toMatchObject({ locked: true });
    later(MINUTE);
    expect(await attempt('a1', '1.1.1.1', true)).toEqual({ ok: true });
    // A success forgets the account's counts.
    expect(await row('a1', '1.1.1.1')).toBeUndefined();
    expect(await row('a1', '')).toBeUndefined();
  });

  it('doubles each further lock in a row, up to its cap', async () => {
    const lockLength = async () => {
      for (;;) {
        const outcome = await attempt('a2', null, false, 'fund_password');
        if (!outcome.ok && outcome.locked) return outcome.lockedUntil.getTime() - clock;
      }
    };
    for (const minutes of [10, 20, 40, 60, 60]) {
      const length = await lockLength();
      expect(length).toBe(minutes * MINUTE);
      later(length);
    }
    // A success starts over.
    expect(await attempt('a2', null, true, 'fund_password')).toEqual({ ok: true });
    expect(await lockLength()).toBe(10 * MINUTE);
    later(10 * MINUTE);
    expect(await lockLength()).toBe(20 * MINUTE);
    // After a quiet day the locks in a row are forgotten.
    later(25 * 60 * MINUTE);
    expect(await lockLength()).toBe(10 * MINUTE);
  });

  it('forgets failures older than the window', async () => {
    await attempt('a3', '3.3.3.3', false);
    await attempt('a3', '3.3.3.3', false);
    later(11 * MINUTE);
    expect(await attempt('a3', '3.3.3.3', false)).toMatchObject({ locked: false, attemptsLeft: 2 });
  });

  it('locks the account everywhere, briefly, after guesses from many addresses', async () => {
    // Two addresses, two guesses each, then a fifth from a third: the account-wide limit of 5.
    for (const source of ['4.0.0.1', '4.0.0.1', '4.0.0.2', '4.0.0.2']) {
      expect(await attempt('a4', source, false)).toMatchObject({ locked: false });
    }
    const fifth = await attempt('a4', '4.0.0.3', false);
    expect(fifth).toMatchObject({ locked: true, compared: true });
    if (fifth.ok || !fifth.locked) throw new Error('not locked');
    expect(fifth.lockedUntil.getTime() - clock).toBe(MINUTE);
    // The owner from a fresh address is refused for that minute, then gets in.
    expect(await attempt('a4', '4.0.0.9', true)).toMatchObject({ locked: true, compared: false });
    // A refusal of the account bucket gives back the pair count it took.
    expect((await row('a4', '4.0.0.9'))?.failures).toBe(0);
    later(MINUTE);
    expect(await attempt('a4', '4.0.0.9', true)).toEqual({ ok: true });
  });

  it('locks one address out of every account after too many failures across names', async () => {
    for (let i = 0; i < 7; i++) {
      expect(await attempt(`spray${i}`, '5.5.5.5', false)).toMatchObject({ locked: false });
    }
    expect(await attempt('spray7', '5.5.5.5', false)).toMatchObject({
      locked: true,
      compared: true,
    });
    expect(await attempt('spray8', '5.5.5.5', true)).toMatchObject({
      locked: true,
      compared: false,
    });
    // Other addresses are not concerned.
    expect(await attempt('spray8', '5.5.5.6', true)).toEqual({ ok: true });
  });

  it('counts a kind without a pair bucket per account only', async () => {
    expect(await attempt('77', null, false, 'fund_password')).toMatchObject({ attemptsLeft: 1 });
    expect(await attempt('77', '6.6.6.6', false, 'fund_password')).toMatchObject({
      locked: true,
    });
    expect((await row('77', '', 'fund_password'))?.failures).toBe(2);
  });

  it('sweeps rows untouched for a day unless they are locked', async () => {
    await attempt('old', '7.7.7.7', false);
    later(SECRET_ATTEMPTS_KEEP_MS + MINUTE);
    await sweepSecretAttempts(handle.db, new Date(clock));
    expect(await row('old', '7.7.7.7')).toBeUndefined();
  });
});
