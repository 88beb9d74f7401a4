import { and, eq, isNull, ne } from 'drizzle-orm';
import type { InferType } from 'yup';
import type { staffChangePasswordRequest } from '../../../../contract';
import { hashPassword, verifyPassword } from '../../../auth/passwords';
import { attemptSecret, minutesUntil } from '../../../auth/secret-attempts';
import type { Database } from '../../../db/connect';
import { staffAccounts, staffSessions } from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';
import type { StaffSession } from '../../../auth/staff-sessions';
import { staffAccountKey } from './login';

/**
 * Replaces the staff password (the one-time one included) and ends every other session. The
 * current password is checked under the sign-in limit (staff_password), so a stolen session
 * cannot guess it faster than the sign-in page could.
 */
export async function changeStaffPassword(
  db: Database,
  session: StaffSession,
  input: InferType<typeof staffChangePasswordRequest>,
  source: string | null,
): Promise<null> {
  const outcome = await attemptSecret(
    db,
    { kind: 'staff_password', account: staffAccountKey(session.staff.account), source },
    { verify: () => verifyPassword(session.staff.passwordHash, input.oldPassword) },
  );
  if (!outcome.ok) {
    throw (
      outcome.locked
        ? new ApiRefusal('staff.locked', { minutes: minutesUntil(outcome.lockedUntil) }, 403)
        : new ApiRefusal('account.wrong_original_password', { field: 'oldPassword' })
    ).keepingWrites();
  }
  if (input.password === input.oldPassword) {
    throw new ApiRefusal('account.password_same', { field: 'password' });
  }
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({ passwordHash, mustChangePassword: false })
      .where(eq(staffAccounts.id, session.staff.id));
    await tx
      .update(staffSessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffSessions.staffId, session.staff.id),
          ne(staffSessions.id, session.sessionId),
          isNull(staffSessions.revokedAt),
        ),
      );
  });
  return null;
}
