import { eq } from 'drizzle-orm';
import { verify } from 'otplib';
import type { InferType } from 'yup';
import type { staffMeResponse, staffVerifyRequest } from '../../../../contract';
import type { Database } from '../../../db/connect';
import { staffAccounts, staffSessions } from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';
import type { StaffSession } from '../staff-sessions';
import { FULL_SESSION_MS } from '../staff-sessions';
import { assertStaffNotLocked, recordStaffFailure } from './lockout';

const TOTP_PERIOD_SECONDS = 30;

/**
 * The TOTP step: the code must match the enrolled secret (or the one being enrolled), within
 * one 30-second step of drift, and be newer than the last accepted one (no replay). A right code
 * turns the half session into a full one and clears the failure count.
 */
export async function verifyStaffCode(
  db: Database,
  session: StaffSession,
  input: InferType<typeof staffVerifyRequest>,
  now = new Date(),
): Promise<InferType<typeof staffMeResponse>> {
  const { staff } = session;
  assertStaffNotLocked(staff, now);
  const secret = staff.totpSecret ?? session.enrolSecret;
  if (secret === null) throw new ApiRefusal('staff.wrong_code');
  const epoch = Math.floor(now.getTime() / 1000);
  const result = await verify({
    secret,
    token: input.code,
    epoch,
    epochTolerance: 30,
    ...(staff.lastTotpStep === null ? {} : { afterTimeStep: staff.lastTotpStep }),
  }).catch(() => ({ valid: false as const }));
  if (!result.valid) {
    throw await recordStaffFailure(db, staff, new ApiRefusal('staff.wrong_code'), now);
  }
  // The step the code belongs to: the current 30-second step plus the drift it matched at.
  const step = Math.floor(epoch / TOTP_PERIOD_SECONDS) + result.delta;
  await db.transaction(async (tx) => {
    await tx
      .update(staffAccounts)
      .set({ totpSecret: secret, lastTotpStep: step, failedLogins: 0, lockedUntil: null })
      .where(eq(staffAccounts.id, staff.id));
    await tx
      .update(staffSessions)
      .set({
        stage: 'full',
        enrolSecret: null,
        expiresAt: new Date(now.getTime() + FULL_SESSION_MS),
      })
      .where(eq(staffSessions.id, session.sessionId));
  });
  return {
    id: staff.id,
    account: staff.account,
    role: staff.role,
    mustChangePassword: staff.mustChangePassword,
  };
}
