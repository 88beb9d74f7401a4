import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/connect';
import { staffAccounts } from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';
import type { StaffAccount } from '../staff-sessions';

export const STAFF_MAX_FAILURES = 10;
export const STAFF_LOCK_MS = 30 * 60 * 1000;

const minutesLeft = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

export function assertStaffNotLocked(staff: StaffAccount, now = new Date()): void {
  if (staff.lockedUntil !== null && staff.lockedUntil > now) {
    throw new ApiRefusal('staff.locked', { minutes: minutesLeft(staff.lockedUntil, now) }, 403);
  }
}

/**
 * Counts a failed password or code and returns the refusal to throw: `wrong` until the tenth
 * failure in a row, then staff.locked for 30 minutes. The refusal keeps writes, so the count
 * commits although the call is refused.
 */
export async function recordStaffFailure(
  db: Database,
  staff: StaffAccount,
  wrong: ApiRefusal,
  now = new Date(),
): Promise<ApiRefusal> {
  const expired = staff.lockedUntil !== null && staff.lockedUntil <= now;
  const failures = (expired ? 0 : staff.failedLogins) + 1;
  if (failures >= STAFF_MAX_FAILURES) {
    const until = new Date(now.getTime() + STAFF_LOCK_MS);
    await db
      .update(staffAccounts)
      .set({ failedLogins: 0, lockedUntil: until })
      .where(eq(staffAccounts.id, staff.id));
    return new ApiRefusal(
      'staff.locked',
      { minutes: minutesLeft(until, now) },
      403,
    ).keepingWrites();
  }
  await db
    .update(staffAccounts)
    .set({ failedLogins: failures, lockedUntil: null })
    .where(eq(staffAccounts.id, staff.id));
  return wrong.keepingWrites();
}
