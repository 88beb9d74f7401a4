import { and, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { secretAttempts } from '../db/schema';

/**
 * The one limiter for every check of a secret: customer passwords (login and change password),
 * fund passwords, staff passwords and staff TOTP codes. Guesses are counted in buckets
 * (secret_attempts rows):
 *
 * - pair: one account from one source (client IP). Reaching its limit locks that source out of
 *   that account only, so someone hammering a name does not lock its owner out.
 * - account: one account from anywhere, with a higher limit and a shorter, growing lock (a
 *   slower account-wide backoff against guessing from many addresses).
 * - source: one source across all accounts of the kind (spraying one password over many names).
 *
 * Pair and account buckets are reserved atomically BEFORE the slow comparison: one
 * `insert … on conflict do update … where not locked … returning` counts the attempt, and the
 * attempt that reaches the limit sets the lock at once. However many guesses arrive in parallel,
 * exactly `max` of them are compared before each lock; the rest are refused without comparing.
 * A success deletes the account's pair and account buckets; a failure never clears a lock. The
 * source bucket is counted after a failure (it is not reserved, so that a call's transaction on
 * PostgreSQL does not hold a row every customer behind one address needs).
 */

export type SecretKind = 'customer_password' | 'fund_password' | 'staff_password' | 'staff_totp';

export interface BucketPolicy {
  /** Failures allowed in the window; the attempt that reaches it locks the bucket. */
  max: number;
  /** Failures older than this are forgotten. */
  windowMs: number;
  /** The first lock; each further lock in a row doubles it, up to maxLockMs. */
  lockMs: number;
  maxLockMs: number;
}

export interface SecretPolicy {
  pair?: BucketPolicy;
  account?: BucketPolicy;
  source?: BucketPolicy;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Locks in a row are forgotten after a quiet day (no attempt at all). */
const LOCK_COUNT_DECAY_MS = 24 * HOUR;
/** Rows untouched this long and not locked are swept. */
export const SECRET_ATTEMPTS_KEEP_MS = 24 * HOUR;
const SWEEP_EVERY_MS = HOUR;

export const SECRET_POLICIES: Record<SecretKind, SecretPolicy> = {
  customer_password: {
    pair: { max: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE, maxLockMs: 8 * HOUR },
    account: { max: 20, windowMs: HOUR, lockMs: MINUTE, maxLockMs: 30 * MINUTE },
    source: { max: 100, windowMs: HOUR, lockMs: 15 * MINUTE, maxLockMs: 8 * HOUR },
  },
  // Behind a session: the account is known, so per account (5 in a row lock for 30 minutes).
  fund_password: {
    account: { max: 5, windowMs: 24 * HOUR, lockMs: 30 * MINUTE, maxLockMs: 8 * HOUR },
    source: { max: 50, windowMs: HOUR, lockMs: 30 * MINUTE, maxLockMs: 8 * HOUR },
  },
  staff_password: {
    pair: { max: 10, windowMs: 30 * MINUTE, lockMs: 30 * MINUTE, maxLockMs: 8 * HOUR },
    account: { max: 30, windowMs: HOUR, lockMs: 5 * MINUTE, maxLockMs: HOUR },
    source: { max: 50, windowMs: HOUR, lockMs: 30 * MINUTE, maxLockMs: 8 * HOUR },
  },
  // After the password: whoever guesses codes knows it, so the account itself locks.
  staff_totp: {
    account: { max: 10, windowMs: 30 * MINUTE, lockMs: 30 * MINUTE, maxLockMs: 8 * HOUR },
    source: { max: 50, windowMs: HOUR, lockMs: 30 * MINUTE, maxLockMs: 8 * HOUR },
  },
};

export interface SecretSubject {
  kind: SecretKind;
  /** Whose secret: an id, or a lower-cased login name (known or not: they are counted alike). */
  account: string;
  /** The client's address; null when there is none (no source buckets). */
  source: string | null;
}

export type SecretOutcome =
  | { ok: true }
  /** Compared and wrong; the account may take `attemptsLeft` more before it locks. */
  | { ok: false; locked: false; attemptsLeft: number }
  /**
   * Locked until `lockedUntil`: either this wrong attempt was the last one allowed (`compared`),
   * or the bucket was already locked and nothing was compared.
   */
  | { ok: false; locked: true; lockedUntil: Date; compared: boolean };

export interface SecretCheck {
  /** Compares the secret (the slow argon2 verify); true when it matches. */
  verify: () => Promise<boolean>;
  /**
   * Run instead of `verify` when the attempt is refused as locked, so that a locked answer takes
   * as long as a compared one (e.g. verifyAgainstDummy). Optional: calls behind a session say
   * outright that the secret is locked.
   */
  equalise?: () => Promise<unknown>;
  now?: Date;
  policies?: Record<SecretKind, SecretPolicy>;
}

type BucketName = 'pair' | 'account' | 'source';

interface BucketKey {
  kind: SecretKind;
  account: string;
  source: string;
}

function keyOf(subject: SecretSubject, bucket: BucketName): BucketKey | null {
  if (bucket === 'account') return { kind: subject.kind, account: subject.account, source: '' };
  if (subject.source === null || subject.source === '') return null;
  if (bucket === 'source') return { kind: subject.kind, account: '', source: subject.source };
  return { kind: subject.kind, account: subject.account, source: subject.source };
}

const whereKey = (key: BucketKey) =>
  and(
    eq(secretAttempts.kind, key.kind),
    eq(secretAttempts.account, key.account),
    eq(secretAttempts.source, key.source),
  );

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/**
 * Counts one attempt in a bucket unless it is locked: atomically, in one statement. Answers the
 * failures counted so far (this attempt included) and whether this attempt set the lock, or
 * null when the bucket is locked (nothing counted).
 */
async function countAttempt(
  db: Database,
  key: BucketKey,
  policy: BucketPolicy,
  now: Date,
): Promise<{ failures: number; lockedUntil: Date | null } | null> {
  const t = secretAttempts;
  // A new round after an expired lock or an elapsed window; the lock count decays after a quiet day.
  const fresh = sql`(${t.lockedUntil} is not null or ${t.windowStartedAt} <= ${at(new Date(now.getTime() - policy.windowMs))})`;
  const failures = sql`(case when ${fresh} then 1 else ${t.failures} + 1 end)`;
  const lockCount = sql`(case when ${t.updatedAt} <= ${at(new Date(now.getTime() - LOCK_COUNT_DECAY_MS))} then 0 else ${t.lockCount} end)`;
  const lockFor = (count: SQL) =>
    sql`${at(now)} + make_interval(secs => least(${policy.lockMs}::float8 * power(2, ${count}), ${policy.maxLockMs}::float8) / 1000.0)`;
  const firstLocks = policy.max <= 1;
  const rows = await db
    .insert(t)
    .values({
      ...key,
      failures: 1,
      windowStartedAt: now,
      lockedUntil: firstLocks
        ? new Date(now.getTime() + Math.min(policy.lockMs, policy.maxLockMs))
        : null,
      lockCount: firstLocks ? 1 : 0,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [t.kind, t.account, t.source],
      set: {
        failures,
        windowStartedAt: sql`(case when ${fresh} then ${at(now)} else ${t.windowStartedAt} end)`,
        lockedUntil: sql`(case when ${failures} >= ${policy.max} then ${lockFor(lockCount)} else null end)`,
        lockCount: sql`(case when ${failures} >= ${policy.max} then ${lockCount} + 1 else ${lockCount} end)`,
        updatedAt: now,
      },
      setWhere: or(sql`${t.lockedUntil} is null`, sql`${t.lockedUntil} <= ${at(now)}`),
    })
    .returning({ failures: t.failures, lockedUntil: t.lockedUntil });
  return rows[0] ?? null;
}

/** Gives back an attempt counted by countAttempt (a later bucket refused the attempt). */
async function uncountAttempt(db: Database, key: BucketKey, setLock: boolean): Promise<void> {
  const t = secretAttempts;
  await db
    .update(t)
    .set({
      failures: sql`greatest(${t.failures} - 1, 0)`,
      ...(setLock ? { lockedUntil: null, lockCount: sql`greatest(${t.lockCount} - 1, 0)` } : {}),
    })
    .where(whereKey(key));
}

async function lockedUntilOf(db: Database, key: BucketKey, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: secretAttempts.lockedUntil })
    .from(secretAttempts)
    .where(and(whereKey(key), gt(secretAttempts.lockedUntil, now)));
  return row?.lockedUntil ?? null;
}

/**
 * Checks a secret under the limits of its kind. The attempt is counted in the pair and account
 * buckets first; when either is locked the secret is not compared (`equalise` runs instead) and
 * the answer is locked. Otherwise `verify` runs: a match clears the account's counts, a mismatch
 * keeps them (and counts against the source). Inside a call's transaction the caller must refuse
 * with `.keepingWrites()`, or the count is rolled back with the call.
 */
export async function attemptSecret(
  db: Database,
  subject: SecretSubject,
  check: SecretCheck,
): Promise<SecretOutcome> {
  const now = check.now ?? new Date();
  const policy = (check.policies ?? SECRET_POLICIES)[subject.kind];

  const refuse = async (lockedUntil: Date): Promise<SecretOutcome> => {
    await check.equalise?.();
    return { ok: false, locked: true, lockedUntil, compared: false };
  };

  const sourceKey = policy.source ? keyOf(subject, 'source') : null;
  if (sourceKey !== null) {
    const until = await lockedUntilOf(db, sourceKey, now);
    if (until !== null) return refuse(until);
  }

  const reserved: { key: BucketKey; policy: BucketPolicy; failures: number; lock: Date | null }[] =
    [];
  for (const name of ['pair', 'account'] as const) {
    const bucketPolicy = policy[name];
    const key = bucketPolicy ? keyOf(subject, name) : null;
    if (!bucketPolicy || key === null) continue;
    const counted = await countAttempt(db, key, bucketPolicy, now);
    if (counted === null) {
      for (const earlier of reserved) {
        await uncountAttempt(db, earlier.key, earlier.failures >= earlier.policy.max);
      }
      return refuse((await lockedUntilOf(db, key, now)) ?? now);
    }
    reserved.push({
      key,
      policy: bucketPolicy,
      failures: counted.failures,
      lock: counted.lockedUntil,
    });
  }

  if (await check.verify()) {
    for (const { key } of reserved) await db.delete(secretAttempts).where(whereKey(key));
    return { ok: true };
  }

  let lockedUntil: Date | null = null;
  const later = (a: Date | null, b: Date | null) => (a === null || (b !== null && b > a) ? b : a);
  for (const bucket of reserved) {
    if (bucket.failures >= bucket.policy.max) lockedUntil = later(lockedUntil, bucket.lock);
  }
  if (sourceKey !== null && policy.source) {
    const counted = await countAttempt(db, sourceKey, policy.source, now);
    if (counted !== null && counted.failures >= policy.source.max) {
      lockedUntil = later(lockedUntil, counted.lockedUntil);
    }
  }
  if (lockedUntil !== null) return { ok: false, locked: true, lockedUntil, compared: true };
  const attemptsLeft = Math.min(...reserved.map((b) => b.policy.max - b.failures));
  return {
    ok: false,
    locked: false,
    attemptsLeft: Number.isFinite(attemptsLeft) ? attemptsLeft : 0,
  };
}

/**
 * A check whose secret is already known to match (the fund password argon2 confirmed moments
 * ago: server/modules/fund-password/verified-cache.ts), under the same locks as attemptSecret:
 * a locked bucket refuses it without a comparison, and otherwise it succeeds and clears the
 * account's pair and account counts as a compared match does. Nothing is counted: only a
 * matching secret ever comes this way. One query when there is nothing to clear.
 */
export async function attemptConfirmedSecret(
  db: Database,
  subject: SecretSubject,
  options: Pick<SecretCheck, 'now' | 'policies'> = {},
): Promise<SecretOutcome> {
  const now = options.now ?? new Date();
  const policy = (options.policies ?? SECRET_POLICIES)[subject.kind];
  const keys: { key: BucketKey; clears: boolean }[] = [];
  for (const name of ['source', 'pair', 'account'] as const) {
    const key = policy[name] ? keyOf(subject, name) : null;
    if (key !== null) keys.push({ key, clears: name !== 'source' });
  }
  if (keys.length === 0) return { ok: true };
  const rows = await db
    .select({
      account: secretAttempts.account,
      source: secretAttempts.source,
      lockedUntil: secretAttempts.lockedUntil,
    })
    .from(secretAttempts)
    .where(or(...keys.map(({ key }) => whereKey(key))));
  let lockedUntil: Date | null = null;
  for (const row of rows) {
    if (row.lockedUntil !== null && row.lockedUntil > now) {
      if (lockedUntil === null || row.lockedUntil > lockedUntil) lockedUntil = row.lockedUntil;
    }
  }
  if (lockedUntil !== null) return { ok: false, locked: true, lockedUntil, compared: false };
  const clearing = keys.filter(
    ({ key, clears }) =>
      clears && rows.some((r) => r.account === key.account && r.source === key.source),
  );
  if (clearing.length > 0) {
    // Unless a lock was set since the read: a success never clears a lock.
    await db
      .delete(secretAttempts)
      .where(
        and(
          or(...clearing.map(({ key }) => whereKey(key))),
          or(sql`${secretAttempts.lockedUntil} is null`, lte(secretAttempts.lockedUntil, now)),
        ),
      );
  }
  return { ok: true };
}

/** Whole minutes left of a lock, at least 1 (what refusals tell the user). */
export function minutesUntil(until: Date, now = new Date()): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
}

/** The latest lock still running on an account's account-wide bucket of a kind, if any. */
export async function accountLockedUntil(
  db: Database,
  kind: SecretKind,
  account: string,
  now = new Date(),
): Promise<Date | null> {
  return lockedUntilOf(db, { kind, account, source: '' }, now);
}

/** Deletes rows untouched for a day and not locked; returns how many. */
export async function sweepSecretAttempts(db: Database, now = new Date()): Promise<number> {
  const removed = await db
    .delete(secretAttempts)
    .where(
      and(
        lt(secretAttempts.updatedAt, new Date(now.getTime() - SECRET_ATTEMPTS_KEEP_MS)),
        or(sql`${secretAttempts.lockedUntil} is null`, lt(secretAttempts.lockedUntil, now)),
      ),
    )
    .returning({ kind: secretAttempts.kind });
  return removed.length;
}

/** Sweeps once an hour; returns the function that stops it (on app close). */
export function startSecretAttemptSweep(
  db: Database,
  onError: (error: unknown) => void,
): () => void {
  const timer = setInterval(() => {
    sweepSecretAttempts(db).catch(onError);
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
