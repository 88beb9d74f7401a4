import { eq } from 'drizzle-orm';
import type { ChangePasswordRequest } from '../../../contract';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { LiveSession } from '../../auth/sessions';
import { revokeOtherSessions } from '../../auth/sessions';
import type { AppContext } from '../../app-context';
import { customers } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';

/**
 * Replaces the login password after checking the current one, and ends every other session (a
 * thief's included); the session that made the change stays signed in.
 */
export async function changePassword(
  context: AppContext,
  session: LiveSession,
  input: ChangePasswordRequest,
): Promise<null> {
  if (!(await verifyPassword(session.customer.passwordHash, input.oldPassword))) {
    throw new ApiRefusal('account.wrong_original_password', { field: 'oldPassword' });
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
