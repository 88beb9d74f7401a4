import { and, asc, count, desc, eq, gte, isNull, sum } from 'drizzle-orm';
import type { CheckInStatusDto } from '../../../contract';
import { currentStreak, decideCheckIn, seoulDateOf, seoulDayOf } from '../../../contract';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/connect';
import { checkInRedemptions, checkInRewards, checkIns, customers } from '../../db/schema';
import { Refusal } from '../../refusal';

/**
 * Daily check-in (docs/service.md): one per Seoul calendar day by the server's clock, the streak
 * and points it makes (contract/service.ts decides), and the rewards the check-ins buy.
 */

const WEEK_DAYS = 7;
const REDEMPTIONS_SHOWN = 50;

async function lastCheckIn(db: Database, customerId: number) {
  const [last] = await db
    .select({ day: checkIns.day, streak: checkIns.streak })
    .from(checkIns)
    .where(eq(checkIns.customerId, customerId))
    .orderBy(desc(checkIns.day))
    .limit(1);
  return last ?? null;
}

/** Check-ins ever and those not yet spent on rewards. */
export async function checkInBalance(
  db: Database,
  customerId: number,
): Promise<{ total: number; points: number; unspent: number }> {
  const [made] = await db
    .select({ total: count(), points: sum(checkIns.points) })
    .from(checkIns)
    .where(eq(checkIns.customerId, customerId));
  const [spent] = await db
    .select({ spent: sum(checkInRedemptions.checkInsSpent) })
    .from(checkInRedemptions)
    .where(eq(checkInRedemptions.customerId, customerId));
  const total = made?.total ?? 0;
  return {
    total,
    points: Number(made?.points ?? 0),
    unspent: total - Number(spent?.spent ?? 0),
  };
}

export async function checkInStatus(
  maru: AppContext,
  customerId: number,
): Promise<CheckInStatusDto> {
  const { db } = maru;
  const now = maru.clock.now().getTime();
  const today = seoulDayOf(now);
  const last = await lastCheckIn(db, customerId);
  const recent = await db
    .select({ day: checkIns.day })
    .from(checkIns)
    .where(and(eq(checkIns.customerId, customerId), gte(checkIns.day, today - WEEK_DAYS + 1)));
  const days = new Set(recent.map((r) => r.day));
  const balance = await checkInBalance(db, customerId);
  const rewards = await db
    .select({
      id: checkInRewards.id,
      title: checkInRewards.title,
      kind: checkInRewards.kind,
      checkInsRequired: checkInRewards.checkInsRequired,
    })
    .from(checkInRewards)
    .where(eq(checkInRewards.active, true))
    .orderBy(asc(checkInRewards.checkInsRequired), asc(checkInRewards.id));
  const redemptions = await db
    .select()
    .from(checkInRedemptions)
    .where(eq(checkInRedemptions.customerId, customerId))
    .orderBy(desc(checkInRedemptions.id))
    .limit(REDEMPTIONS_SHOWN);
  const [unused] = await db
    .select({ n: count() })
    .from(checkInRedemptions)
    .where(
      and(
        eq(checkInRedemptions.customerId, customerId),
        eq(checkInRedemptions.kind, 'commission_coupon'),
        isNull(checkInRedemptions.usedOrderId),
      ),
    );
  return {
    today: seoulDateOf(today),
    checkedInToday: days.has(today),
    streak: currentStreak(now, last),
    ...balance,
    week: Array.from({ length: WEEK_DAYS }, (_, i) => {
      const day = today - WEEK_DAYS + 1 + i;
      return { date: seoulDateOf(day), checkedIn: days.has(day) };
    }),
    // The kind column only ever holds a contract kind (written from the validated request).
    rewards: rewards.map((r) => ({ ...r, kind: 'commission_coupon' as const })),
    coupons: unused?.n ?? 0,
    redemptions: redemptions.map((r) => ({
      id: r.id,
      title: r.title,
      kind: 'commission_coupon' as const,
      checkInsSpent: r.checkInsSpent,
      usedOrderId: r.usedOrderId,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/**
 * Today's check-in. Parallel check-ins of one account count once: the row is unique per
 * (customer, day), so of two inserts racing one waits for the other's commit and then writes
 * nothing, and is refused like any second check-in of the day.
 */
export async function checkIn(maru: AppContext, customerId: number): Promise<CheckInStatusDto> {
  const { db } = maru;
  const now = maru.clock.now();
  const decision = decideCheckIn(now.getTime(), await lastCheckIn(db, customerId));
  if (!decision.accepted) throw new Refusal(decision.code);
  const inserted = await db
    .insert(checkIns)
    .values({
      customerId,
      day: decision.day,
      streak: decision.streak,
      points: decision.points,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [checkIns.customerId, checkIns.day] })
    .returning({ id: checkIns.id });
  if (inserted.length === 0) throw new Refusal('signin.already_today');
  return checkInStatus(maru, customerId);
}

/**
 * Spends check-ins on a reward of the catalogue. The customer's row is locked first, so two
 * redemptions at once cannot both spend the same check-ins.
 */
export async function redeemReward(
  maru: AppContext,
  customerId: number,
  rewardId: number,
): Promise<CheckInStatusDto> {
  const { db } = maru;
  await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  const [reward] = await db
    .select()
    .from(checkInRewards)
    .where(and(eq(checkInRewards.id, rewardId), eq(checkInRewards.active, true)));
  if (!reward) throw new Refusal('signin.reward_not_found');
  const { unspent } = await checkInBalance(db, customerId);
  if (unspent < reward.checkInsRequired) {
    throw new Refusal('signin.count_insufficient', {
      needed: reward.checkInsRequired,
      have: unspent,
    });
  }
  await db.insert(checkInRedemptions).values({
    customerId,
    rewardId: reward.id,
    kind: reward.kind,
    title: reward.title,
    checkInsSpent: reward.checkInsRequired,
    createdAt: maru.clock.now(),
  });
  return checkInStatus(maru, customerId);
}

/** The oldest commission coupon the customer has not used, if any. */
export async function unusedCoupon(db: Database, customerId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: checkInRedemptions.id })
    .from(checkInRedemptions)
    .where(
      and(
        eq(checkInRedemptions.customerId, customerId),
        eq(checkInRedemptions.kind, 'commission_coupon'),
        isNull(checkInRedemptions.usedOrderId),
      ),
    )
    .orderBy(asc(checkInRedemptions.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Marks the coupon as used by the order, once: an order placed at the same time that took the
 * same coupon first makes this one refused (its transaction rolls back, nothing is charged).
 */
export async function useCoupon(
  db: Database,
  couponId: number,
  orderId: number,
  at: Date,
): Promise<void> {
  const used = await db
    .update(checkInRedemptions)
    .set({ usedOrderId: orderId, usedAt: at })
    .where(and(eq(checkInRedemptions.id, couponId), isNull(checkInRedemptions.usedOrderId)))
    .returning({ id: checkInRedemptions.id });
  if (used.length === 0) throw new Refusal('signin.coupon_taken');
}
