import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountStateName, ErrorCode } from '../../contract';
import { ACCOUNT_EVENTS } from '../../machines/account';
import { customers } from '../../server/db/schema';
import { accountLifecycle, applyEvent } from '../../server/lifecycle';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import {
  GOOD_PASSWORD,
  call,
  expectRefusal,
  expectSuccess,
  registerCustomer,
  writeSnapshot,
} from './api-helpers';

const STATES = [
  ['frozen', 'account.frozen'],
  ['disabled', 'account.disabled'],
  ['loginBanned', 'account.login_banned'],
] as const satisfies ReadonlyArray<readonly [string, ErrorCode]>;

describe.each(databaseKinds)('account states on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  /** Staff would do this from the back office; here the engine is driven directly. */
  const setState = async (account: string, state: AccountStateName, value: boolean) => {
    const [row] = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.account, account));
    if (!row) throw new Error(`no customer ${account}`);
    await applyEvent(t.db, {
      lifecycle: accountLifecycle,
      id: row.id,
      event: { type: ACCOUNT_EVENTS[state][value ? 'set' : 'clear'], reason: 'Test' },
      actor: { kind: 'system', id: null },
    });
  };

  it.each(STATES)('login is refused with 403 when the account is %s', async (state, code) => {
    const session = await registerCustomer(t.app, t.demoCode);
    await setState(session.account, state, true);
    const before = await writeSnapshot(t.db);
    const refused = await call(t.app, '/user/login', {
      account: session.account,
      password: GOOD_PASSWORD,
    });
    expectRefusal(refused, code, 403);
    expect(await writeSnapshot(t.db)).toEqual(before);
  });

  it.each(STATES)('the state is not revealed without the password (%s)', async (state) => {
    const session = await registerCustomer(t.app, t.demoCode);
    await setState(session.account, state, true);
    expectRefusal(
      await call(t.app, '/user/login', { account: session.account, password: 'wrong-password-1' }),
      'account.wrong_credentials',
      400,
    );
  });

  it.each(STATES)(
    'a session ends its use once the account is %s mid-session',
    async (state, code) => {
      const session = await registerCustomer(t.app, t.demoCode);
      expectSuccess(await call(t.app, '/user/info', {}, { session }));
      await setState(session.account, state, true);
      expectRefusal(await call(t.app, '/user/info', {}, { session }), code, 403);
      expectRefusal(
        await call(
          t.app,
          '/user/changePassword',
          {
            oldPassword: GOOD_PASSWORD,
            password: 'new-harbour-77',
            confirmPassword: 'new-harbour-77',
          },
          { session },
        ),
        code,
        403,
      );
      // Lifting the state restores the same session.
      await setState(session.account, state, false);
      expectSuccess(await call(t.app, '/user/info', {}, { session }));
    },
  );

  it('a restricted account can still log out', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    await setState(session.account, 'frozen', true);
    expectSuccess(await call(t.app, '/user/logout', {}, { session }));
    await setState(session.account, 'frozen', false);
    expectRefusal(await call(t.app, '/user/info', {}, { session }), 'auth.required', 401);
  });

  it('trading and withdrawal bars do not block login or info, and show in info', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    await setState(session.account, 'tradingBarred', true);
    await setState(session.account, 'withdrawalBarred', true);
    expectSuccess(
      await call(t.app, '/user/login', { account: session.account, password: GOOD_PASSWORD }),
    );
    const info = expectSuccess<{ states: Record<string, boolean> }>(
      await call(t.app, '/user/info', {}, { session }),
    );
    expect(info.states).toMatchObject({
      tradingBarred: true,
      withdrawalBarred: true,
      frozen: false,
    });
  });

  it('an unknown account and a wrong password get the same refusal', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    const unknown = await call(t.app, '/user/login', {
      account: 'nobody-here',
      password: GOOD_PASSWORD,
    });
    const wrong = await call(t.app, '/user/login', {
      account: session.account,
      password: 'nope-nope-1',
    });
    expectRefusal(unknown, 'account.wrong_credentials', 400);
    expectRefusal(wrong, 'account.wrong_credentials', 400);
    expect(unknown.body).toBe(wrong.body);
  });
});
