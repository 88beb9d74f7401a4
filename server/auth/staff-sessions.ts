import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashToken } from './sessions';
import type { Database } from '../db/connect';
import { staffAccounts, staffSessions } from '../db/schema';

/** A half session lives long enough to type a code; a full one for a working day. */
export const PENDING_SESSION_MS = 5 * 60 * 1000;
export const FULL_SESSION_MS = 12 * 60 * 60 * 1000;

export type StaffAccount = typeof staffAccounts.$inferSelect;

export interface StaffSession {
  sessionId: number;
  stage: 'pending' | 'full';
  enrolSecret: string | null;
  staff: StaffAccount;
}

/** Opens a half session after a right password; the token exists only in the answer. */
export async function createPendingSession(
  db: Database,
  staffId: number,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    staffId,
    stage: 'pending',
    createdAt: now,
    expiresAt: new Date(now.getTime() + PENDING_SESSION_MS),
  });
  return token;
}

export async function findStaffSession(
  db: Database,
  token: string,
  now = new Date(),
): Promise<StaffSession | null> {
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      stage: staffSessions.stage,
      enrolSecret: staffSessions.enrolSecret,
      staff: staffAccounts,
    })
    .from(staffSessions)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
      ),
    );
  return row ?? null;
}

export async function revokeStaffSession(db: Database, sessionId: number, now = new Date()) {
  await db.update(staffSessions).set({ revokedAt: now }).where(eq(staffSessions.id, sessionId));
}
