import type { FastifyRequest } from 'fastify';
import { asc, desc, eq, or, sql } from 'drizzle-orm';
import type { InferType } from 'yup';
import type { staffLoginRequest, staffLoginResponse } from '../../../../contract';
import { recordAudit } from '../../../audit';
import { verifyAgainstDummy, verifyPassword } from '../../../auth/passwords';
import { attemptSecret } from '../../../auth/secret-attempts';
import type { Database } from '../../../db/connect';
import { staffAccounts } from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';
import { createPendingSession } from '../../../auth/staff-sessions';
import type { StaffAccount } from '../../../auth/staff-sessions';

/** The key staff names are compared and counted by: unique regardless of case. */
export const staffAccountKey = (account: string): string => account.toLowerCase();

async function staffByLoginName(db: Database, account: string): Promise<StaffAccount | null> {
  const [staff] = await db
    .select()
    .from(staffAccounts)
    .where(
      or(
        eq(staffAccounts.account, account),
        sql`lower(${staffAccounts.account}) = ${staffAccountKey(account)}`,
      ),
    )
    .orderBy(desc(sql`${staffAccounts.account} = ${account}`), asc(staffAccounts.id))
    .limit(1);
  return staff ?? null;
}

/** Why a sign-in failed, for the audit log only: the answer is the same for all three. */
type FailureReason = 'unknown_account' | 'wrong_password' | 'locked';

/**
 * The password step. A right password opens a half session that can only enrol or verify a
 * TOTP code. An unknown account, a wrong password and a locked one all answer
 * staff.wrong_credentials after an argon2 verify, so the answer tells neither which accounts
 * exist nor which are locked. Locks fall on the guessing address (10 wrong for one account from
 * one address), with a slower account-wide backoff, so hammering a name does not lock its owner
 * out. Every failure is audit-logged with its real reason.
 */
export async function staffLogin(
  db: Database,
  request: FastifyRequest,
  input: InferType<typeof staffLoginRequest>,
): Promise<InferType<typeof staffLoginResponse>> {
  const staff = await staffByLoginName(db, input.account);
  const outcome = await attemptSecret(
    db,
    { kind: 'staff_password', account: staffAccountKey(input.account), source: request.ip },
    {
      verify: () =>
        staff
          ? verifyPassword(staff.passwordHash, input.password)
          : verifyAgainstDummy(input.password),
      equalise: () => verifyAgainstDummy(input.password),
    },
  );
  if (!staff || !outcome.ok) {
    const reason: FailureReason =
      !outcome.ok && outcome.locked && !outcome.compared
        ? 'locked'
        : staff
          ? 'wrong_password'
          : 'unknown_account';
    await recordAudit(db, request, {
      actor: { kind: 'staff', id: staff?.id ?? null },
      action: 'login.failed',
      entity: staff ? `staff:${staff.id}` : null,
      detail: { account: input.account.slice(0, 32), reason },
    });
    // Keeps the count and the audit record of the failure.
    throw new ApiRefusal('staff.wrong_credentials').keepingWrites();
  }
  const token = await createPendingSession(db, staff.id);
  await recordAudit(db, request, {
    actor: { kind: 'staff', id: staff.id },
    action: 'login.password_ok',
    entity: `staff:${staff.id}`,
  });
  return { token, next: staff.totpSecret === null ? 'enrol' : 'totp' };
}
