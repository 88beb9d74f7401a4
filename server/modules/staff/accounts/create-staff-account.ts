import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, inArray } from 'drizzle-orm';
import type { StaffRole } from '../../../../contract';
import { hashPassword } from '../../../auth/passwords';
import type { Database } from '../../../db/connect';
import { isUniqueViolation } from '../../../db/errors';
import { secretAttempts, staffAccounts } from '../../../db/schema';
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
  const locks = await accountLocks(db, rows);
  return {
    items: rows.map((s) => ({
      id: s.id,
      account: s.account,
      role: s.role,
      enrolled: s.totpSecret !== null,
      lockedUntil: locks.get(s.id)?.toISOString() ?? null,
    })),
    page,
    pageSize,
    total: total?.n ?? 0,
  };
}

/**
 * The account-wide locks running now (sign-in password or TOTP code), by staff id. A lock on one
 * guessing address is not the account's: its owner can still sign in from elsewhere.
 */
async function accountLocks(
  db: Database,
  staff: { id: number; account: string }[],
): Promise<Map<number, Date>> {
  if (staff.length === 0) return new Map();
  const byKey = new Map<string, number>();
  for (const s of staff) {
    byKey.set(`staff_password:${s.account.toLowerCase()}`, s.id);
    byKey.set(`staff_totp:${s.id}`, s.id);
  }
  const rows = await db
    .select({
      kind: secretAttempts.kind,
      account: secretAttempts.account,
      lockedUntil: secretAttempts.lockedUntil,
    })
    .from(secretAttempts)
    .where(
      and(
        inArray(secretAttempts.kind, ['staff_password', 'staff_totp']),
        eq(secretAttempts.source, ''),
        inArray(secretAttempts.account, [
          ...staff.map((s) => s.account.toLowerCase()),
          ...staff.map((s) => String(s.id)),
        ]),
        gt(secretAttempts.lockedUntil, new Date()),
      ),
    );
  const locks = new Map<number, Date>();
  for (const row of rows) {
    const id = byKey.get(`${row.kind}:${row.account}`);
    if (id === undefined || row.lockedUntil === null) continue;
    const known = locks.get(id);
    if (!known || row.lockedUntil > known) locks.set(id, row.lockedUntil);
  }
  return locks;
}
