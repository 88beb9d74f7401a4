import { eq } from 'drizzle-orm';
import type { ChangePasswordRequest } from '../../../contract';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { attemptSecret, minutesUntil } from '../../auth/secret-attempts';
import type { LiveSession } from '../../auth/sessions';
import { revokeOtherSessions } from '../../auth/sessions';
import type { AppContext } from '../../app-context';
import { customers } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { accountKey } from './find-account';

/**
 * Replaces the login password after checking the current one, and ends every other session (a
 * thief's included); the session that made the change stays signed in. The current password is
 * checked under the same limit as login (a stolen session cannot guess it any faster), and since
 * the caller holds a session, a lock is named as one.
 */
export async function changePassword(
  context: AppContext,
  session: LiveSession,
  input: ChangePasswordRequest,
  source: string,
): Promise<null> {
  const outcome = await attemptSecret(
    context.db,
    { kind: 'customer_password', account: accountKey(session.customer.account), source },
    { verify: () => verifyPassword(session.customer.passwordHash, input.oldPassword) },
  );
  if (!outcome.ok) {
    throw (
      outcome.locked
        ? new ApiRefusal('account.locked', { minutes: minutesUntil(outcome.lockedUntil) }, 403)
        : new ApiRefusal('account.wrong_original_password', { field: 'oldPassword' })
    ).keepingWrites();
  }
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  await context.db.transaction(async (tx) => {
    await tx
      .update(customers)
      .set({ passwordHash, passwordChangedAt: now })
      .where(eq(customers.id, session.customer.id));
    await revokeOtherSessions(tx, session.customer.id, session.sessionId, now);
  });
  return null;
}
