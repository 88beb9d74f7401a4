import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, institutions, ledgerAccounts } from '../../server/db/schema';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import {
  GOOD_PASSWORD,
  call,
  envelope,
  expectRefusal,
  newAccountName,
  registerCustomer,
  writeSnapshot,
} from './api-helpers';

describe.each(databaseKinds)('registration on %s', (kind) => {
  let t: TestApp;
  const form = (overrides: Record<string, unknown> = {}) => ({
    account: newAccountName('reg'),
    password: GOOD_PASSWORD,
    confirmPassword: GOOD_PASSWORD,
    code: t.demoCode,
    agree: true,
    ...overrides,
  });

  beforeAll(async () => {
    t = await buildTestApp(kind, { demoCode: 'DEMO2026' });
    await t.db
      .insert(institutions)
      .values({ code: 'CLOSED1', name: 'Closed branch', active: false });
  });
  afterAll(() => t.close());

  it('seeds the configured institution code', () => {
    expect(t.demoCode).toBe('DEMO2026');
  });

  it('opens a customer with available and held accounts in every account currency', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    const [customer] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.account, session.account));
    const accounts = await t.db
      .select({ currency: ledgerAccounts.currency, kind: ledgerAccounts.kind })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.customerId, customer?.id ?? -1));
    expect(accounts.map((a) => `${a.currency}/${a.kind}`).sort()).toEqual([
      'KRW/available',
      'KRW/held',
      'USD/available',
      'USD/held',
      'USDT/available',
      'USDT/held',
    ]);
  });

  it('refuses a taken account with 409 and writes nothing', async () => {
    const body = form();
    await registerCustomer(t.app, t.demoCode, body.account);
    const before = await writeSnapshot(t.db);
    expectRefusal(await call(t.app, '/user/register', body), 'account.exists', 409, 'account');
    expect(await writeSnapshot(t.db)).toEqual(before);
  });

  it('lets exactly one of two simultaneous registrations of one name through', async () => {
    const body = form();
    const answers = await Promise.all([
      call(t.app, '/user/register', body),
      call(t.app, '/user/register', body),
    ]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = answers.find((a) => a.statusCode === 409);
    expect(loser && envelope(loser).code).toBe('account.exists');
    const rows = await t.db.select().from(customers).where(eq(customers.account, body.account));
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['an unknown institution code', 'NOPE99'],
    ['an inactive institution code', 'CLOSED1'],
  ])('refuses %s', async (_label, code) => {
    const before = await writeSnapshot(t.db);
    expectRefusal(
      await call(t.app, '/user/register', form({ code })),
      'account.inviter_unknown',
      400,
      'code',
    );
    expect(await writeSnapshot(t.db)).toEqual(before);
  });

  it.each([
    [
      'mismatched confirmation',
      { confirmPassword: 'blue-harbour-43' },
      'account.password_mismatch',
      'confirmPassword',
    ],
    [
      'a common password',
      { password: 'password123', confirmPassword: 'password123' },
      'account.password_common',
      'password',
    ],
    [
      'a digit run',
      { password: '23456789', confirmPassword: '23456789' },
      'account.password_common',
      'password',
    ],
    [
      'a short password',
      { password: 'k9$mQ2', confirmPassword: 'k9$mQ2' },
      'account.password_too_short',
      'password',
    ],
    ['no agreement', { agree: false }, 'account.agreement_required', 'agree'],
    ['an account with spaces', { account: 'two words' }, 'account.invalid_name', 'account'],
    ['a short account', { account: 'abc' }, 'account.invalid_name', 'account'],
  ] as const)('refuses %s', async (_label, overrides, code, field) => {
    const before = await writeSnapshot(t.db);
    const refusal = expectRefusal(
      await call(t.app, '/user/register', form(overrides)),
      code,
      400,
      field,
    );
    if (code === 'account.password_too_short') expect(refusal.params?.min).toBe(8);
    if (code === 'account.invalid_name') expect(refusal.params).toMatchObject({ min: 4, max: 32 });
    expect(await writeSnapshot(t.db)).toEqual(before);
  });

  it('never echoes the submitted values in a refusal', async () => {
    const secret = 'zz-Secret-Value-77';
    const response = await call(
      t.app,
      '/user/register',
      form({ password: secret, confirmPassword: `${secret}x` }),
    );
    expectRefusal(response, 'account.password_mismatch', 400, 'confirmPassword');
    expect(response.body).not.toContain(secret);
  });
});
