import type { LightMyRequestResponse } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_HEADER,
  API_BASE,
  STAFF_API_BASE,
  STAFF_TOKEN_HEADER,
  TOKEN_HEADER,
} from '../../contract';
import { SECRET_POLICIES } from '../../server/auth/secret-attempts';
import { auditLog, customers, secretAttempts } from '../../server/db/schema';
import { createStaffAccount } from '../../server/modules/staff/accounts/create-staff-account';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from '../api/api-helpers';
import { GOOD_PASSWORD, envelope, expectSuccess, registerCustomer } from '../api/api-helpers';
import { STAFF_PASSWORD, secretOf, signInNewStaff } from '../api/identity-helpers';

/**
 * Issue 8, items 1 to 3: 60 guesses sent at once must not outrun a lock. For every secret, exactly
 * the configured number of wrong guesses is compared before the lock, every other guess is refused
 * without comparing, and the right secret sent among them once the lock is on is refused too.
 */
const PARALLEL = 60;

const max = (kind: keyof typeof SECRET_POLICIES, bucket: 'pair' | 'account') => {
  const policy = SECRET_POLICIES[kind][bucket];
  if (!policy) throw new Error(`no ${bucket} limit for ${kind}`);
  return policy.max;
};

describe.each(databaseKinds)('lockout races on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const customerCall = (path: string, payload: object, session?: Session, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API_BASE}${path}`,
      payload,
      remoteAddress,
      headers: session ? { [TOKEN_HEADER]: session.token, [ACCOUNT_HEADER]: session.account } : {},
    });
  const staffCall = (path: string, payload: object, token?: string, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: `${STAFF_API_BASE}${path}`,
      payload,
      remoteAddress,
      headers: token ? { [STAFF_TOKEN_HEADER]: token } : {},
    });

  /** The bucket's row: failures counted and the lock. */
  async function bucket(kindName: string, account: string, source: string) {
    const [row] = await t.db
      .select()
      .from(secretAttempts)
      .where(
        and(
          eq(secretAttempts.kind, kindName),
          eq(secretAttempts.account, account),
          eq(secretAttempts.source, source),
        ),
      );
    return row;
  }

  /**
   * Sends PARALLEL wrong guesses at once and, while they are still being answered, the right one
   * as soon as `lockIsOn` says the lock has been set. Answers the wrong guesses' answers and the
   * right one's.
   */
  async function race(
    wrong: (i: number) => Promise<LightMyRequestResponse>,
    right: () => Promise<LightMyRequestResponse>,
    lockIsOn: () => Promise<boolean>,
  ) {
    const guesses = Array.from({ length: PARALLEL }, (_, i) => wrong(i));
    let rightOne: Promise<LightMyRequestResponse> | null = null;
    const settled = Promise.all(guesses);
    let done = false;
    void settled.finally(() => {
      done = true;
    });
    for (let tries = 0; tries < 2000 && rightOne === null; tries++) {
      if (await lockIsOn()) rightOne = right();
      else if (done) throw new Error('every guess was answered and no lock was set');
      else await new Promise((resolve) => setTimeout(resolve, 2));
    }
    if (rightOne === null) throw new Error('no lock was set');
    const answers = await settled;
    for (const answer of answers) expect(answer.statusCode, answer.body).toBeLessThan(500);
    return { answers, right: await rightOne };
  }

  const codes = (answers: LightMyRequestResponse[]) => {
    const counts: Record<string, number> = {};
    for (const answer of answers) {
      const code = envelope(answer).code ?? 'success';
      counts[code] = (counts[code] ?? 0) + 1;
    }
    return counts;
  };

  it('fund password: exactly 5 of 60 parallel wrong guesses are compared; the right one is then refused', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    expectSuccess(
      await customerCall(
        '/user/fundPassword/set',
        { fundPassword: '135790', confirmFundPassword: '135790' },
        session,
      ),
    );
    const change = (old: string) =>
      customerCall(
        '/user/fundPassword/change',
        { oldFundPassword: old, fundPassword: '246801', confirmFundPassword: '246801' },
        session,
      );
    const limit = max('fund_password', 'account');
    let lockSeen = false;
    const { answers, right } = await race(
      () =>
        change('000000').then((answer) => {
          if (envelope(answer).code === 'fund_password.locked') lockSeen = true;
          return answer;
        }),
      () => change('135790'),
      () => Promise.resolve(lockSeen),
    );
    // limit - 1 answers say how many are left; the limit-th locks; the rest were never compared.
    expect(codes(answers)).toEqual({
      'fund_password.wrong': limit - 1,
      'fund_password.locked': PARALLEL - (limit - 1),
    });
    const left = answers
      .map((a) => envelope(a).params?.attemptsLeft)
      .filter((n) => n !== undefined)
      .sort();
    expect(left).toEqual(Array.from({ length: limit - 1 }, (_, i) => i + 1));
    expect(envelope(right).code).toBe('fund_password.locked');
    expect(right.statusCode).toBe(403);
    // Only the compared guesses were counted, and the lock is still on.
    const [customer] = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.account, session.account));
    const row = await bucket('fund_password', String(customer?.id), '');
    expect(row?.failures).toBe(limit);
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(envelope(await change('135790')).code).toBe('fund_password.locked');
    console.log(
      `lockout race (${kind}) fund password: ${PARALLEL} parallel wrong guesses, ${limit} compared before the lock (limit ${limit}), right one after the lock refused`,
    );
  });

  it('staff password: exactly 10 of 60 parallel wrong guesses from one address are compared', async () => {
    const staff = await signInNewStaff(t.app, t.db, 'reviewer');
    const attacker = '10.8.0.1';
    const limit = max('staff_password', 'pair');
    const login = (password: string, from: string) =>
      staffCall('/auth/login', { account: staff.account, password }, undefined, from);
    const { answers, right } = await race(
      (i) => login(`wrong-guess-${i}`, attacker),
      () => login(STAFF_PASSWORD, attacker),
      async () => (await bucket('staff_password', staff.account, attacker))?.lockedUntil != null,
    );
    // Wrong, locked and unknown are answered alike…
    const unknown = await staffCall(
      '/auth/login',
      { account: 'no-such-staff', password: 'wrong-guess-x' },
      undefined,
      '10.8.0.9',
    );
    for (const answer of [...answers, right]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(unknown.json());
    }
    // …but the audit log knows: exactly `limit` compared, the rest (and the right one) refused.
    const failures = await t.db
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'login.failed'), eq(auditLog.actorId, staff.id)));
    const reasons = codesOf(failures.map((f) => String(f.detail?.reason)));
    expect(reasons).toEqual({ wrong_password: limit, locked: PARALLEL - limit + 1 });
    expect((await bucket('staff_password', staff.account, attacker))?.failures).toBe(limit);
    // The owner signs in from elsewhere while the name is hammered.
    expectSuccess(await login(STAFF_PASSWORD, '10.8.0.2'));
    console.log(
      `lockout race (${kind}) staff password: ${PARALLEL} parallel wrong guesses, ${reasons.wrong_password} compared before the lock (limit ${limit}), right one after the lock refused, owner elsewhere signed in`,
    );
  });

  it('staff TOTP: exactly 10 of 60 parallel wrong codes are compared', async () => {
    const created = await createStaffAccount(t.db, {
      account: `race${Math.random().toString(36).slice(2, 8)}`,
      role: 'reviewer',
    });
    const login = expectSuccess<{ token: string }>(
      await staffCall('/auth/login', {
        account: created.account,
        password: created.oneTimePassword,
      }),
    );
    const enrol = expectSuccess<{ otpauthUri: string }>(
      await staffCall('/auth/enrol', {}, login.token),
    );
    const secret = secretOf(enrol.otpauthUri);
    const rightCode = await generate({ secret });
    const wrongCode = (i: number) =>
      String((Number(rightCode) + 1000 + i * 7919) % 1_000_000).padStart(6, '0');
    const limit = max('staff_totp', 'account');
    let lockSeen = false;
    const { answers, right } = await race(
      (i) =>
        staffCall('/auth/verify', { code: wrongCode(i) }, login.token).then((answer) => {
          if (envelope(answer).code === 'staff.locked') lockSeen = true;
          return answer;
        }),
      () => staffCall('/auth/verify', { code: rightCode }, login.token),
      () => Promise.resolve(lockSeen),
    );
    expect(codes(answers)).toEqual({
      'staff.wrong_code': limit - 1,
      'staff.locked': PARALLEL - (limit - 1),
    });
    expect(envelope(right).code).toBe('staff.locked');
    expect((await bucket('staff_totp', String(created.id), ''))?.failures).toBe(limit);
    console.log(
      `lockout race (${kind}) staff TOTP: ${PARALLEL} parallel wrong codes, ${limit} compared before the lock (limit ${limit}), right one after the lock refused`,
    );
  });

  it('customer login: exactly 5 of 60 parallel wrong guesses from one address are compared', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    const attacker = '10.9.0.1';
    const limit = max('customer_password', 'pair');
    const login = (password: string, from: string, account = session.account) =>
      customerCall('/user/login', { account, password }, undefined, from);
    const { answers, right } = await race(
      (i) => login(`wrong-guess-${i}`, attacker),
      () => login(GOOD_PASSWORD, attacker),
      async () =>
        (await bucket('customer_password', session.account, attacker))?.lockedUntil != null,
    );
    const unknown = await login('wrong-guess-x', '10.9.0.9', 'no-such-customer');
    for (const answer of [...answers, right]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(unknown.json());
    }
    expect(envelope(unknown).code).toBe('account.wrong_credentials');
    // Only `limit` were counted, here and account-wide: the other 55 were never compared.
    expect((await bucket('customer_password', session.account, attacker))?.failures).toBe(limit);
    expect((await bucket('customer_password', session.account, ''))?.failures).toBe(limit);
    // The owner signs in from elsewhere, whatever the case of the name.
    expectSuccess(await login(GOOD_PASSWORD, '10.9.0.2', session.account.toUpperCase()));
    console.log(
      `lockout race (${kind}) customer login: ${PARALLEL} parallel wrong guesses, ${limit} compared before the lock (limit ${limit}), right one after the lock refused, owner elsewhere signed in`,
    );
  });

  it('customer change password: exactly 5 of 60 parallel wrong current passwords are compared', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    const thief = '10.10.0.1';
    const limit = max('customer_password', 'pair');
    const change = (oldPassword: string) =>
      customerCall(
        '/user/changePassword',
        { oldPassword, password: 'stolen-session-99', confirmPassword: 'stolen-session-99' },
        session,
        thief,
      );
    let lockSeen = false;
    const { answers, right } = await race(
      (i) =>
        change(`wrong-guess-${i}`).then((answer) => {
          if (envelope(answer).code === 'account.locked') lockSeen = true;
          return answer;
        }),
      () => change(GOOD_PASSWORD),
      () => Promise.resolve(lockSeen),
    );
    expect(codes(answers)).toEqual({
      'account.wrong_original_password': limit - 1,
      'account.locked': PARALLEL - (limit - 1),
    });
    expect(envelope(right).code).toBe('account.locked');
    expect((await bucket('customer_password', session.account, thief))?.failures).toBe(limit);
    console.log(
      `lockout race (${kind}) change password: ${PARALLEL} parallel wrong guesses, ${limit} compared before the lock (limit ${limit}), right one after the lock refused`,
    );
  });
});

function codesOf(values: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[value] = (counts[value] ?? 0) + 1;
  return counts;
}
