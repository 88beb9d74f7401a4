import { and, eq } from 'drizzle-orm';
import type { Database, Transaction } from '../db/connect';
import { isUniqueViolation } from '../db/errors';
import { journalEntries } from '../db/schema';
import { LedgerError } from './ledger-error';

/** A request's idempotency key with its scope and the hash of what it asks. */
export interface KeyedRequest {
  scope: string;
  key: string;
  hash: string;
}

export interface PostedEntry {
  entryId: number;
  /** True when the key had been used for the same request: nothing new was written. */
  replayed: boolean;
}

/**
 * Runs `write` in a transaction (a savepoint of the caller's) at most once per scope and key.
 * The same scope, key and request replays the first entry; the same scope and key with another
 * request is refused. Two identical requests racing on PostgreSQL both pass the first look-up;
 * the loser's insert then meets the unique (scope, key) and becomes a replay too. (That second
 * look-up needs the caller's transaction, if any, at READ COMMITTED, PostgreSQL's default.)
 * Keys are never deleted, so they outlive the 24 h the API promises.
 */
export async function recordOnce(
  db: Database,
  keyed: KeyedRequest | null,
  write: (tx: Transaction) => Promise<number>,
): Promise<PostedEntry> {
  if (keyed) {
    const prior = await findPrior(db, keyed);
    if (prior) return prior;
  }
  try {
    return { entryId: await db.transaction(write), replayed: false };
  } catch (error) {
    if (keyed && isUniqueViolation(error)) {
      const prior = await findPrior(db, keyed);
      if (prior) return prior;
    }
    throw error;
  }
}

async function findPrior(db: Database, keyed: KeyedRequest): Promise<PostedEntry | null> {
  const [row] = await db
    .select({ id: journalEntries.id, hash: journalEntries.requestHash })
    .from(journalEntries)
    .where(
      and(
        eq(journalEntries.idempotencyScope, keyed.scope),
        eq(journalEntries.idempotencyKey, keyed.key),
      ),
    );
  if (!row) return null;
  if (row.hash !== keyed.hash) {
    throw new LedgerError(
      'idempotency_mismatch',
      `key ${keyed.key} of ${keyed.scope} was used for another request (entry ${row.id})`,
    );
  }
  return { entryId: row.id, replayed: true };
}
