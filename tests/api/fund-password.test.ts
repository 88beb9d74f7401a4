import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { customers } from '../../server/db/schema';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { GOOD_PASSWORD, call, expectRefusal, expectSuccess, registerCustomer } from './api-helpers';
import { signInNewStaff, staffCall, submitKyc } from './identity-helpers';

describe.each(databaseKinds)('fund password on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const set = { fundPassword: '135790', confirmFundPassword: '135790' };

  it('is set once, changed with the old one, and stored as argon2id', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    expectSuccess(await call(t.app, '/user/fundPassword/set', set, { session }));
    expectRefusal(
      await call(t.app, '/user/fundPassword/set', set, { session }),
      'fund_password.already_set',
      400,
    );
    const [row] = await t.db
      .select({ hash: customers.fundPasswordHash })
      .from(customers)
      .where(eq(customers.account, session.account));
    expect(row?.hash).toMatch(/^\$argon2id\$/);
    expectSuccess(
      await call(
        t.app,
        '/user/fundPassword/change',
        { oldFundPassword: '135790', fundPassword: '246801', confirmFundPassword: '246801' },
        { session },
      ),
    );
  });

  it('locks for 30 minutes after 5 wrong attempts', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    expectSuccess(await call(t.app, '/user/fundPassword/set', set, { session }));
    const attempt = (old: string) =>
      call(
        t.app,
        '/user/fundPassword/change',
        { oldFundPassword: old, fundPassword: '246801', confirmFundPassword: '246801' },
        { session },
      );
    for (let left = 4; left >= 1; left--) {
      const refusal = expectRefusal(await attempt('000000'), 'fund_password.wrong', 400);
      expect(refusal.params?.attemptsLeft).toBe(left);
    }
    const locked = expectRefusal(await attempt('000000'), 'fund_password.locked', 403);
    expect(locked.params?.minutes).toBe(30);
    expectRefusal(await attempt('135790'), 'fund_password.locked', 403);
  });

  it('resets with the login password and the ID number on file, once verified', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    expectSuccess(await call(t.app, '/user/fundPassword/set', set, { session }));
    const reset = (idNumber: string, password = GOOD_PASSWORD) =>
      call(
        t.app,
        '/user/fundPassword/reset',
        { password, idNumber, fundPassword: '975310', confirmFundPassword: '975310' },
        { session },
      );
    expectRefusal(await reset('900101-1'), 'kyc.required', 400);
    expectSuccess((await submitKyc(t.app, session, '9001011')).response);
    const [row] = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.account, session.account));
    const reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    expectSuccess(await staffCall(t.app, '/kyc/approve', { customerId: row?.id }, reviewer.token));
    expectRefusal(await reset('900101-2'), 'fund_password.identity_mismatch', 400);
    expectRefusal(
      await reset('900101-1', 'not-my-password'),
      'fund_password.identity_mismatch',
      400,
    );
    expectSuccess(await reset('900101-1'));
  });

  it('refuses a fund password that is not 6 digits and a mismatched confirmation', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    expectRefusal(
      await call(
        t.app,
        '/user/fundPassword/set',
        { fundPassword: '12a456', confirmFundPassword: '12a456' },
        { session },
      ),
      'fund_password.invalid',
      400,
      'fundPassword',
    );
    expectRefusal(
      await call(
        t.app,
        '/user/fundPassword/set',
        { fundPassword: '123456', confirmFundPassword: '123457' },
        { session },
      ),
      'fund_password.mismatch',
      400,
      'confirmFundPassword',
    );
  });
});
