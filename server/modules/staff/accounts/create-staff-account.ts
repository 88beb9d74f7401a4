import { randomBytes } from 'node:crypto';
import { asc, count } from 'drizzle-orm';
import type { StaffRole } from '../../../../contract';
import { hashPassword } from '../../../auth/passwords';
import type { Database } from '../../../db/connect';
import { isUniqueViolation } from '../../../db/errors';
import { staffAccounts } from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';

export interface CreatedStaff {
  id: number;
  account: string;
  role: StaffRole;
  /** Printed or shown once; the account must replace it at first sign-in. */
  oneTimePassword: string;
}

/**
 * Creates a staff account with a random one-time password (18 random bytes, base64url: 24
 * characters), never a default one. Used by the admin call and by `npm run staff:create`.
 */
export async function createStaffAccount(
  db: Database,
  input: { account: string; role: StaffRole },
): Promise<CreatedStaff> {
  const oneTimePassword = randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(oneTimePassword);
  try {
    const [row] = await db
      .insert(staffAccounts)
      .values({ account: input.account, role: input.role, passwordHash, mustChangePassword: true })
      .returning({ id: staffAccounts.id });
    if (!row) throw new Error('insert returned no row');
    return { id: row.id, account: input.account, role: input.role, oneTimePassword };
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiRefusal('staff.exists', { field: 'account' });
    throw error;
  }
}

export async function listStaff(db: Database, page: number, pageSize: number) {
  const [total] = await db.select({ n: count() }).from(staffAccounts);
  const rows = await db
    .select()
    .from(staffAccounts)
    .orderBy(asc(staffAccounts.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return {
    items: rows.map((s) => ({
      id: s.id,
      account: s.account,
      role: s.role,
      enrolled: s.totpSecret !== null,
      lockedUntil: s.lockedUntil?.toISOString() ?? null,
    })),
    page,
    pageSize,
    total: total?.n ?? 0,
  };
}
