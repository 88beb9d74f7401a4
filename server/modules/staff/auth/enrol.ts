import { eq } from 'drizzle-orm';
import { generateSecret, generateURI } from 'otplib';
import QRCode from 'qrcode';
import type { InferType } from 'yup';
import type { staffEnrolResponse } from '../../../../contract';
import type { Database } from '../../../db/connect';
import { staffSessions } from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';
import type { StaffSession } from '../../../auth/staff-sessions';

export const TOTP_ISSUER = 'Maru';

/**
 * Offers a new TOTP secret to a staff member who has none yet. The secret waits on the half
 * session until the first right code confirms it (verify), so an abandoned enrolment leaves
 * nothing behind on the account.
 */
export async function startEnrolment(
  db: Database,
  session: StaffSession,
): Promise<InferType<typeof staffEnrolResponse>> {
  if (session.staff.totpSecret !== null) throw new ApiRefusal('staff.already_enrolled');
  const secret = generateSecret();
  await db
    .update(staffSessions)
    .set({ enrolSecret: secret })
    .where(eq(staffSessions.id, session.sessionId));
  const otpauthUri = generateURI({ issuer: TOTP_ISSUER, label: session.staff.account, secret });
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M' });
  return { otpauthUri, qrSvg };
}
