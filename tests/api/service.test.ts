import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CheckInRewardsDto,
  CheckInStatusDto,
  ProfileDto,
  SeatQueueDto,
  SeatStatusDto,
  TradeOrderDto,
  UserInfoDto,
} from '../../contract';
import { ACCOUNT_HEADER, API_BASE, AVATAR_UPLOAD_PATH, TOKEN_HEADER, ppmOf } from '../../contract';
import { appClockOf } from '../../server/clock';
import {
  checkInRedemptions,
  checkIns,
  lifecycleTransitions,
  uploads,
} from '../../server/db/schema';
import { ManualClock } from '../../server/market';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from './api-helpers';
import { call, customerIdOf, expectRefusal, expectSuccess, registerCustomer } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { makeJpeg, makePng, signInNewStaff, staffCall } from './identity-helpers';
import type { Trader, TradingMarket } from './trade-helpers';
import { newTrader, placed, tradingMarket } from './trade-helpers';

/**
 * Daily check-in, the reward catalogue, the profile and seat accounts through the real app
 * (docs/service.md), on a clock the test moves: one check-in per Seoul calendar day, streaks,
 * rewards that cost check-ins, the avatar through the upload pipeline, the seat-account review,
 * and what both give on the order path (a coupon pays an opening commission; an approved seat
 * account pays the seat commission).
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2026-11-25 23:50 Seoul (14:50 UTC): ten minutes before the Seoul day ends. */
const LATE_EVENING = Date.parse('2026-11-25T14:50:00.000Z');

const statusOf = async (t: TestApp, session: Session) =>
  expectSuccess<CheckInStatusDto>(await call(t.app, '/signin/status', {}, { session }));

describe.each(databaseKinds)('daily check-in on %s', (kind) => {
  let t: TestApp;
  let clock: ManualClock;
  let alice: Session;
  let bob: Session;
  let operator: SignedInStaff;
  let reviewer: SignedInStaff;

  beforeAll(async () => {
    clock = new ManualClock(LATE_EVENING);
    t = await buildTestApp(kind, {}, { clock: appClockOf(clock) });
    alice = await registerCustomer(t.app, t.demoCode);
    bob = await registerCustomer(t.app, t.demoCode);
    operator = await signInNewStaff(t.app, t.db, 'operator');
    reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts with no check-in, no streak and an empty catalogue', async () => {
    const status = await statusOf(t, alice);
    expect(status).toMatchObject({
      today: '2026-11-25',
      checkedInToday: false,
      streak: 0,
      total: 0,
      unspent: 0,
      points: 0,
      rewards: [],
      coupons: 0,
      redemptions: [],
    });
    expect(status.week.map((d) => d.date)).toEqual([
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
    ]);
  });

  it('takes one check-in per Seoul day and refuses the second with the spec code', async () => {
    const first = expectSuccess<CheckInStatusDto>(
      await call(t.app, '/signin/checkIn', {}, { session: alice }),
    );
    expect(first).toMatchObject({ checkedInToday: true, streak: 1, total: 1, points: 10 });
    const again = expectRefusal(
      await call(t.app, '/signin/checkIn', {}, { session: alice, headers: { lang: 'en' } }),
      'signin.already_today',
      409,
    );
    expect(again.msg).toBe('You have already checked in today. Come back tomorrow.');
    const korean = expectRefusal(
      await call(t.app, '/signin/checkIn', {}, { session: alice, headers: { lang: 'kor' } }),
      'signin.already_today',
      409,
    );
    expect(korean.msg).toContain('오늘은 이미 출석');
    expect(
      await t.db
        .select()
        .from(checkIns)
        .where(eq(checkIns.customerId, await customerIdOf(t.db, alice))),
    ).toHaveLength(1);
    // Another customer's check-in is their own.
    expect((await statusOf(t, bob)).checkedInToday).toBe(false);
  });

  it('counts the day by Seoul time: 00:05 Seoul is a new day while UTC is still the 25th', async () => {
    clock.advance(15 * 60_000);
    expect(new Date(clock.now()).toISOString().slice(0, 10)).toBe('2026-11-25');
    const next = expectSuccess<CheckInStatusDto>(
      await call(t.app, '/signin/checkIn', {}, { session: alice }),
    );
    expect(next).toMatchObject({ today: '2026-11-26', streak: 2, total: 2, points: 30 });
    expect(next.week.slice(-2)).toEqual([
      { date: '2026-11-25', checkedIn: true },
      { date: '2026-11-26', checkedIn: true },
    ]);
    clock.advance(DAY);
    expect(
      expectSuccess<CheckInStatusDto>(await call(t.app, '/signin/checkIn', {}, { session: alice })),
    ).toMatchObject({ streak: 3, total: 3, points: 60 });
  });

  it('breaks the streak after a missed day and starts again at 1', async () => {
    clock.advance(2 * DAY);
    expect(await statusOf(t, alice)).toMatchObject({ streak: 0, checkedInToday: false });
    expect(
      expectSuccess<CheckInStatusDto>(await call(t.app, '/signin/checkIn', {}, { session: alice })),
    ).toMatchObject({ streak: 1, total: 4, unspent: 4, points: 70 });
  });

  it('lets operators, not reviewers, set the reward catalogue', async () => {
    const body = { title: 'Fee-free order', kind: 'commission_coupon', checkInsRequired: 3 };
    expectRefusal(
      await staffCall(t.app, '/signin/rewards/create', body, reviewer.token),
      'staff.forbidden',
      403,
    );
    const list = expectSuccess<CheckInRewardsDto>(
      await staffCall(t.app, '/signin/rewards/create', body, operator.token),
    );
    expect(list.rows).toEqual([
      expect.objectContaining({ title: 'Fee-free order', checkInsRequired: 3, active: true }),
    ]);
    expectSuccess(
      await staffCall(
        t.app,
        '/signin/rewards/create',
        { title: 'Ten-day coupon', kind: 'commission_coupon', checkInsRequired: 10 },
        operator.token,
      ),
    );
    const customerView = await statusOf(t, alice);
    expect(customerView.rewards.map((r) => [r.title, r.checkInsRequired])).toEqual([
      ['Fee-free order', 3],
      ['Ten-day coupon', 10],
    ]);
  });

  it('spends check-ins on a reward and refuses one the check-ins do not cover', async () => {
    const rewards = (await statusOf(t, alice)).rewards;
    const [three, ten] = [rewards[0]?.id ?? 0, rewards[1]?.id ?? 0];
    const short = expectRefusal(
      await call(
        t.app,
        '/signin/redeem',
        { rewardId: ten },
        { session: alice, headers: { lang: 'en' } },
      ),
      'signin.count_insufficient',
      400,
    );
    expect(short.params).toEqual({ needed: 10, have: 4 });
    expect(short.msg).toBe('Not enough check-ins: this reward needs 10, you have 4.');
    const taken = expectSuccess<CheckInStatusDto>(
      await call(t.app, '/signin/redeem', { rewardId: three }, { session: alice }),
    );
    expect(taken).toMatchObject({ total: 4, unspent: 1, coupons: 1 });
    expect(taken.redemptions).toEqual([
      expect.objectContaining({ title: 'Fee-free order', checkInsSpent: 3, usedOrderId: null }),
    ]);
    expectRefusal(
      await call(t.app, '/signin/redeem', { rewardId: three }, { session: alice }),
      'signin.count_insufficient',
      400,
    );
    // Bob has no check-ins at all.
    expectRefusal(
      await call(t.app, '/signin/redeem', { rewardId: three }, { session: bob }),
      'signin.count_insufficient',
      400,
    );
    const staffView = expectSuccess<CheckInRewardsDto>(
      await staffCall(t.app, '/signin/rewards', {}, reviewer.token),
    );
    expect(staffView.rows.map((r) => r.redeemed)).toEqual([1, 0]);
  });

  it('refuses a reward taken off the catalogue, and an unknown one, as not found', async () => {
    const [reward] = (await statusOf(t, alice)).rewards;
    if (!reward) throw new Error('no reward');
    expectSuccess(
      await staffCall(
        t.app,
        '/signin/rewards/update',
        { id: reward.id, title: reward.title, checkInsRequired: 1, active: false },
        operator.token,
      ),
    );
    expect((await statusOf(t, alice)).rewards.map((r) => r.id)).not.toContain(reward.id);
    for (const rewardId of [reward.id, 2_000_000_000]) {
      expectRefusal(
        await call(t.app, '/signin/redeem', { rewardId }, { session: alice }),
        'signin.reward_not_found',
        404,
      );
    }
    expectRefusal(
      await staffCall(
        t.app,
        '/signin/rewards/update',
        { id: 2_000_000_000, title: 'x', checkInsRequired: 1, active: true },
        operator.token,
      ),
      'signin.reward_not_found',
      404,
    );
  });
});

const uploadAvatar = (t: TestApp, session: Session | null, body: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: `${API_BASE}${AVATAR_UPLOAD_PATH}`,
    body,
    headers: {
      'content-type': 'application/octet-stream',
      ...(session ? { [TOKEN_HEADER]: session.token, [ACCOUNT_HEADER]: session.account } : {}),
    },
  });

const imageOfDataUrl = (url: string) => {
  expect(url.startsWith('data:image/jpeg;base64,')).toBe(true);
  return Buffer.from(url.slice('data:image/jpeg;base64,'.length), 'base64');
};

describe.each(databaseKinds)('profile and seat accounts on %s', (kind) => {
  let t: TestApp;
  let alice: Session;
  let bob: Session;
  let reviewer: SignedInStaff;
  let admin: SignedInStaff;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    alice = await registerCustomer(t.app, t.demoCode, 'alicewonder');
    bob = await registerCustomer(t.app, t.demoCode);
    reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    admin = await signInNewStaff(t.app, t.db, 'admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const profileOf = async (session: Session) =>
    expectSuccess<ProfileDto>(await call(t.app, '/user/profile', {}, { session }));

  it('shows the masked account, identity state, institution and no avatar or nickname', async () => {
    const profile = await profileOf(alice);
    expect(profile).toMatchObject({
      account: 'alicewonder',
      accountMasked: 'al***er',
      nickname: null,
      avatar: null,
      kycState: 'unverified',
      seat: { state: 'none', version: 0, accepts: ['seat.apply'], rejectionReason: null },
    });
    expect(profile.accountId).toMatch(/^\d{8}$/);
    expect(profile.institution.length).toBeGreaterThan(0);
  });

  it('sets a validated nickname and refuses a bad one, a NUL byte included', async () => {
    const set = expectSuccess<ProfileDto>(
      await call(
        t.app,
        '/user/profile/nickname',
        { nickname: '바다 Harbour_7' },
        { session: alice },
      ),
    );
    expect(set.nickname).toBe('바다 Harbour_7');
    for (const nickname of ['a', ' lead', '<script>', 'x'.repeat(21)]) {
      expectRefusal(
        await call(t.app, '/user/profile/nickname', { nickname }, { session: alice }),
        'profile.nickname_invalid',
        400,
        'nickname',
      );
    }
    expectRefusal(
      await call(t.app, '/user/profile/nickname', { nickname: 'ab\u0000cd' }, { session: alice }),
      'request.invalid_characters',
      400,
      'nickname',
    );
    expect((await profileOf(alice)).nickname).toBe('바다 Harbour_7');
    expect((await profileOf(bob)).nickname).toBeNull();
  });

  it('re-encodes the avatar as a 256-pixel square JPEG without metadata', async () => {
    const photo = await makeJpeg({ width: 900, height: 600, gps: true });
    const answer = expectSuccess<{ avatar: string; width: number; height: number }>(
      await uploadAvatar(t, alice, photo),
    );
    expect([answer.width, answer.height]).toEqual([256, 256]);
    const bytes = imageOfDataUrl(answer.avatar);
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 256, 256]);
    expect(meta.exif).toBeUndefined();
    expect((await profileOf(alice)).avatar).toBe(answer.avatar);
    const info = expectSuccess<UserInfoDto>(
      await call(t.app, '/user/info', {}, { session: alice }),
    );
    expect(info.avatar).toBe(answer.avatar);
    // Stored encrypted under the upload pipeline, as an avatar.
    const aliceId = await customerIdOf(t.db, alice);
    const rows = await t.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.ownerCustomerId, aliceId), eq(uploads.purpose, 'avatar')));
    expect(rows).toHaveLength(1);
    expect((await t.app.maru.uploads.read(rows[0]?.id ?? '')).equals(bytes)).toBe(true);
  });

  it('replaces the avatar (a PNG scaled up to the square) and removes the old one', async () => {
    const aliceId = await customerIdOf(t.db, alice);
    const [old] = await t.db.select().from(uploads).where(eq(uploads.ownerCustomerId, aliceId));
    const answer = expectSuccess<{ width: number }>(
      await uploadAvatar(t, alice, await makePng(40, 30)),
    );
    expect(answer.width).toBe(256);
    const rows = await t.db.select().from(uploads).where(eq(uploads.ownerCustomerId, aliceId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(old?.id);
    await expect(t.app.maru.uploads.read(old?.id ?? '')).rejects.toThrow();
  });

  it('refuses what is not an image, and a stranger, without storing anything', async () => {
    const before = await t.db.select().from(uploads);
    expectRefusal(
      await uploadAvatar(t, bob, Buffer.from('not an image at all')),
      'upload.unsupported_type',
      400,
    );
    expectRefusal(await uploadAvatar(t, null, await makeJpeg()), 'auth.required', 401);
    expect(await t.db.select().from(uploads)).toHaveLength(before.length);
    expect((await profileOf(bob)).avatar).toBeNull();
  });

  const seatOf = async (session: Session) =>
    expectSuccess<SeatStatusDto>(await call(t.app, '/user/seat/status', {}, { session }));
  const queue = async () =>
    expectSuccess<SeatQueueDto>(await staffCall(t.app, '/seat/queue', {}, reviewer.token));

  it('takes a seat-account application into the queue and refuses a second', async () => {
    const applied = expectSuccess<SeatStatusDto>(
      await call(t.app, '/user/seat/apply', {}, { session: alice }),
    );
    expect(applied).toMatchObject({ state: 'pending', version: 1 });
    expect(applied.accepts).not.toContain('seat.apply');
    expectRefusal(
      await call(t.app, '/user/seat/apply', {}, { session: alice }),
      'seat.already_applied',
      409,
    );
    const rows = (await queue()).rows;
    expect(rows).toEqual([
      expect.objectContaining({ account: 'alicewonder', state: 'pending', version: 1 }),
    ]);
    expect(rows[0]?.accepts.sort()).toEqual(['review.approve', 'review.reject']);
    // Bob has not applied.
    expect((await seatOf(bob)).state).toBe('none');
  });

  it('rejects with a reason the customer reads; a blank reason is refused', async () => {
    const [row] = (await queue()).rows;
    if (!row) throw new Error('empty queue');
    expectRefusal(
      await staffCall(
        t.app,
        '/seat/reject',
        { id: row.id, version: row.version, reason: '  ' },
        reviewer.token,
      ),
      'seat.reason_required',
      400,
    );
    expectRefusal(
      await staffCall(t.app, '/seat/approve', { id: row.id, version: 0 }, reviewer.token),
      'lifecycle.conflict',
      409,
    );
    expectSuccess(
      await staffCall(
        t.app,
        '/seat/reject',
        { id: row.id, version: row.version, reason: ' Trading history too short ' },
        reviewer.token,
      ),
    );
    expect(await seatOf(alice)).toMatchObject({
      state: 'rejected',
      rejectionReason: 'Trading history too short',
      accepts: ['seat.apply'],
    });
    expect((await queue()).rows).toEqual([]);
  });

  it('approves a new application; an approved seat account is refused as already one', async () => {
    expectSuccess(await call(t.app, '/user/seat/apply', {}, { session: alice }));
    expect((await seatOf(alice)).rejectionReason).toBeNull();
    const [row] = (await queue()).rows;
    if (!row) throw new Error('empty queue');
    expectSuccess(
      await staffCall(t.app, '/seat/approve', { id: row.id, version: row.version }, reviewer.token),
    );
    expect((await profileOf(alice)).seat).toMatchObject({ state: 'approved', commissionPpm: 100 });
    const refused = expectRefusal(
      await call(t.app, '/user/seat/apply', {}, { session: alice, headers: { lang: 'en' } }),
      'seat.already_seat',
      409,
    );
    expect(refused.msg).toBe('You are already a seat account.');
    expectRefusal(
      await staffCall(t.app, '/seat/approve', { id: row.id, version: 4 }, reviewer.token),
      'seat.not_pending',
      409,
    );
    expectRefusal(
      await staffCall(t.app, '/seat/approve', { id: 2_000_000_000, version: 0 }, reviewer.token),
      'seat.not_found',
      404,
    );
    const records = await t.db
      .select({ event: lifecycleTransitions.event, actor: lifecycleTransitions.actorKind })
      .from(lifecycleTransitions)
      .where(
        and(
          eq(lifecycleTransitions.entityType, 'seatAccount'),
          eq(lifecycleTransitions.entityId, String(row.id)),
        ),
      );
    expect(records.map((r) => `${r.actor}:${r.event}`)).toEqual([
      'customer:seat.apply',
      'staff:review.reject',
      'customer:seat.apply',
      'staff:review.approve',
    ]);
  });

  it('lets only an admin set the seat commission, in basis points', async () => {
    expectRefusal(
      await staffCall(t.app, '/settings/set', { key: 'seat.commission', value: 2 }, reviewer.token),
      'staff.forbidden',
      403,
    );
    expectSuccess(
      await staffCall(t.app, '/settings/set', { key: 'seat.commission', value: 2 }, admin.token),
    );
    expect((await seatOf(alice)).commissionPpm).toBe(200);
    expect((await queue()).commissionPpm).toBe(200);
  });
});

describe('what check-in coupons and seat accounts give on the order path', () => {
  let t: TestApp;
  let m: TradingMarket;
  let couponed: Trader;
  let seated: Trader;
  let plain: Trader;
  let operator: SignedInStaff;
  let reviewer: SignedInStaff;
  const START = 50_000_000;

  beforeAll(async () => {
    m = tradingMarket();
    t = await buildTestApp('pglite', {}, { clock: m.clock, market: m.market });
    [couponed, seated, plain] = [
      await newTrader(t.app, t.db, t.demoCode, START),
      await newTrader(t.app, t.db, t.demoCode, START),
      await newTrader(t.app, t.db, t.demoCode, START),
    ];
    operator = await signInNewStaff(t.app, t.db, 'operator');
    reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The stock product's commission is 150 ppm of the notional. */
  const feeAt = (notional: number | null, ppm: number) => ppmOf(notional ?? 0, ppm);
  const standardFee = (notional: number | null) => feeAt(notional, 150);

  it("a coupon pays the next order's opening commission, once", async () => {
    expectSuccess(await call(t.app, '/signin/checkIn', {}, { session: couponed.session }));
    const { rows } = expectSuccess<CheckInRewardsDto>(
      await staffCall(
        t.app,
        '/signin/rewards/create',
        { title: 'One fee-free order', kind: 'commission_coupon', checkInsRequired: 1 },
        operator.token,
      ),
    );
    expectSuccess(
      await call(t.app, '/signin/redeem', { rewardId: rows[0]?.id }, { session: couponed.session }),
    );
    const free: TradeOrderDto = await placed(t.app, couponed, {});
    expect(free.fee).toBe(0);
    const [coupon] = await t.db
      .select()
      .from(checkInRedemptions)
      .where(eq(checkInRedemptions.customerId, couponed.id));
    expect(coupon?.usedOrderId).toBe(free.id);
    expect((await statusOf(t, couponed.session)).coupons).toBe(0);
    const paid = await placed(t.app, couponed, {});
    expect(paid.fee).toBeGreaterThan(0);
    expect(paid.fee).toBe(standardFee(paid.notional));
  });

  it("an approved seat account pays the seat commission; others the product's", async () => {
    expectSuccess(await call(t.app, '/user/seat/apply', {}, { session: seated.session }));
    const [row] = expectSuccess<SeatQueueDto>(
      await staffCall(t.app, '/seat/queue', {}, reviewer.token),
    ).rows;
    expectSuccess(
      await staffCall(
        t.app,
        '/seat/approve',
        { id: row?.id, version: row?.version },
        reviewer.token,
      ),
    );
    const seat = await placed(t.app, seated, {});
    // 1 basis point = 100 ppm, below the stock product's 150.
    expect(seat.fee).toBe(feeAt(seat.notional, 100));
    expect(seat.fee).toBeLessThan(standardFee(seat.notional));
    const other = await placed(t.app, plain, {});
    expect(other.fee).toBe(standardFee(other.notional));
  });
});
