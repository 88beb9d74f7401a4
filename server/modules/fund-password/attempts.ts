import { attemptSecret, minutesUntil } from '../../auth/secret-attempts';
import type { SecretOutcome } from '../../auth/secret-attempts';
import type { Database } from '../../db/connect';
import { ApiRefusal } from '../../http/refusal';
import { verifiedFundPasswords } from './verified-cache';

/**
 * Checks something that proves the customer may touch their fund password (the fund password
 * itself, or the login password and ID number for a reset) under the fund-password limit: 5
 * wrong in a row lock it for 30 minutes (then longer). Refuses with `fund_password.locked` or
 * with the caller's wrong-answer refusal; every refusal keeps writes, so the count commits even
 * when the call that checked (a withdrawal's transaction included) is rolled back otherwise.
 */
export async function checkFundSecret(
  db: Database,
  customerId: number,
  source: string | null,
  verify: () => Promise<boolean>,
  wrong: (attemptsLeft: number) => ApiRefusal,
): Promise<void> {
  const outcome = await attemptSecret(
    db,
    { kind: 'fund_password', account: String(customerId), source },
    { verify },
  );
  refuseUnlessOk(customerId, outcome, wrong);
}

/** Returns on success; otherwise throws the outcome's refusal (keeping the counted writes). */
export function refuseUnlessOk(
  customerId: number,
  outcome: SecretOutcome,
  wrong: (attemptsLeft: number) => ApiRefusal,
): void {
  if (outcome.ok) return;
  if (outcome.locked) {
    // A locked account's checks all take the counted path until it is unlocked and re-proven.
    verifiedFundPasswords.forget(customerId);
    throw new ApiRefusal(
      'fund_password.locked',
      { minutes: minutesUntil(outcome.lockedUntil) },
      403,
    ).keepingWrites();
  }
  throw wrong(outcome.attemptsLeft).keepingWrites();
}
