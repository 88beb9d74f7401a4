import { and, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_API_BASE, STAFF_CALLS, staffAccessOf } from '../../contract';
import { secretAttempts, staffAccounts } from '../../server/db/schema';
import { staffCreate, StaffCreateError } from '../../scripts/staff-create';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { envelope, expectRefusal, expectSuccess, registerCustomer } from './api-helpers';
import { STAFF_PASSWORD, secretOf, signInNewStaff, staffCall } from './identity-helpers';

describe.each(databaseKinds)('staff sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('staff:create makes an account with a one-time password that must be changed', async () => {
    const created = await staffCreate(t.db, { account: 'firstadmin', role: 'admin' });
    expect(created.oneTimePassword).toMatch(/^[A-Za-z0-9_-]{24}$/);
    await expect(staffCreate(t.db, { account: 'firstadmin', role: 'admin' })).rejects.toThrow(
      StaffCreateError,
    );
    await expect(staffCreate(t.db, { account: 'x', role: 'admin' })).rejects.toThrow(
      StaffCreateError,
    );
    await expect(staffCreate(t.db, { account: 'other', role: 'root' })).rejects.toThrow(
      StaffCreateError,
    );

    const login = expectSuccess<{ token: string; next: string }>(
      await staffCall(t.app, '/auth/login', {
        account: 'firstadmin',
        password: created.oneTimePassword,
      }),
    );
    expect(login.next).toBe('enrol');
    // A half session opens nothing but enrolment and the code.
    expectRefusal(await staffCall(t.app, '/auth/me', {}, login.token), 'auth.required', 401);
    const enrol = expectSuccess<{ otpauthUri: string; qrSvg: string }>(
      await staffCall(t.app, '/auth/enrol', {}, login.token),
    );
    expect(enrol.otpauthUri).toMatch(/^otpauth:\/\/totp\/Maru:firstadmin\?/);
    expect(enrol.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const secret = secretOf(enrol.otpauthUri);
    expectRefusal(
      await staffCall(t.app, '/auth/verify', { code: '000000' }, login.token),
      'staff.wrong_code',
      400,
    );
    const me = expectSuccess<{ role: string; mustChangePassword: boolean }>(
      await staffCall(t.app, '/auth/verify', { code: await generate({ secret }) }, login.token),
    );
    expect(me).toMatchObject({ role: 'admin', mustChangePassword: true });
    // Until the one-time password is changed, nothing else.
    expectRefusal(
      await staffCall(t.app, '/staff/list', {}, login.token),
      'staff.password_change_required',
      403,
    );
    expectSuccess(
      await staffCall(
        t.app,
        '/auth/changePassword',
        {
          oldPassword: created.oneTimePassword,
          password: STAFF_PASSWORD,
          confirmPassword: STAFF_PASSWORD,
        },
        login.token,
      ),
    );
    expectSuccess(await staffCall(t.app, '/staff/list', {}, login.token));

    // The next sign-in asks for a code from the enrolled secret; a used code cannot be replayed.
    const again = expectSuccess<{ token: string; next: string }>(
      await staffCall(t.app, '/auth/login', { account: 'firstadmin', password: STAFF_PASSWORD }),
    );
    expect(again.next).toBe('totp');
    const [row] = await t.db
      .select({ step: staffAccounts.lastTotpStep })
      .from(staffAccounts)
      .where(eq(staffAccounts.account, 'firstadmin'));
    const usedCode = await generate({ secret, epoch: (row?.step ?? 0) * 30 });
    expectRefusal(
      await staffCall(t.app, '/auth/verify', { code: usedCode }, again.token),
      'staff.wrong_code',
      400,
    );
  });

  it('locks the guessing address out of an account after 10 failures, answered like any failure', async () => {
    const staff = await signInNewStaff(t.app, t.db, 'operator');
    const from = (remoteAddress: string, account: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: `${STAFF_API_BASE}/auth/login`,
        payload: { account, password },
        remoteAddress,
      });
    const answers = [];
    for (let i = 1; i <= 10; i++) {
      answers.push(await from('10.1.0.1', staff.account, `wrong-${i}-xx`));
    }
    // Locked: even the right password is refused from that address, with the same answer as an
    // unknown account and a wrong password.
    const locked = await from('10.1.0.1', staff.account, STAFF_PASSWORD);
    const unknown = await from('10.1.0.9', 'nobody-here', 'wrong-password-1');
    for (const answer of [...answers, locked, unknown]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual(unknown.json());
    }
    expect(envelope(unknown).code).toBe('staff.wrong_credentials');
    const [row] = await t.db
      .select({ failures: secretAttempts.failures, lockedUntil: secretAttempts.lockedUntil })
      .from(secretAttempts)
      .where(
        and(
          eq(secretAttempts.kind, 'staff_password'),
          eq(secretAttempts.account, staff.account),
          eq(secretAttempts.source, '10.1.0.1'),
        ),
      );
    expect(row?.failures).toBe(10);
    const minutes = ((row?.lockedUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    // The owner, elsewhere, still signs in (and case does not matter).
    expectSuccess(await from('10.1.0.2', staff.account.toUpperCase(), STAFF_PASSWORD));
  });

  it('refuses every staff call without a staff session, and with a customer token', async () => {
    const customer = await registerCustomer(t.app, t.demoCode);
    for (const [name, spec] of Object.entries(STAFF_CALLS)) {
      if (spec.access === 'public') continue;
      const none = await staffCall(t.app, spec.path, {});
      expect(none.statusCode, name).toBe(401);
      const withCustomer = await staffCall(t.app, spec.path, {}, customer.token, {
        token: customer.token,
        account: customer.account,
      });
      expect(withCustomer.statusCode, name).toBe(401);
      expect(envelope(withCustomer).code).toBe('auth.required');
    }
  });

  it('refuses a role without the right for every role-restricted call', async () => {
    const staff = {
      reviewer: await signInNewStaff(t.app, t.db, 'reviewer'),
      operator: await signInNewStaff(t.app, t.db, 'operator'),
    };
    for (const [name, spec] of Object.entries(STAFF_CALLS)) {
      const roles = staffAccessOf(spec.access);
      if (roles === null || typeof roles === 'string') continue;
      for (const role of ['reviewer', 'operator'] as const) {
        if (roles.includes(role)) continue;
        expectRefusal(
          await staffCall(t.app, spec.path, {}, staff[role].token),
          'staff.forbidden',
          403,
        );
        void name;
      }
    }
  });
});
