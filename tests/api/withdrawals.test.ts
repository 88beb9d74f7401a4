import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BalanceRowDto,
  CashOutInfoDto,
  Currency,
  ErrorCode,
  FundCaseDto,
  FundOrderDetailDto,
  FundOrderDto,
  FundQueueItemDto,
  FundRecordDto,
} from '../../contract';
import { appClockOf } from '../../server/clock';
import { loadConfig } from '../../server/config';
import {
  auditLog,
  ledgerAccounts,
  lifecycleJobs,
  secretAttempts,
  withdrawals,
} from '../../server/db/schema';
import { houseAccountId } from '../../server/ledger';
import { runDueJobs } from '../../server/lifecycle/jobs';
import { ManualClock } from '../../server/market/clock';
import { toWon } from '../../server/modules/money/fund-limits';
import { writeSetting } from '../../server/settings';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from './api-helpers';
import { call, expectRefusal, expectSuccess, registerCustomer, writeSnapshot } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import type { Withdrawer } from './withdrawal-helpers';
import { FUND, addWallet, fund, newWithdrawer } from './withdrawal-helpers';

/**
 * Withdrawals through the real API (docs/money.md "Withdrawals"): the rules of `/user/cashOut`,
 * the hold and its release, four eyes, the staff desk, the overdue flag and the removal guard.
 */

const SEOUL_HOUR = 60 * 60 * 1000;

describe.each(databaseKinds)('withdrawals on %s', (kind) => {
  let t: TestApp;
  let reviewer: SignedInStaff;
  let reviewer2: SignedInStaff;
  let operator: SignedInStaff;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    reviewer2 = await signInNewStaff(t.app, t.db, 'reviewer');
    operator = await signInNewStaff(t.app, t.db, 'operator');
  }, 120_000);
  afterAll(() => t.close());

  const withdrawer = () => newWithdrawer(t.app, t.db, t.demoCode, reviewer);
  const cashOut = (w: { session: Session }, body: Record<string, unknown>) =>
    call(t.app, '/user/cashOut', { fundPassword: FUND, ...body }, { session: w.session });
  const balance = async (w: Withdrawer, currency: Currency) => {
    const rows = expectSuccess<BalanceRowDto[]>(
      await call(t.app, '/user/balances', {}, { session: w.session }),
    );
    return rows.find((r) => r.currency === currency);
  };
  const setThreshold = (won: number) =>
    writeSetting(t.db, 'fund.fourEyesAbove', won, reviewer.id, new Date());

  it('holds the amount at once and answers the order with its expected arrival', async () => {
    const w = await withdrawer();
    await fund(t.db, w.id, 'KRW', 1_000_000);
    const before = Date.now();
    const order = expectSuccess<FundOrderDto>(
      await cashOut(w, { currency: 'KRW', amount: 300_000, cardId: w.card.id }),
    );
    expect(order).toMatchObject({
      kind: 'withdrawal',
      orderNo: `W${order.id}`,
      currency: 'KRW',
      amount: 300_000,
      state: 'pending.waiting',
      version: 0,
      reason: null,
      reference: null,
      destination: { type: 'card', id: w.card.id, label: `국민은행 ${w.card.masked}` },
    });
    expect(order.accepts).toEqual(
      expect.arrayContaining(['withdrawal.cancel', 'review.approve', 'review.reject']),
    );
    // Demo mode: calendar days; at the latest 24:00 Seoul of the next day.
    const arrival = Date.parse(order.expectedArrival ?? '');
    expect(arrival).toBeGreaterThan(before + 24 * SEOUL_HOUR);
    expect(arrival).toBeLessThanOrEqual(before + 48 * SEOUL_HOUR);
    expect((arrival + 9 * SEOUL_HOUR) % (24 * SEOUL_HOUR)).toBe(0);

    expect(await balance(w, 'KRW')).toEqual({
      currency: 'KRW',
      total: 1_000_000,
      available: 700_000,
      held: 300_000,
      withdrawable: 700_000,
    });
    const info = expectSuccess<CashOutInfoDto>(
      await call(t.app, '/user/cashOut/info', { currency: 'KRW' }, { session: w.session }),
    );
    expect(info).toMatchObject({
      currency: 'KRW',
      min: 100_000,
      max: 50_000_000,
      withdrawable: 700_000,
      pendingOrderId: order.id,
      window: { openNow: true, demo: true },
    });
    // Audited with the destination, never the card number.
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'cashOut'), eq(auditLog.entity, `withdrawal:${order.id}`)));
    expect(audits).toHaveLength(1);
  });

  it('refuses what the rules refuse and writes nothing', async () => {
    const w = await withdrawer();
    await fund(t.db, w.id, 'KRW', 500_000);
    await fund(t.db, w.id, 'USDT', 1_000_000_000);
    const other = await withdrawer();
    const wallet = await addWallet(t.app, w.session);
    const before = await writeSnapshot(t.db);
    const rows = async () => (await t.db.select().from(withdrawals)).length;
    const count = await rows();

    refused(
      await cashOut(w, { currency: 'KRW', amount: 200_000, cardId: other.card.id }),
      'withdrawal.destination_not_found',
      404,
    );
    refused(
      await cashOut(w, { currency: 'KRW', amount: 200_000, cardId: 999_999 }),
      'withdrawal.destination_not_found',
      404,
    );
    refused(
      await cashOut(w, { currency: 'USDT', amount: 200_000_000, cardId: w.card.id }),
      'withdrawal.destination_mismatch',
    );
    refused(
      await cashOut(w, { currency: 'KRW', amount: 200_000, walletId: wallet.id }),
      'withdrawal.destination_mismatch',
    );
    refused(
      await cashOut(w, { currency: 'KRW', amount: 99_999, cardId: w.card.id }),
      'withdrawal.below_min',
    );
    refused(
      await cashOut(w, { currency: 'KRW', amount: 50_000_001, cardId: w.card.id }),
      'withdrawal.above_max',
    );
    const short = envelopeOf(
      await cashOut(w, { currency: 'KRW', amount: 500_001, cardId: w.card.id }),
    );
    expect(short).toMatchObject({
      code: 'withdrawal.insufficient',
      params: { withdrawable: '500,000 KRW' },
    });
    refused(
      await cashOut(w, {
        currency: 'KRW',
        amount: 200_000,
        cardId: w.card.id,
        fundPassword: '000000',
      }),
      'fund_password.wrong',
    );
    expect(await rows()).toBe(count);
    expect(await writeSnapshot(t.db)).toEqual(before);
    // The wrong fund password counted toward the lock although the call was refused.
    const attempts = await t.db.select().from(secretAttempts);
    expect(attempts.some((a) => a.kind === 'fund_password' && a.failures > 0)).toBe(true);

    // USDT to the wallet works, with its min in USDT at the feed's rate.
    const info = expectSuccess<CashOutInfoDto>(
      await call(t.app, '/user/cashOut/info', { currency: 'USDT' }, { session: w.session }),
    );
    expect(toWon(t.app.maru, 'USDT', info.min)).toBeGreaterThanOrEqual(100_000);
    // 3 % above the minimum: the simulated feed's rate moves between this info and the call.
    const amount = Math.ceil(info.min * 1.03);
    expect(amount).toBeLessThanOrEqual(Math.min(info.max, info.withdrawable));
    const usdt = expectSuccess<FundOrderDto>(
      await cashOut(w, { currency: 'USDT', amount, walletId: wallet.id }),
    );
    expect(usdt.destination).toMatchObject({ type: 'wallet', id: wallet.id });
    // One fund operation at a time.
    refused(
      await cashOut(w, { currency: 'KRW', amount: 200_000, cardId: w.card.id }),
      'fund_order.pending_exists',
      409,
    );
  });

  it('refuses a customer whose identity is not verified', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    refused(
      await cashOut({ session }, { currency: 'KRW', amount: 200_000, cardId: 1 }),
      'kyc.required',
    );
  });

  it('cancels while pending, releasing the hold, and shows it in records with its history', async () => {
    const w = await withdrawer();
    await fund(t.db, w.id, 'KRW', 400_000);
    const order = expectSuccess<FundOrderDto>(
      await cashOut(w, { currency: 'KRW', amount: 400_000, cardId: w.card.id }),
    );
    expect((await balance(w, 'KRW'))?.available).toBe(0);
    // The card cannot be removed while the withdrawal to it is open.
    refused(
      await call(
        t.app,
        '/user/delBankCard',
        { id: w.card.id, fundPassword: FUND },
        { session: w.session },
      ),
      'bank_card.withdrawal_pending',
      409,
    );
    const cancelled = expectSuccess<FundOrderDto>(
      await call(t.app, '/user/fundOrder/cancel', { id: order.id }, { session: w.session }),
    );
    expect(cancelled).toMatchObject({ state: 'cancelled', version: 1, accepts: [] });
    expect(await balance(w, 'KRW')).toMatchObject({ available: 400_000, held: 0 });
    refused(
      await call(t.app, '/user/fundOrder/cancel', { id: order.id }, { session: w.session }),
      'fund_order.not_pending',
    );
    // Another customer's id reads as none.
    const other = await withdrawer();
    refused(
      await call(t.app, '/user/fundOrder/cancel', { id: order.id }, { session: other.session }),
      'fund_order.not_found',
      404,
    );

    const detail = expectSuccess<FundOrderDetailDto>(
      await call(t.app, '/user/fundOrder/detail', { id: order.id }, { session: w.session }),
    );
    expect(detail.history).toEqual([
      expect.objectContaining({
        event: 'withdrawal.cancel',
        from: 'pending.waiting',
        to: 'cancelled',
        actor: 'customer',
      }),
    ]);
    const records = expectSuccess<FundRecordDto>(
      await call(t.app, '/user/fundRecord', { type: 'withdraw' }, { session: w.session }),
    );
    expect(records.total).toBe(1);
    expect(records.items[0]).toMatchObject({
      id: order.id,
      orderNo: `W${order.id}`,
      state: 'cancelled',
      amount: -400_000,
      currency: 'KRW',
    });
    // Now the card may go.
    expectSuccess(
      await call(
        t.app,
        '/user/delBankCard',
        { id: w.card.id, fundPassword: FUND },
        { session: w.session },
      ),
    );
  });

  it('needs two different reviewers above the threshold, then the operator pays it', async () => {
    const w = await withdrawer();
    await fund(t.db, w.id, 'USD', 1_000_000);
    // 5,000.00 USD is far above a 1,000,000 won threshold, compared in won.
    await setThreshold(1_000_000);
    const order = expectSuccess<FundOrderDto>(
      await cashOut(w, { currency: 'USD', amount: 500_000, cardId: w.card.id }),
    );
    const first = expectSuccess<FundQueueItemDto>(
      await staffCall(t.app, '/withdrawals/approve', { id: order.id, version: 0 }, reviewer.token),
    );
    expect(first).toMatchObject({
      state: 'pending.waiting',
      version: 1,
      needsTwoApprovals: true,
      approvals: [{ staff: reviewer.account }],
    });
    refused(
      await staffCall(t.app, '/withdrawals/approve', { id: order.id, version: 1 }, reviewer.token),
      'four_eyes.same_staff',
      409,
    );
    // An operator may not approve (reviewers decide; operators pay).
    expect(
      (await staffCall(t.app, '/withdrawals/approve', { id: order.id, version: 1 }, operator.token))
        .statusCode,
    ).toBe(403);
    // Paying before approval is refused by the machine.
    refused(
      await staffCall(
        t.app,
        '/withdrawals/paid',
        { id: order.id, version: 1, reference: 'X' },
        operator.token,
      ),
      'withdrawal.not_approved',
    );
    const approvedAt = Date.now();
    const second = expectSuccess<FundQueueItemDto>(
      await staffCall(t.app, '/withdrawals/approve', { id: order.id, version: 1 }, reviewer2.token),
    );
    expect(second.state).toBe('approved');
    expect(second.approvals.map((a) => a.staff)).toEqual([reviewer.account, reviewer2.account]);
    const approved = expectSuccess<FundOrderDetailDto>(
      await call(t.app, '/user/fundOrder/detail', { id: order.id }, { session: w.session }),
    );
    // Within two hours of approval.
    expect(Date.parse(approved.order.expectedArrival ?? '')).toBeLessThanOrEqual(
      approvedAt + 2 * SEOUL_HOUR + 5_000,
    );
    // The cancel is the customer's only while pending.
    refused(
      await call(t.app, '/user/fundOrder/cancel', { id: order.id }, { session: w.session }),
      'fund_order.not_pending',
    );

    // The payer sees the whole card number.
    const kase = expectSuccess<FundCaseDto>(
      await staffCall(t.app, '/withdrawals/detail', { id: order.id }, reviewer.token),
    );
    expect(kase.payTo).toContain(w.cardNumber);
    expect(kase.item.destination).toMatchObject({ type: 'card', id: w.card.id });
    expect(kase.recent.map((o) => o.id)).toContain(order.id);

    const houseBefore = await houseBalance('USD');
    const paid = expectSuccess<FundQueueItemDto>(
      await staffCall(
        t.app,
        '/withdrawals/paid',
        { id: order.id, version: 2, reference: 'KB-20261125-0042' },
        operator.token,
      ),
    );
    expect(paid.state).toBe('paid');
    expect(await balance(w, 'USD')).toMatchObject({ available: 500_000, held: 0, total: 500_000 });
    expect((await houseBalance('USD')) - houseBefore).toBe(500_000);
    const detail = expectSuccess<FundOrderDetailDto>(
      await call(t.app, '/user/fundOrder/detail', { id: order.id }, { session: w.session }),
    );
    expect(detail.order.reference).toBe('KB-20261125-0042');
    expect(detail.history.map((h) => h.event)).toEqual([
      'review.approve',
      'review.approve',
      'payout.paid',
    ]);
    await setThreshold(10_000_000);
  });

  it('approves with one reviewer below the threshold; a rejection releases the hold with its reason', async () => {
    await setThreshold(10_000_000);
    const w = await withdrawer();
    await fund(t.db, w.id, 'KRW', 300_000);
    const a = expectSuccess<FundOrderDto>(
      await cashOut(w, { currency: 'KRW', amount: 100_000, cardId: w.card.id }),
    );
    const approved = expectSuccess<FundQueueItemDto>(
      await staffCall(t.app, '/withdrawals/approve', { id: a.id, version: 0 }, reviewer.token),
    );
    expect(approved).toMatchObject({ state: 'approved', needsTwoApprovals: false });
    // A stale version is a conflict.
    refused(
      await staffCall(
        t.app,
        '/withdrawals/reject',
        { id: a.id, version: 0, reason: 'late' },
        reviewer.token,
      ),
      'lifecycle.conflict',
      409,
    );
    // The payer finds the account closed: rejected after approval, the hold goes back.
    const rejected = expectSuccess<FundQueueItemDto>(
      await staffCall(
        t.app,
        '/withdrawals/reject',
        { id: a.id, version: 1, reason: 'The receiving account is closed' },
        reviewer.token,
      ),
    );
    expect(rejected).toMatchObject({
      state: 'rejected',
      reason: 'The receiving account is closed',
    });
    expect(await balance(w, 'KRW')).toMatchObject({ available: 300_000, held: 0 });
    const records = expectSuccess<FundRecordDto>(
      await call(t.app, '/user/fundRecord', { type: 'withdraw' }, { session: w.session }),
    );
    expect(records.items[0]).toMatchObject({
      state: 'rejected',
      reason: 'The receiving account is closed',
    });
    refused(
      await staffCall(t.app, '/withdrawals/approve', { id: a.id, version: 2 }, reviewer.token),
      'withdrawal.not_pending',
    );
    refused(
      await staffCall(t.app, '/withdrawals/approve', { id: 999_999, version: 0 }, reviewer.token),
      'withdrawal.not_found',
      404,
    );
  });

  it('flags a withdrawal past its service time in the queue, overdue first', async () => {
    const w = await withdrawer();
    await fund(t.db, w.id, 'KRW', 150_000);
    const order = expectSuccess<FundOrderDto>(
      await cashOut(w, { currency: 'KRW', amount: 150_000, cardId: w.card.id }),
    );
    const [job] = await t.db
      .select()
      .from(lifecycleJobs)
      .where(
        and(
          eq(lifecycleJobs.entityType, 'withdrawal'),
          eq(lifecycleJobs.entityId, String(order.id)),
        ),
      );
    if (!job) throw new Error('no overdue job scheduled');
    // fund.serviceMinutes (120) after it was asked for.
    expect(job.dueAt.getTime() - Date.parse(order.createdAt)).toBe(120 * 60_000);
    await runDueJobs(t.db, {
      now: job.dueAt,
      entity: { type: 'withdrawal', id: String(order.id) },
    });
    const queue = expectSuccess<{ items: FundQueueItemDto[]; total: number }>(
      await staffCall(
        t.app,
        '/withdrawals/queue',
        { overdueOnly: true, page: 1, pageSize: 50 },
        reviewer.token,
      ),
    );
    expect(queue.items.map((i) => i.id)).toContain(order.id);
    expect(queue.items.every((i) => i.overdue)).toBe(true);
    const pending = expectSuccess<{ items: FundQueueItemDto[] }>(
      await staffCall(t.app, '/withdrawals/queue', { page: 1, pageSize: 50 }, reviewer.token),
    );
    expect(pending.items[0]?.overdue).toBe(true);
    expect(pending.items.find((i) => i.id === order.id)).toMatchObject({
      state: 'pending.overdue',
      orderNo: `W${order.id}`,
      realName: '홍길동',
      amountKrw: 150_000,
    });
  });

  async function houseBalance(currency: Currency): Promise<number> {
    const id = await houseAccountId(t.db, currency, 'house_bank');
    const [row] = await t.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.id, id));
    return row?.balance ?? 0;
  }
});

describe('withdrawal window outside demo mode', () => {
  let t: TestApp;
  // Saturday 2026-11-28 10:00 in Seoul: inside the hours, but not a KRX business day.
  const clock = new ManualClock(Date.parse('2026-11-28T01:00:00Z'));
  beforeAll(async () => {
    const market = { ...loadConfig({ LOG_LEVEL: 'silent' }).market, demo: false };
    t = await buildTestApp('pglite', { market }, { clock: appClockOf(clock) });
  }, 120_000);
  afterAll(() => t.close());

  it('is shut on a day the KRX is closed and open on the next business day in hours', async () => {
    const reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    const w = await newWithdrawer(t.app, t.db, t.demoCode, reviewer);
    await fund(t.db, w.id, 'KRW', 200_000);
    const body = { currency: 'KRW', amount: 200_000, cardId: w.card.id, fundPassword: FUND };
    const info = expectSuccess<CashOutInfoDto>(
      await call(t.app, '/user/cashOut/info', { currency: 'KRW' }, { session: w.session }),
    );
    expect(info.window).toEqual({
      opens: '09:00',
      closes: '15:30',
      businessDaysOnly: true,
      openNow: false,
      demo: false,
    });
    refused(await call(t.app, '/user/cashOut', body, { session: w.session }), 'fund_order.closed');
    // Monday 2026-11-30 09:30 Seoul.
    clock.set(Date.parse('2026-11-30T00:30:00Z'));
    const order = expectSuccess<FundOrderDto>(
      await call(t.app, '/user/cashOut', body, { session: w.session }),
    );
    // At the latest by 24:00 Seoul on Tuesday, the next business day.
    expect(order.expectedArrival).toBe('2026-12-01T15:00:00.000Z');
  });
});

function envelopeOf(response: { json<T>(): T }) {
  return response.json<{ status: number; code?: string; params?: Record<string, unknown> }>();
}

/** A refusal with its code; 400 unless the code has its own status. */
function refused(response: LightMyRequestResponse, code: ErrorCode, status = 400) {
  expectRefusal(response, code, status);
}
