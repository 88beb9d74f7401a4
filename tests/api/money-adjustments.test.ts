import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustmentDto, FundRecordDto, SettingItemDto } from '../../contract';
import { FUND_SETTING_KEYS } from '../../contract';
import { auditLog, journalEntries } from '../../server/db/schema';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { call, expectRefusal, expectSuccess, writeSnapshot } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import { adjust, balanceOf, verifiedCustomer } from './money-helpers';

/**
 * Manual balance adjustments (one proposes, another decides; a journal entry on approval) and the
 * fund settings (audited like /settings/set, pairs kept in order), through the real API.
 */
describe.each(databaseKinds)('adjustments and fund settings on %s', (kind) => {
  let t: TestApp;
  let reviewer: SignedInStaff;
  let first: SignedInStaff;
  let second: SignedInStaff;
  let admin: SignedInStaff;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    first = await signInNewStaff(t.app, t.db, 'operator');
    second = await signInNewStaff(t.app, t.db, 'operator');
    admin = await signInNewStaff(t.app, t.db, 'admin');
  }, 120_000);
  afterAll(() => t.close());

  const propose = (staff: SignedInStaff, body: Record<string, unknown>) =>
    staffCall(t.app, '/ledger/adjust/propose', body, staff.token);
  const decide = (staff: SignedInStaff, id: number, approve: boolean) =>
    staffCall(t.app, '/ledger/adjust/approve', { id, approve }, staff.token);

  it('posts an approved adjustment as one entry that shows on the trade tab', async () => {
    const { session, id } = await verifiedCustomer(t, reviewer);
    const proposed = expectSuccess<AdjustmentDto>(
      await propose(first, {
        customerId: id,
        currency: 'KRW',
        amount: 50_000,
        reason: 'Fee refund',
      }),
    );
    expect(proposed).toMatchObject({
      customerId: id,
      account: session.account,
      currency: 'KRW',
      amount: 50_000,
      reason: 'Fee refund',
      state: 'pending',
      proposedBy: first.account,
      decidedBy: null,
      entryId: null,
    });
    expect(await balanceOf(t, session, 'KRW')).toMatchObject({ available: 0 });

    // The proposer cannot approve their own proposal.
    const before = await writeSnapshot(t.db);
    expectRefusal(await decide(first, proposed.id, true), 'four_eyes.same_staff', 409);
    expect(await writeSnapshot(t.db)).toEqual(before);

    const approved = expectSuccess<AdjustmentDto>(await decide(second, proposed.id, true));
    expect(approved).toMatchObject({ state: 'approved', decidedBy: second.account });
    expect(approved.entryId).not.toBeNull();
    expect(await balanceOf(t, session, 'KRW')).toMatchObject({ available: 50_000 });
    const [entry] = await t.db
      .select()
      .from(journalEntries)
      .where(eq(journalEntries.id, approved.entryId ?? 0));
    expect(entry).toMatchObject({
      kind: 'adjustment',
      reason: 'Fee refund',
      actor: `staff:${second.id}`,
    });

    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'adjustApprove'), eq(auditLog.entity, `adjustment:${proposed.id}`)),
      );
    expect(audited).toMatchObject({ actorId: second.id });

    const trades = expectSuccess<FundRecordDto>(
      await call(t.app, '/user/fundRecord', { type: 'trade', page: 1, pageSize: 20 }, { session }),
    );
    expect(trades.total).toBe(1);
    expect(trades.items[0]).toMatchObject({
      id: approved.entryId,
      type: 'trade',
      orderNo: `E${approved.entryId}`,
      state: 'done',
      amount: 50_000,
      currency: 'KRW',
      reason: 'Fee refund',
      entryKind: 'adjustment',
      counterAmount: null,
    });

    // Decided once only.
    expectRefusal(await decide(second, proposed.id, false), 'proposal.not_pending', 409);
  });

  it('refuses a debit below zero and keeps the proposal pending; a rejection posts nothing', async () => {
    const { session, id } = await verifiedCustomer(t, reviewer);
    await adjust(t, { proposer: first, approver: second }, id, 'USD', 1_000);
    const debit = expectSuccess<AdjustmentDto>(
      await propose(first, { customerId: id, currency: 'USD', amount: -1_001, reason: 'Reversal' }),
    );
    const before = await writeSnapshot(t.db);
    expectRefusal(await decide(second, debit.id, true), 'money.insufficient', 400);
    expect(await writeSnapshot(t.db)).toEqual(before);
    const pending = expectSuccess<{ items: AdjustmentDto[]; total: number }>(
      await staffCall(t.app, '/ledger/adjust/list', { state: 'pending' }, second.token),
    );
    expect(pending.items.find((i) => i.id === debit.id)).toMatchObject({ state: 'pending' });

    const rejected = expectSuccess<AdjustmentDto>(await decide(second, debit.id, false));
    expect(rejected).toMatchObject({ state: 'rejected', entryId: null });
    expect(await writeSnapshot(t.db)).toEqual(before);

    const exact = expectSuccess<AdjustmentDto>(
      await propose(second, {
        customerId: id,
        currency: 'USD',
        amount: -1_000,
        reason: 'Reversal',
      }),
    );
    expectSuccess(await decide(first, exact.id, true));
    expect(await balanceOf(t, session, 'USD')).toMatchObject({ available: 0 });

    const trades = expectSuccess<FundRecordDto>(
      await call(t.app, '/user/fundRecord', { type: 'trade', page: 1, pageSize: 1 }, { session }),
    );
    expect(trades).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(trades.items[0]).toMatchObject({ amount: -1_000, currency: 'USD' });
  });

  it('refuses an unknown customer or proposal, and staff without the operator role', async () => {
    expectRefusal(
      await propose(first, { customerId: 999_999, currency: 'KRW', amount: 1, reason: 'x' }),
      'account.not_found',
      404,
      'customerId',
    );
    expectRefusal(await decide(second, 999_999, true), 'proposal.not_found', 404, 'id');
    expectRefusal(
      await propose(reviewer, { customerId: 1, currency: 'KRW', amount: 1, reason: 'x' }),
      'staff.forbidden',
      403,
    );
    expectRefusal(
      await propose(first, { customerId: 1, currency: 'CNY', amount: 1, reason: 'x' }),
      'money.unsupported_currency',
      400,
      'currency',
    );
  });

  it('lists and sets the fund settings, audited, keeping each pair in order', async () => {
    const got = expectSuccess<{ items: SettingItemDto[] }>(
      await staffCall(t.app, '/fundSettings/get', {}, first.token),
    );
    expect(got.items.map((i) => i.key)).toEqual(FUND_SETTING_KEYS);
    expect(got.items.find((i) => i.key === 'fund.withdrawMin')).toMatchObject({
      value: 100_000,
      defaultValue: 100_000,
      unit: 'won',
      updatedBy: null,
    });

    expectRefusal(
      await staffCall(
        t.app,
        '/fundSettings/set',
        { key: 'fund.withdrawMin', value: 200_000 },
        first.token,
      ),
      'staff.forbidden',
      403,
    );
    expectRefusal(
      await staffCall(
        t.app,
        '/fundSettings/set',
        { key: 'kyc.reviewHours', value: 10 },
        admin.token,
      ),
      'request.invalid',
      400,
      'key',
    );
    const set = expectSuccess<SettingItemDto>(
      await staffCall(
        t.app,
        '/fundSettings/set',
        { key: 'fund.withdrawMin', value: 200_000 },
        admin.token,
      ),
    );
    expect(set).toMatchObject({
      key: 'fund.withdrawMin',
      value: 200_000,
      updatedBy: admin.account,
    });
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fundSettingsSet'), eq(auditLog.actorId, admin.id)));
    expect(audited).toMatchObject({
      entity: 'setting:fund.withdrawMin',
      detail: { value: 200_000, previous: 100_000 },
    });

    // A minimum above its maximum, or a window opening after it closes, from either call.
    const refused = expectRefusal(
      await staffCall(
        t.app,
        '/fundSettings/set',
        { key: 'fund.withdrawMin', value: 60_000_000 },
        admin.token,
      ),
      'request.invalid',
      400,
      'value',
    );
    expect(refused.params?.pair).toBe('fund.withdrawMin ≤ fund.withdrawMax');
    expectRefusal(
      await staffCall(
        t.app,
        '/fundSettings/set',
        { key: 'fund.depositMax', value: 9_999 },
        admin.token,
      ),
      'request.invalid',
      400,
      'value',
    );
    const window = expectRefusal(
      await staffCall(
        t.app,
        '/settings/set',
        { key: 'fund.withdrawCloses', value: 8 * 60 },
        admin.token,
      ),
      'request.invalid',
      400,
      'value',
    );
    expect(window.params?.pair).toBe('fund.withdrawOpens ≤ fund.withdrawCloses');
    // Equal ends are in order.
    expectSuccess(
      await staffCall(
        t.app,
        '/fundSettings/set',
        { key: 'fund.depositOpens', value: 24 * 60 - 1 },
        admin.token,
      ),
    );
    expectSuccess(
      await staffCall(
        t.app,
        '/fundSettings/set',
        { key: 'fund.depositOpens', value: 0 },
        admin.token,
      ),
    );
  });
});
