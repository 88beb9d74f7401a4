import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfoDto } from '../../contract';
import { ACCOUNT_CURRENCIES } from '../../contract';
import { customers, sessions } from '../../server/db/schema';
import { customerAccountId, houseAccountId, postEntry } from '../../server/ledger';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import {
  GOOD_PASSWORD,
  OTHER_PASSWORD,
  call,
  expectRefusal,
  expectSuccess,
  loginCustomer,
  newAccountName,
  registerCustomer,
} from './api-helpers';

describe.each(databaseKinds)('customer journey on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('registers, reads info, changes the password, logs out', async () => {
    const account = newAccountName('journey');
    const session = await registerCustomer(t.app, t.demoCode, account);
    expect(session.account).toBe(account);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const info = expectSuccess<UserInfoDto>(await call(t.app, '/user/info', {}, { session }));
    expect(info.account).toBe(account);
    expect(info.accountId).toMatch(/^[1-9][0-9]{7}$/);
    expect(info.kycState).toBe('unverified');
    expect(info.creditScore).toBe(100);
    expect(info.avatar).toBeNull();
    expect(info.institution).toBe('Maru Demo');
    expect(info.fundPasswordSet).toBe(false);
    expect(info.states).toEqual({
      frozen: false,
      disabled: false,
      loginBanned: false,
      tradingBarred: false,
      withdrawalBarred: false,
    });
    expect(info.balances).toEqual(
      ACCOUNT_CURRENCIES.map((currency) => ({ currency, total: 0, available: 0, held: 0 })),
    );
    expect(Number.isNaN(Date.parse(info.createdAt))).toBe(false);

    expectSuccess(
      await call(
        t.app,
        '/user/changePassword',
        { oldPassword: GOOD_PASSWORD, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
        { session },
      ),
    );
    expectRefusal(
      await call(t.app, '/user/login', { account, password: GOOD_PASSWORD }),
      'account.wrong_credentials',
      400,
    );
    const second = await loginCustomer(t.app, account, OTHER_PASSWORD);
    expect(second.token).not.toBe(session.token);

    expect(expectSuccess(await call(t.app, '/user/logout', {}, { session }))).toBeNull();
    expectRefusal(await call(t.app, '/user/info', {}, { session }), 'auth.required', 401);
    // Logging out ends only that session.
    expectSuccess(await call(t.app, '/user/info', {}, { session: second }));
  });

  it('a password change ends every other session and keeps the current one', async () => {
    const account = newAccountName('multi');
    const first = await registerCustomer(t.app, t.demoCode, account);
    const phone = await loginCustomer(t.app, account);
    const tablet = await loginCustomer(t.app, account);

    expectSuccess(
      await call(
        t.app,
        '/user/changePassword',
        { oldPassword: GOOD_PASSWORD, password: OTHER_PASSWORD, confirmPassword: OTHER_PASSWORD },
        { session: phone },
      ),
    );
    expectSuccess(await call(t.app, '/user/info', {}, { session: phone }));
    expectRefusal(await call(t.app, '/user/info', {}, { session: first }), 'auth.required', 401);
    expectRefusal(await call(t.app, '/user/info', {}, { session: tablet }), 'auth.required', 401);
  });

  it('refuses a password change with the wrong current password and changes nothing', async () => {
    const account = newAccountName('wrongold');
    const session = await registerCustomer(t.app, t.demoCode, account);
    const other = await loginCustomer(t.app, account);
    expectRefusal(
      await call(
        t.app,
        '/user/changePassword',
        {
          oldPassword: 'not-the-password-9',
          password: OTHER_PASSWORD,
          confirmPassword: OTHER_PASSWORD,
        },
        { session },
      ),
      'account.wrong_original_password',
      400,
      'oldPassword',
    );
    await loginCustomer(t.app, account, GOOD_PASSWORD);
    expectSuccess(await call(t.app, '/user/info', {}, { session: other }));
  });

  it('refuses a new password equal to the current one', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    expectRefusal(
      await call(
        t.app,
        '/user/changePassword',
        { oldPassword: GOOD_PASSWORD, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD },
        { session },
      ),
      'account.password_same',
      400,
      'password',
    );
  });

  it('stores only the sha256 of a token and an argon2id hash of the password', async () => {
    const account = newAccountName('hashed');
    const session = await registerCustomer(t.app, t.demoCode, account);
    const [customer] = await t.db.select().from(customers).where(eq(customers.account, account));
    expect(customer?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(customer?.passwordHash).not.toContain(GOOD_PASSWORD);

    const rows = await t.db
      .select()
      .from(sessions)
      .where(eq(sessions.customerId, customer?.id ?? -1));
    expect(rows).toHaveLength(1);
    const expected = createHash('sha256').update(session.token).digest('hex');
    expect(rows[0]?.tokenHash).toBe(expected);
    expect(JSON.stringify(rows)).not.toContain(session.token);
    const ttl = (rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0);
    expect(ttl).toBe(30 * 24 * 60 * 60 * 1000);
  });

  it('refuses missing, unknown, mismatched and expired sessions with 401', async () => {
    const a = await registerCustomer(t.app, t.demoCode);
    const b = await registerCustomer(t.app, t.demoCode);
    expectRefusal(await call(t.app, '/user/info', {}), 'auth.required', 401);
    expectRefusal(
      await call(t.app, '/user/info', {}, { headers: { token: a.token } }),
      'auth.required',
      401,
    );
    expectRefusal(
      await call(
        t.app,
        '/user/info',
        {},
        { session: { token: 'x'.repeat(43), account: a.account } },
      ),
      'auth.required',
      401,
    );
    // A's token presented as B's account.
    expectRefusal(
      await call(t.app, '/user/info', {}, { session: { token: a.token, account: b.account } }),
      'auth.required',
      401,
    );
    const hash = createHash('sha256').update(a.token).digest('hex');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hash));
    expectRefusal(await call(t.app, '/user/info', {}, { session: a }), 'auth.required', 401);
    expectSuccess(await call(t.app, '/user/info', {}, { session: b }));
  });

  it('shows balances derived from ledger postings', async () => {
    const account = newAccountName('rich');
    const session = await registerCustomer(t.app, t.demoCode, account);
    const [customer] = await t.db.select().from(customers).where(eq(customers.account, account));
    const id = customer?.id ?? -1;
    const house = await houseAccountId(t.db, 'KRW', 'house_bank');
    const cash = await customerAccountId(t.db, id, 'KRW', 'available');
    const held = await customerAccountId(t.db, id, 'KRW', 'held');
    await postEntry(t.db, {
      kind: 'deposit',
      reason: 'test deposit',
      actor: 'system',
      postings: [
        { accountId: house, amount: -1_000_000 },
        { accountId: cash, amount: 1_000_000 },
      ],
    });
    await postEntry(t.db, {
      kind: 'order_reserve',
      reason: 'test reservation',
      actor: 'system',
      postings: [
        { accountId: cash, amount: -250_000 },
        { accountId: held, amount: 250_000 },
      ],
    });
    const info = expectSuccess<UserInfoDto>(await call(t.app, '/user/info', {}, { session }));
    expect(info.balances[0]).toEqual({
      currency: 'KRW',
      total: 1_000_000,
      available: 750_000,
      held: 250_000,
    });
    expect(info.balances.slice(1)).toEqual([
      { currency: 'USD', total: 0, available: 0, held: 0 },
      { currency: 'USDT', total: 0, available: 0, held: 0 },
    ]);
  });
});
