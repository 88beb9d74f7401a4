import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountStateName, AccountStatusDto } from '../../contract';
import { ACCOUNT_EVENTS } from '../../machines/account';
import { customers } from '../../server/db/schema';
import { accountLifecycle, applyEvent } from '../../server/lifecycle';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { call, expectRefusal, expectSuccess, registerCustomer, writeSnapshot } from './api-helpers';

describe.each(databaseKinds)('/account/status on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  /** Staff would do this from the back office; here the engine is driven directly. */
  const setState = async (
    account: string,
    state: AccountStateName,
    on: boolean,
    reason: string,
  ) => {
    const [row] = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.account, account));
    if (!row) throw new Error(`no customer ${account}`);
    await applyEvent(t.db, {
      lifecycle: accountLifecycle,
      id: row.id,
      event: { type: ACCOUNT_EVENTS[state][on ? 'set' : 'clear'], reason },
      actor: { kind: 'system', id: null },
    });
  };

  it('answers an unrestricted account with nothing blocked', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    const status = expectSuccess<AccountStatusDto>(
      await call(t.app, '/account/status', {}, { session }),
    );
    expect(status).toEqual({ restrictions: [], blocked: [] });
  });

  it('shows a frozen customer the reasons and blocked actions, only their own', async () => {
    const alice = await registerCustomer(t.app, t.demoCode);
    const bob = await registerCustomer(t.app, t.demoCode);
    await setState(alice.account, 'tradingBarred', true, 'Unusual order pattern');
    await setState(alice.account, 'frozen', true, '  Court order 2026-17  ');
    await setState(bob.account, 'withdrawalBarred', true, 'Bank account check');

    // Every other call is refused while frozen; this one answers, and writes nothing.
    expectRefusal(await call(t.app, '/user/info', {}, { session: alice }), 'account.frozen', 403);
    const before = await writeSnapshot(t.db);
    const status = expectSuccess<AccountStatusDto>(
      await call(t.app, '/account/status', {}, { session: alice }),
    );
    expect(await writeSnapshot(t.db)).toEqual(before);
    expect(status.restrictions).toEqual([
      { name: 'frozen', reason: 'Court order 2026-17' },
      { name: 'tradingBarred', reason: 'Unusual order pattern' },
    ]);
    expect(status.blocked).toEqual(['signIn', 'useAccount', 'trade', 'deposit', 'withdraw']);

    // Bob sees his bar, never Alice's restrictions or reasons.
    const bobs = expectSuccess<AccountStatusDto>(
      await call(t.app, '/account/status', {}, { session: bob }),
    );
    expect(bobs).toEqual({
      restrictions: [{ name: 'withdrawalBarred', reason: 'Bank account check' }],
      blocked: ['withdraw'],
    });

    // Lifting the freeze leaves the trading bar and its reason.
    await setState(alice.account, 'frozen', false, 'Order lifted');
    const after = expectSuccess<AccountStatusDto>(
      await call(t.app, '/account/status', {}, { session: alice }),
    );
    expect(after).toEqual({
      restrictions: [{ name: 'tradingBarred', reason: 'Unusual order pattern' }],
      blocked: ['trade'],
    });
  });

  it('needs a session and takes no fields', async () => {
    expectRefusal(await call(t.app, '/account/status', {}), 'auth.required', 401);
    const session = await registerCustomer(t.app, t.demoCode);
    expectRefusal(
      await call(t.app, '/account/status', { account: 'someone-else' }, { session }),
      'request.unknown_field',
      400,
    );
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/vue/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    expect(Object.keys(doc.paths)).toContain('/api/vue/account/status');
  });
});
