import { eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { isUniqueViolation } from '../db/errors';
import { postings } from '../db/schema';
import type { PostedEntry } from './idempotency';
import { recordOnce } from './idempotency';
import { LedgerError } from './ledger-error';
import { keyedRequest, writeEntry } from './post-entry';
import type { EntryInput } from './post-entry';

export interface ReverseInput {
  entryId: number;
  reason: string;
  actor: string;
  idempotencyKey?: string | null;
  idempotencyScope?: string;
}

/** The kind of every reversing entry; its reverses_entry_id names the entry it negates. */
export const REVERSAL_KIND = 'reversal';

/**
 * Corrects an entry the only way the append-only journal allows: a new entry of the negated
 * postings, linked to the original. Refused when the entry does not exist, was already reversed
 * (once only, even in a race: reverses_entry_id is unique), or when undoing it would overdraw a
 * customer account (the money has moved on since). Idempotency as in postEntry.
 */
export async function reverseEntry(db: Database, input: ReverseInput): Promise<PostedEntry> {
  const original = await db
    .select({ accountId: postings.accountId, amount: postings.amount })
    .from(postings)
    .where(eq(postings.entryId, input.entryId));
  if (original.length === 0) throw new LedgerError('unknown_entry', `entry ${input.entryId}`);
  const entry: EntryInput = {
    kind: REVERSAL_KIND,
    reason: input.reason,
    actor: input.actor,
    idempotencyKey: input.idempotencyKey ?? null,
    postings: original.map((p) => ({ accountId: p.accountId, amount: -p.amount })),
    ...(input.idempotencyScope === undefined ? {} : { idempotencyScope: input.idempotencyScope }),
  };
  try {
    return await recordOnce(db, keyedRequest(entry, input.entryId), (tx) =>
      writeEntry(tx, entry, input.entryId),
    );
  } catch (error) {
    // A reversal by another request won the race after writeEntry's look-up.
    if (isUniqueViolation(error, 'journal_entries_reverses_entry_id_unique')) {
      throw new LedgerError('already_reversed', `entry ${input.entryId} was already reversed`);
    }
    throw error;
  }
}
