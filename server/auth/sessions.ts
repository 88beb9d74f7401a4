import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import { noteForCommit } from '../db/after-commit';
import type { Database } from '../db/connect';
import { customers, sessions } from '../db/schema';

/** last_seen_at is refreshed at most this often, so a busy session does not write on every call. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** A session is looked up by this; a stolen database therefore holds no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session and returns its token, which exists only in this answer and on the client. */
export async function createSession(
  db: Database,
  customerId: number,
  ttlMs: number,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    customerId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  return token;
}

export type SessionCustomer = typeof customers.$inferSelect;

export interface LiveSession {
  sessionId: number;
  lastSeenAt: Date;
  customer: SessionCustomer;
}

/** The live session for a token, if it is unrevoked, unexpired and belongs to `account`. */
export async function findLiveSession(
  db: Database,
  token: string,
  account: string,
  now = new Date(),
): Promise<LiveSession | null> {
  const [row] = await db
    .select({ sessionId: sessions.id, lastSeenAt: sessions.lastSeenAt, customer: customers })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        eq(customers.account, account),
      ),
    )
    .limit(1);
  return row ?? null;
}

export async function touchSession(db: Database, session: LiveSession, now = new Date()) {
  if (now.getTime() - session.lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, session.sessionId), lt(sessions.lastSeenAt, now)));
}

export async function revokeSession(db: Database, sessionId: number, now = new Date()) {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ customerId: sessions.customerId });
  // Its live sockets are closed once this commits (server/realtime/account-namespace.ts).
  for (const { customerId } of revoked) noteForCommit(db, { topic: 'access', customerId });
}

/** Ends every session of the customer except `keepSessionId` (after a password change). */
export async function revokeOtherSessions(
  db: Database,
  customerId: number,
  keepSessionId: number,
  now = new Date(),
) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.customerId, customerId),
        ne(sessions.id, keepSessionId),
        isNull(sessions.revokedAt),
      ),
    );
  noteForCommit(db, { topic: 'access', customerId });
}
