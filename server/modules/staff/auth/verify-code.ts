import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { verify } from 'otplib';
import type { InferType } from 'yup';
import type { staffMeResponse, staffVerifyRequest } from '../../../../contract';
import { attemptSecret, minutesUntil } from '../../../auth/secret-attempts';
import type { Database } from '../../../db/connect';
import { staffAccounts, staffSessions } from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';
import type { StaffSession } from '../../../auth/staff-sessions';
import { FULL_SESSION_MS } from '../../../auth/staff-sessions';

const TOTP_PERIOD_SECONDS = 30;

/**
 * The TOTP step: the code must match the enrolled secret (or the one being enrolled), within
 * one 30-second step of drift, and be newer than the last accepted one (no replay, even by two
 * requests at once). Codes are limited per account (10 wrong lock it for 30 minutes, then
 * longer); the caller already knows the password, so the lock is named (staff.locked).
 */
export async function verifyStaffCode(
  db: Database,
  session: StaffSession,
  input: InferType<typeof staffVerifyRequest>,
  source: string | null,
  now = new Date(),
): Promise<InferType<typeof staffMeResponse>> {
  const { staff } = session;
  const secret = staff.totpSecret ?? session.enrolSecret;
  if (secret === null) throw new ApiRefusal('staff.wrong_code');
  const epoch = Math.floor(now.getTime() / 1000);
  let step = 0;
  const outcome = await attemptSecret(
    db,
    { kind: 'staff_totp', account: String(staff.id), source },
    {
      now,
      verify: async () => {
        const result = await verify({
          secret,
          token: input.code,
          epoch,
          epochTolerance: 30,
          ...(staff.lastTotpStep === null ? {} : { afterTimeStep: staff.lastTotpStep }),
        }).catch(() => ({ valid: false as const }));
        if (!result.valid) return false;
        // The step the code belongs to: the current 30-second step plus the drift it matched at.
        step = Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta;
        // Claims the step: of two requests with the same code, only one gets it.
        const claimed = await db
          .update(staffAccounts)
          .set({ totpSecret: secret, lastTotpStep: step })
          .where(
            and(
              eq(staffAccounts.id, staff.id),
              or(isNull(staffAccounts.lastTotpStep), lt(staffAccounts.lastTotpStep, step)),
            ),
          )
          .returning({ id: staffAccounts.id });
        return claimed.length > 0;
      },
    },
  );
  if (!outcome.ok) {
    throw (
      outcome.locked
        ? new ApiRefusal('staff.locked', { minutes: minutesUntil(outcome.lockedUntil, now) }, 403)
        : new ApiRefusal('staff.wrong_code')
    ).keepingWrites();
  }
  await db
    .update(staffSessions)
    .set({
      stage: 'full',
      enrolSecret: null,
      expiresAt: new Date(now.getTime() + FULL_SESSION_MS),
    })
    .where(eq(staffSessions.id, session.sessionId));
  return {
    id: staff.id,
    account: staff.account,
    role: staff.role,
    mustChangePassword: staff.mustChangePassword,
  };
}
