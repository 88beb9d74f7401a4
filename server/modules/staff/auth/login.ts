import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import type { InferType } from 'yup';
import type { staffLoginRequest, staffLoginResponse } from '../../../../contract';
import { recordAudit } from '../../../audit';
import { verifyAgainstDummy, verifyPassword } from '../../../auth/passwords';
import type { Database } from '../../../db/connect';
import { staffAccounts } from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';
import { createPendingSession } from '../staff-sessions';
import { assertStaffNotLocked, recordStaffFailure } from './lockout';

/**
 * The password step. A right password opens a half session that can only enrol or verify a
 * TOTP code; a wrong one counts toward the lock. Failures are audit-logged too.
 */
export async function staffLogin(
  db: Database,
  request: FastifyRequest,
  input: InferType<typeof staffLoginRequest>,
): Promise<InferType<typeof staffLoginResponse>> {
  const [staff] = await db
    .select()
    .from(staffAccounts)
    .where(eq(staffAccounts.account, input.account));
  if (!staff) {
    await verifyAgainstDummy(input.password);
    await recordAudit(db, request, {
      actor: { kind: 'staff', id: null },
      action: 'login.failed',
      detail: { account: input.account.slice(0, 32) },
    });
    // Keeps the audit record of the failure.
    throw new ApiRefusal('staff.wrong_credentials').keepingWrites();
  }
  assertStaffNotLocked(staff);
  if (!(await verifyPassword(staff.passwordHash, input.password))) {
    await recordAudit(db, request, {
      actor: { kind: 'staff', id: staff.id },
      action: 'login.failed',
      entity: `staff:${staff.id}`,
    });
    throw await recordStaffFailure(db, staff, new ApiRefusal('staff.wrong_credentials'));
  }
  const token = await createPendingSession(db, staff.id);
  await recordAudit(db, request, {
    actor: { kind: 'staff', id: staff.id },
    action: 'login.password_ok',
    entity: `staff:${staff.id}`,
  });
  return { token, next: staff.totpSecret === null ? 'enrol' : 'totp' };
}
