import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { customers } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';

export const FUND_PASSWORD_MAX_FAILURES = 5;
export const FUND_PASSWORD_LOCK_MS = 30 * 60 * 1000;

interface AttemptState {
  id: number;
  fundPasswordFailures: number;
  fundPasswordLockedUntil: Date | null;
}

const minutesLeft = (until: Date, now: Date) =>
  Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));

/** Refuses while the fund password is locked, telling the customer how long is left. */
export function assertNotLocked(customer: AttemptState, now = new Date()): void {
  const until = customer.fundPasswordLockedUntil;
  if (until !== null && until > now) {
    throw new ApiRefusal('fund_password.locked', { minutes: minutesLeft(until, now) }, 403);
  }
}

/**
 * Counts a wrong answer and returns the refusal to throw: the attempts left, or the lock once
 * the fifth is spent. The refusal keeps writes, so the count commits although the call that
 * checked the password (a withdrawal's transaction included) is refused and rolled back otherwise.
 */
export async function recordFailure(
  db: Database,
  customer: AttemptState,
  refusalField: string,
  now = new Date(),
): Promise<ApiRefusal> {
  const expired =
    customer.fundPasswordLockedUntil !== null && customer.fundPasswordLockedUntil <= now;
  const failures = (expired ? 0 : customer.fundPasswordFailures) + 1;
  if (failures >= FUND_PASSWORD_MAX_FAILURES) {
    const until = new Date(now.getTime() + FUND_PASSWORD_LOCK_MS);
    await db
      .update(customers)
      .set({ fundPasswordFailures: 0, fundPasswordLockedUntil: until })
      .where(eq(customers.id, customer.id));
    return new ApiRefusal(
      'fund_password.locked',
      { minutes: minutesLeft(until, now) },
      403,
    ).keepingWrites();
  }
  await db
    .update(customers)
    .set({ fundPasswordFailures: failures, fundPasswordLockedUntil: null })
    .where(eq(customers.id, customer.id));
  return new ApiRefusal('fund_password.wrong', {
    field: refusalField,
    attemptsLeft: FUND_PASSWORD_MAX_FAILURES - failures,
  }).keepingWrites();
}
