import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BalanceRowDto,
  ChannelProposalDto,
  FundCaseDto,
  FundOrderDetailDto,
  FundOrderDto,
  FundQueueItemDto,
  FundRecordDto,
  RechargeChannelDto,
} from '../../contract';
import { appClockOf } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { deposits, lifecycleJobs, lifecycleTransitions, uploads } from '../../server/db/schema';
import { runDueJobs } from '../../server/lifecycle/jobs';
import { ManualClock } from '../../server/market/clock';
import { writeSetting } from '../../server/settings';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from './api-helpers';
import { call, expectRefusal, expectSuccess, registerCustomer } from './api-helpers';
import { multipartBody, postVoucher, uploadVoucher, verifiedCustomer } from './deposit-helpers';
import type { SignedInStaff } from './identity-helpers';
import { makeJpeg, makePng, signInNewStaff, staffCall } from './identity-helpers';

/**
 * Issue 10, deposits: receiving accounts, the voucher upload, `/user/recharge` and the staff
 * decisions, through the real API on PGlite and (with DATABASE_URL) PostgreSQL.
 */
describe.each(databaseKinds)('deposits on %s', (kind) => {
  let t: TestApp;
  let reviewer: SignedInStaff;
  let operatorA: SignedInStaff;
  let operatorB: SignedInStaff;
  const clock = new ManualClock(Date.parse('2026-03-02T01:00:00Z'));

  beforeAll(async () => {
    t = await buildTestApp(kind, {}, { clock: appClockOf(clock) });
    reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    operatorA = await signInNewStaff(t.app, t.db, 'operator');
    operatorB = await signInNewStaff(t.app, t.db, 'operator');
  }, 180_000);
  afterAll(() => t.close());

  const verified = () => verifiedCustomer(t.app, t.db, t.demoCode, reviewer.token);
  const recharge = (session: Session, body: Record<string, unknown>) =>
    call(t.app, '/user/recharge', body, { session });
  const channelsOf = async (session: Session, currency: string) =>
    expectSuccess<RechargeChannelDto>(
      await call(t.app, '/user/rechargeChannel', { currency }, { session }),
    );
  const balanceOf = async (session: Session, currency: string) =>
    expectSuccess<BalanceRowDto[]>(await call(t.app, '/user/balances', {}, { session })).find(
      (b) => b.currency === currency,
    );
  const deposit = async (session: Session, amount = 50_000, currency = 'KRW') =>
    expectSuccess<FundOrderDto>(
      await recharge(session, {
        currency,
        amount,
        voucherId: await uploadVoucher(t.app, session),
      }),
    );

  it('answers the demo receiving accounts of a fresh install, the limits and the window', async () => {
    const { session } = await verified();
    const krw = await channelsOf(session, 'KRW');
    expect(krw.channels).toHaveLength(1);
    expect(krw.channels[0]).toMatchObject({ currency: 'KRW', kind: 'bank', demo: true, qr: null });
    expect(krw).toMatchObject({ min: 10_000, max: 100_000_000 });
    // Demo mode (the default): around the clock, and it says so.
    expect(krw.window).toMatchObject({ openNow: true, demo: true });

    const usdt = await channelsOf(session, 'USDT');
    expect(usdt.channels[0]).toMatchObject({ kind: 'wallet', bankName: 'TRC20', demo: true });
    expect(usdt.channels[0]?.qr).toMatch(/^data:image\/svg\+xml;base64,/);

    // Won limits at the feed's rate, never looser: the minimum rounds up, the maximum down. The
    // market runs in real time: an answer counts only if the rate was the same before and after
    // it (it moved during the call once in a CI run of the exchange's like test).
    const usdRate = () => t.app.maru.feed.fxRates().find((r) => r.currency === 'USD')?.krwPerUnit;
    let rate: number | undefined;
    let usd: Awaited<ReturnType<typeof channelsOf>> | undefined;
    for (let attempt = 0; attempt < 5 && (usd === undefined || rate !== usdRate()); attempt++) {
      rate = usdRate();
      usd = await channelsOf(session, 'USD');
    }
    if (usd === undefined || rate === undefined) throw new Error('no USD rate');
    expect(usdRate(), 'the rate moved during every call').toBe(rate);
    expect(usd.min * rate).toBeGreaterThanOrEqual(10_000 * 100);
    expect((usd.min - 1) * rate).toBeLessThan(10_000 * 100);
    expect(usd.max * rate).toBeLessThanOrEqual(100_000_000 * 100);
  });

  it('needs verified identity for the accounts and for a deposit', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    expectRefusal(
      await call(t.app, '/user/rechargeChannel', { currency: 'KRW' }, { session }),
      'kyc.required',
      400,
    );
    const voucherId = await uploadVoucher(t.app, session);
    expectRefusal(
      await recharge(session, { currency: 'KRW', amount: 50_000, voucherId }),
      'kyc.required',
      400,
    );
  });

  describe('the voucher upload', () => {
    it('takes the raw image, re-encoded as JPEG and kept as the owner’s', async () => {
      const { session, id } = await verified();
      const answer = expectSuccess<{ voucherId: string; width: number; height: number }>(
        await postVoucher(t.app, session, await makePng(80, 60), 'image/png'),
      );
      expect(answer).toMatchObject({ width: 80, height: 60 });
      const [row] = await t.db.select().from(uploads).where(eq(uploads.id, answer.voucherId));
      expect(row).toMatchObject({
        ownerCustomerId: id,
        purpose: 'deposit_voucher',
        mime: 'image/jpeg',
      });
    });

    it('takes multipart/form-data with one file part', async () => {
      const { session } = await verified();
      const image = await makeJpeg({ width: 40, height: 30 });
      const boundary = '----maruBoundary7MA4YWxkTrZu0gW';
      const body = multipartBody(boundary, [
        { name: 'file', filename: 'voucher.jpg', type: 'image/jpeg', data: image },
      ]);
      const answer = expectSuccess<{ voucherId: string; width: number }>(
        await postVoucher(t.app, session, body, `multipart/form-data; boundary=${boundary}`),
      );
      expect(answer.width).toBe(40);
      // A quoted boundary is the same boundary.
      expectSuccess(
        await postVoucher(t.app, session, body, `multipart/form-data; boundary="${boundary}"`),
      );
    });

    it('refuses malformed multipart bodies and anything that is not an image', async () => {
      const { session } = await verified();
      const image = await makeJpeg();
      const boundary = 'b0undary';
      const type = `multipart/form-data; boundary=${boundary}`;
      const two = multipartBody(boundary, [
        { name: 'file', filename: 'a.jpg', data: image },
        { name: 'file2', filename: 'b.jpg', data: image },
      ]);
      expectRefusal(await postVoucher(t.app, session, two, type), 'request.malformed', 400, 'file');
      const notAFile = multipartBody(boundary, [{ name: 'file', data: image }]);
      expectRefusal(await postVoucher(t.app, session, notAFile, type), 'request.malformed', 400);
      const unclosed = multipartBody(boundary, [{ name: 'f', filename: 'a.jpg', data: image }]);
      expectRefusal(
        await postVoucher(t.app, session, unclosed.subarray(0, unclosed.length - 20), type),
        'request.malformed',
        400,
      );
      expectRefusal(
        await postVoucher(t.app, session, image, 'multipart/form-data'),
        'request.malformed',
        400,
      );
      const text = multipartBody(boundary, [
        { name: 'f', filename: 'a.jpg', data: Buffer.from('not an image at all') },
      ]);
      expectRefusal(await postVoucher(t.app, session, text, type), 'upload.unsupported_type', 400);
      expectRefusal(
        await postVoucher(t.app, session, Buffer.from('%PDF-1.7')),
        'upload.unsupported_type',
        400,
      );
      expectRefusal(await postVoucher(t.app, null, image), 'auth.required', 401);
    });

    it('refuses a body over the limit before reading it', async () => {
      const { session } = await verified();
      const response = await postVoucher(t.app, session, Buffer.alloc(11 * 1024 * 1024, 1));
      expectRefusal(response, 'upload.too_large', 413);
    });
  });

  describe('/user/recharge', () => {
    it('creates a pending deposit with its overdue job; staff credit it', async () => {
      const { session, id } = await verified();
      const order = await deposit(session, 50_000);
      expect(order).toMatchObject({
        kind: 'deposit',
        orderNo: `D${order.id}`,
        currency: 'KRW',
        amount: 50_000,
        state: 'pending.waiting',
        version: 0,
        reason: null,
        destination: null,
      });
      expect(order.accepts).toContain('deposit.cancel');
      const jobs = await t.db
        .select()
        .from(lifecycleJobs)
        .where(
          and(
            eq(lifecycleJobs.entityType, 'deposit'),
            eq(lifecycleJobs.entityId, String(order.id)),
          ),
        );
      expect(jobs).toHaveLength(1);
      expect(jobs[0]?.dueAt.getTime()).toBe(clock.now() + 120 * 60_000);

      expect((await balanceOf(session, 'KRW'))?.available).toBe(0);
      const decided = expectSuccess<FundQueueItemDto>(
        await staffCall(t.app, '/deposits/approve', { id: order.id, version: 0 }, reviewer.token),
      );
      expect(decided).toMatchObject({ state: 'credited', customerId: id, amount: 50_000 });
      expect(await balanceOf(session, 'KRW')).toMatchObject({ available: 50_000, total: 50_000 });
      // Approving again is the machine's refusal; nothing is credited twice.
      expectRefusal(
        await staffCall(t.app, '/deposits/approve', { id: order.id, version: 1 }, reviewer.token),
        'fund_order.not_pending',
        400,
      );
      expect((await balanceOf(session, 'KRW'))?.available).toBe(50_000);
      // An id no deposit has names the field, as the case and the withdrawal desk do.
      for (const [path, extra] of [
        ['/deposits/approve', {}],
        ['/deposits/reject', { reason: 'No transfer' }],
      ] as const) {
        expectRefusal(
          await staffCall(t.app, path, { id: 2_000_000_000, version: 0, ...extra }, reviewer.token),
          'fund_order.not_found',
          404,
          'id',
        );
      }

      const detail = expectSuccess<FundOrderDetailDto>(
        await call(t.app, '/user/fundOrder/detail', { id: order.id }, { session }),
      );
      expect(detail.order.state).toBe('credited');
      expect(detail.history).toEqual([
        expect.objectContaining({
          event: 'review.approve',
          from: 'pending.waiting',
          to: 'credited',
          actor: 'staff',
        }),
      ]);
    });

    it('refuses amounts outside the limits, naming the limit', async () => {
      const { session } = await verified();
      const voucherId = await uploadVoucher(t.app, session);
      const low = expectRefusal(
        await recharge(session, { currency: 'KRW', amount: 9_999, voucherId }),
        'deposit.below_min',
        400,
        'amount',
      );
      expect(low.params?.min).toBe('10,000 KRW');
      const high = expectRefusal(
        await recharge(session, { currency: 'KRW', amount: 100_000_001, voucherId }),
        'deposit.above_max',
        400,
        'amount',
      );
      expect(high.params?.max).toBe('100,000,000 KRW');
      expect(high.msg).toContain('100,000,000 KRW');
      const usd = await channelsOf(session, 'USD');
      expectRefusal(
        await recharge(session, { currency: 'USD', amount: usd.min - 1, voucherId }),
        'deposit.below_min',
        400,
      );
      expectSuccess(await recharge(session, { currency: 'USD', amount: usd.min, voucherId }));
    });

    it("takes only the customer's own unused voucher", async () => {
      const { session: owner } = await verified();
      const { session: other } = await verified();
      const theirs = await uploadVoucher(t.app, owner);
      const before = await t.db.select().from(deposits);
      expectRefusal(
        await recharge(other, { currency: 'KRW', amount: 50_000, voucherId: theirs }),
        'deposit.voucher_not_found',
        404,
        'voucherId',
      );
      expectRefusal(
        await recharge(other, { currency: 'KRW', amount: 50_000, voucherId: 'no-such-voucher' }),
        'deposit.voucher_not_found',
        404,
      );
      expect(await t.db.select().from(deposits)).toHaveLength(before.length);
      const first = expectSuccess<FundOrderDto>(
        await recharge(owner, { currency: 'KRW', amount: 50_000, voucherId: theirs }),
      );
      expectSuccess(
        await call(t.app, '/user/fundOrder/cancel', { id: first.id }, { session: owner }),
      );
      // Used once: not again, even after the deposit was cancelled.
      expectRefusal(
        await recharge(owner, { currency: 'KRW', amount: 50_000, voucherId: theirs }),
        'deposit.voucher_not_found',
        404,
      );
    });

    it('allows one open fund order: a second deposit waits for the first to be decided', async () => {
      const { session } = await verified();
      const first = await deposit(session);
      const second = await uploadVoucher(t.app, session);
      expectRefusal(
        await recharge(session, { currency: 'USD', amount: 100_000, voucherId: second }),
        'deposit.pending_exists',
        409,
      );
      const cancelled = expectSuccess<FundOrderDto>(
        await call(t.app, '/user/fundOrder/cancel', { id: first.id }, { session }),
      );
      expect(cancelled).toMatchObject({ state: 'cancelled', accepts: [] });
      expectRefusal(
        await call(t.app, '/user/fundOrder/cancel', { id: first.id }, { session }),
        'fund_order.not_pending',
        400,
      );
      expectSuccess(
        await recharge(session, { currency: 'KRW', amount: 20_000, voucherId: second }),
      );
    });

    it("answers another customer's deposit as not found", async () => {
      const { session: owner } = await verified();
      const { session: other } = await verified();
      const order = await deposit(owner);
      for (const path of ['/user/fundOrder/detail', '/user/fundOrder/cancel']) {
        expectRefusal(
          await call(t.app, path, { id: order.id }, { session: other }),
          'fund_order.not_found',
          404,
        );
      }
      expect(
        (await call(t.app, '/user/fundOrder/detail', { id: order.id }, { session: owner }))
          .statusCode,
      ).toBe(200);
    });

    it('gives one pending deposit when several arrive at once', async () => {
      const { session, id } = await verified();
      const vouchers: string[] = [];
      for (let i = 0; i < 5; i += 1) vouchers.push(await uploadVoucher(t.app, session));
      const answers = await Promise.all(
        vouchers.map((voucherId) =>
          recharge(session, { currency: 'KRW', amount: 30_000, voucherId }),
        ),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
      for (const refused of answers.filter((a) => a.statusCode !== 200)) {
        expectRefusal(refused, 'deposit.pending_exists', 409);
      }
      expect(await t.db.select().from(deposits).where(eq(deposits.customerId, id))).toHaveLength(1);
    });

    it('credits below the auto-approval amount at once, as the system', async () => {
      const { session } = await verified();
      await writeSetting(t.db, 'fund.depositAutoApproveBelow', 20_000, reviewer.id, new Date());
      try {
        const small = await deposit(session, 19_999);
        expect(small.state).toBe('credited');
        const [transition] = await t.db
          .select()
          .from(lifecycleTransitions)
          .where(
            and(
              eq(lifecycleTransitions.entityType, 'deposit'),
              eq(lifecycleTransitions.entityId, String(small.id)),
            ),
          );
        expect(transition).toMatchObject({
          event: 'review.approve',
          actorKind: 'system',
          actorId: null,
        });
        expect((await balanceOf(session, 'KRW'))?.available).toBe(19_999);
        const large = await deposit(session, 20_000);
        expect(large.state).toBe('pending.waiting');
      } finally {
        await writeSetting(t.db, 'fund.depositAutoApproveBelow', 0, reviewer.id, new Date());
      }
    });

    it('is rejected with a reason the customer reads in the records', async () => {
      const { session } = await verified();
      const order = await deposit(session, 70_000);
      expectRefusal(
        await staffCall(
          t.app,
          '/deposits/reject',
          { id: order.id, version: 5, reason: 'x' },
          reviewer.token,
        ),
        'lifecycle.conflict',
        409,
      );
      expectSuccess(
        await staffCall(
          t.app,
          '/deposits/reject',
          { id: order.id, version: 0, reason: 'No transfer arrived' },
          reviewer.token,
        ),
      );
      const records = expectSuccess<FundRecordDto>(
        await call(
          t.app,
          '/user/fundRecord',
          { type: 'recharge', page: 1, pageSize: 20 },
          { session },
        ),
      );
      expect(records.total).toBe(1);
      expect(records.items[0]).toMatchObject({
        id: order.id,
        orderNo: `D${order.id}`,
        type: 'recharge',
        state: 'rejected',
        amount: 70_000,
        currency: 'KRW',
        reason: 'No transfer arrived',
      });
      expect((await balanceOf(session, 'KRW'))?.available).toBe(0);
    });
  });

  describe('the staff queue', () => {
    it('lists by state oldest first, flags overdue ones by the job, and opens the case with the voucher', async () => {
      const { session, id } = await verified();
      const order = await deposit(session, 40_000);
      const pending = expectSuccess<{ items: FundQueueItemDto[]; total: number }>(
        await staffCall(
          t.app,
          '/deposits/queue',
          { state: 'pending', page: 1, pageSize: 100 },
          reviewer.token,
        ),
      );
      const ids = pending.items.map((i) => i.id);
      expect(ids).toContain(order.id);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
      expect(pending.items.find((i) => i.id === order.id)).toMatchObject({
        customerId: id,
        realName: '홍길동',
        amountKrw: 40_000,
        overdue: false,
      });
      expect(typeof pending.items.find((i) => i.id === order.id)?.voucherId).toBe('string');

      clock.advance(121 * 60_000);
      await runDueJobs(t.db, {
        now: new Date(clock.now()),
        entity: { type: 'deposit', id: String(order.id) },
      });
      const overdue = expectSuccess<{ items: FundQueueItemDto[] }>(
        await staffCall(
          t.app,
          '/deposits/queue',
          { overdueOnly: true, page: 1, pageSize: 100 },
          reviewer.token,
        ),
      );
      expect(overdue.items.map((i) => i.id)).toContain(order.id);
      expect(overdue.items.every((i) => i.overdue)).toBe(true);

      const dossier = expectSuccess<FundCaseDto>(
        await staffCall(t.app, '/deposits/detail', { id: order.id }, reviewer.token),
      );
      expect(dossier.item.state).toBe('pending.overdue');
      expect(dossier.voucher).toMatch(/^data:image\/jpeg;base64,/);
      expect(dossier.recent.map((r) => r.id)).toContain(order.id);
      expectRefusal(
        await staffCall(
          t.app,
          '/deposits/queue',
          { state: 'nowhere', page: 1, pageSize: 10 },
          reviewer.token,
        ),
        'request.invalid',
        400,
      );
      expectRefusal(
        await staffCall(t.app, '/deposits/detail', { id: 1 }, reviewer.token),
        'fund_order.not_found',
        404,
      );
      // Operators do not review deposits.
      expectRefusal(
        await staffCall(t.app, '/deposits/queue', { page: 1, pageSize: 10 }, operatorA.token),
        'staff.forbidden',
        403,
      );
      expectSuccess(
        await staffCall(t.app, '/deposits/approve', { id: order.id, version: 1 }, reviewer.token),
      );
    });
  });

  describe('receiving accounts', () => {
    it('change only when a second staff member approves', async () => {
      const { session } = await verified();
      const proposal = expectSuccess<ChannelProposalDto>(
        await staffCall(
          t.app,
          '/channels/propose',
          {
            action: 'add',
            currency: 'KRW',
            kind: 'bank',
            bankName: '국민은행',
            accountName: '마루증권',
            accountNumber: '123-456-789012',
            reason: 'Second receiving account',
          },
          operatorA.token,
        ),
      );
      expect(proposal).toMatchObject({
        state: 'pending',
        action: 'add',
        proposedBy: operatorA.account,
      });
      expect(proposal.channel.active).toBe(false);
      expect((await channelsOf(session, 'KRW')).channels).toHaveLength(1);
      expectRefusal(
        await staffCall(
          t.app,
          '/channels/approve',
          { id: proposal.id, approve: true },
          operatorA.token,
        ),
        'four_eyes.same_staff',
        409,
      );
      const approved = expectSuccess<ChannelProposalDto>(
        await staffCall(
          t.app,
          '/channels/approve',
          { id: proposal.id, approve: true },
          operatorB.token,
        ),
      );
      expect(approved).toMatchObject({ state: 'approved', decidedBy: operatorB.account });
      expect((await channelsOf(session, 'KRW')).channels.map((c) => c.accountNumber)).toContain(
        '123-456-789012',
      );
      expectRefusal(
        await staffCall(
          t.app,
          '/channels/approve',
          { id: proposal.id, approve: false },
          operatorB.token,
        ),
        'proposal.not_pending',
        409,
      );

      const removal = expectSuccess<ChannelProposalDto>(
        await staffCall(
          t.app,
          '/channels/propose',
          { action: 'remove', channelId: proposal.channel.id, reason: 'Closed' },
          operatorB.token,
        ),
      );
      const rejected = expectSuccess<ChannelProposalDto>(
        await staffCall(
          t.app,
          '/channels/approve',
          { id: removal.id, approve: false },
          operatorA.token,
        ),
      );
      expect(rejected.state).toBe('rejected');
      expect((await channelsOf(session, 'KRW')).channels).toHaveLength(2);
      const again = expectSuccess<ChannelProposalDto>(
        await staffCall(
          t.app,
          '/channels/propose',
          { action: 'remove', channelId: proposal.channel.id, reason: 'Closed' },
          operatorB.token,
        ),
      );
      expectSuccess(
        await staffCall(
          t.app,
          '/channels/approve',
          { id: again.id, approve: true },
          operatorA.token,
        ),
      );
      expect((await channelsOf(session, 'KRW')).channels).toHaveLength(1);

      const list = expectSuccess<{
        channels: { id: number; active: boolean }[];
        proposals: ChannelProposalDto[];
      }>(await staffCall(t.app, '/channels/list', {}, operatorA.token));
      expect(list.channels.find((c) => c.id === proposal.channel.id)?.active).toBe(false);
      expect(list.proposals.map((p) => p.id)).toEqual(
        expect.arrayContaining([proposal.id, removal.id, again.id]),
      );
    });

    it('refuses incomplete or inconsistent proposals and unknown ids', async () => {
      const add = {
        action: 'add',
        currency: 'USDT',
        kind: 'wallet',
        bankName: 'TRC20',
        accountName: 'Maru',
        reason: 'r',
      };
      expectRefusal(
        await staffCall(t.app, '/channels/propose', add, operatorA.token),
        'request.required',
        400,
        'accountNumber',
      );
      expectRefusal(
        await staffCall(
          t.app,
          '/channels/propose',
          { ...add, accountNumber: 'Tnotanaddress' },
          operatorA.token,
        ),
        'wallet.invalid_address',
        400,
      );
      expectRefusal(
        await staffCall(
          t.app,
          '/channels/propose',
          { ...add, kind: 'bank', accountNumber: '1-2-3' },
          operatorA.token,
        ),
        'request.invalid',
        400,
        'kind',
      );
      expectRefusal(
        await staffCall(
          t.app,
          '/channels/propose',
          { action: 'remove', channelId: 99_999, reason: 'r' },
          operatorA.token,
        ),
        'channel.not_found',
        404,
      );
      expectRefusal(
        await staffCall(t.app, '/channels/approve', { id: 99_999, approve: true }, operatorA.token),
        'proposal.not_found',
        404,
      );
    });
  });
});

describe('the deposit window outside demo mode', () => {
  it('refuses a deposit on a KRX holiday or weekend and says when it opens', async () => {
    // Saturday 2026-03-07, 11:00 in Seoul.
    const clock = new ManualClock(Date.parse('2026-03-07T02:00:00Z'));
    const { market } = loadConfig({ LOG_LEVEL: 'silent' });
    const t = await buildTestApp(
      'pglite',
      { market: { ...market, demo: false } },
      { clock: appClockOf(clock) },
    );
    try {
      const reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
      const { session } = await verifiedCustomer(t.app, t.db, t.demoCode, reviewer.token);
      const channels = expectSuccess<RechargeChannelDto>(
        await call(t.app, '/user/rechargeChannel', { currency: 'KRW' }, { session }),
      );
      expect(channels.window).toEqual({
        opens: '00:00',
        closes: '23:59',
        businessDaysOnly: true,
        openNow: false,
        demo: false,
      });
      const voucherId = await uploadVoucher(t.app, session);
      expectRefusal(
        await call(
          t.app,
          '/user/recharge',
          { currency: 'KRW', amount: 50_000, voucherId },
          { session },
        ),
        'fund_order.closed',
        400,
      );
      // Monday is a business day.
      clock.advance(2 * 24 * 60 * 60_000);
      expectSuccess(
        await call(
          t.app,
          '/user/recharge',
          { currency: 'KRW', amount: 50_000, voucherId },
          { session },
        ),
      );
    } finally {
      await t.close();
    }
  });
});
