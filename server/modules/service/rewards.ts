import { asc, count, eq } from 'drizzle-orm';
import type {
  CheckInRewardCreateRequest,
  CheckInRewardsDto,
  CheckInRewardUpdateRequest,
} from '../../../contract';
import type { AppContext } from '../../app-context';
import { checkInRedemptions, checkInRewards } from '../../db/schema';
import { Refusal } from '../../refusal';

/** The back office's check-in reward catalogue (docs/service.md). */
export async function listRewards(maru: Pick<AppContext, 'db'>): Promise<CheckInRewardsDto> {
  const rows = await maru.db
    .select({ reward: checkInRewards, redeemed: count(checkInRedemptions.id) })
    .from(checkInRewards)
    .leftJoin(checkInRedemptions, eq(checkInRedemptions.rewardId, checkInRewards.id))
    .groupBy(checkInRewards.id)
    .orderBy(asc(checkInRewards.checkInsRequired), asc(checkInRewards.id));
  return {
    rows: rows.map(({ reward, redeemed }) => ({
      id: reward.id,
      title: reward.title,
      kind: 'commission_coupon' as const,
      checkInsRequired: reward.checkInsRequired,
      active: reward.active,
      redeemed,
      updatedAt: reward.updatedAt.toISOString(),
    })),
  };
}

export async function createReward(
  maru: AppContext,
  staffId: number,
  body: CheckInRewardCreateRequest,
): Promise<{ id: number }> {
  const now = maru.clock.now();
  const [row] = await maru.db
    .insert(checkInRewards)
    .values({
      title: body.title.trim(),
      kind: body.kind,
      checkInsRequired: body.checkInsRequired,
      createdBy: staffId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: checkInRewards.id });
  if (!row) throw new Error('reward insert returned no row');
  return row;
}

/** A change applies to later redemptions only: one already taken keeps what it spent. */
export async function updateReward(
  maru: AppContext,
  body: CheckInRewardUpdateRequest,
): Promise<void> {
  const updated = await maru.db
    .update(checkInRewards)
    .set({
      title: body.title.trim(),
      checkInsRequired: body.checkInsRequired,
      active: body.active,
      updatedAt: maru.clock.now(),
    })
    .where(eq(checkInRewards.id, body.id))
    .returning({ id: checkInRewards.id });
  if (updated.length === 0) throw new Refusal('signin.reward_not_found');
}
