import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { journalEntries, ledgerAccounts, postings } from '../db/schema';
import { minorFromSql } from './amounts';
import { LedgerError } from './ledger-error';

export interface PostingInput {
  accountId: number;
  /** Minor units of the account's currency; positive adds to the account. */
  amount: number;
}

export interface EntryInput {
  kind: string;
  reason: string;
  actor: string;
  /** The request's Idempotency-Key: an entry with the same key is recorded once. */
  idempotencyKey?: string | null;
  postings: PostingInput[];
}

export interface PostedEntry {
  entryId: number;
  /** True when the key had been used: nothing new was written. */
  replayed: boolean;
}

/**
 * Records a journal entry, or refuses it whole. Its postings must sum to zero in each currency,
 * and no customer account may end below zero. It runs in its own transaction, or as a savepoint
 * of the caller's, so a refusal leaves the caller's other writes untouched until it decides.
 */
export async function postEntry(db: Database, entry: EntryInput): Promise<PostedEntry> {
  checkAmounts(entry.postings);
  return db.transaction(async (tx) => {
    if (entry.idempotencyKey) {
      const [existing] = await tx
        .select({ id: journalEntries.id })
        .from(journalEntries)
        .where(eq(journalEntries.idempotencyKey, entry.idempotencyKey));
      if (existing) return { entryId: existing.id, replayed: true };
    }

    // Locking the accounts in id order serialises concurrent entries on the same accounts
    // (PostgreSQL), so two withdrawals cannot both spend the same balance; the order avoids deadlocks.
    const accountIds = [...new Set(entry.postings.map((p) => p.accountId))].sort((a, b) => a - b);
    const accounts = await tx
      .select({
        id: ledgerAccounts.id,
        currency: ledgerAccounts.currency,
        kind: ledgerAccounts.kind,
      })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, accountIds))
      .orderBy(asc(ledgerAccounts.id))
      .for('update');
    if (accounts.length !== accountIds.length) {
      const known = new Set(accounts.map((a) => a.id));
      throw new LedgerError(
        'unknown_account',
        `accounts ${accountIds.filter((id) => !known.has(id)).join(', ')}`,
      );
    }
    checkBalanced(entry.postings, new Map(accounts.map((a) => [a.id, a.currency])));

    const [created] = await tx
      .insert(journalEntries)
      .values({
        kind: entry.kind,
        reason: entry.reason,
        actor: entry.actor,
        idempotencyKey: entry.idempotencyKey ?? null,
      })
      .returning({ id: journalEntries.id });
    if (!created) throw new Error('journal entry insert returned no row');
    await tx.insert(postings).values(
      entry.postings.map((p) => ({
        entryId: created.id,
        accountId: p.accountId,
        amount: p.amount,
      })),
    );

    const customerIds = accounts.filter((a) => a.kind !== 'house_cash').map((a) => a.id);
    if (customerIds.length > 0) {
      const balances = await tx
        .select({
          accountId: postings.accountId,
          balance: sql<string>`sum(${postings.amount})::text`,
        })
        .from(postings)
        .where(inArray(postings.accountId, customerIds))
        .groupBy(postings.accountId);
      const overdrawn = balances.find((b) => minorFromSql(b.balance) < 0);
      if (overdrawn) {
        throw new LedgerError(
          'insufficient_funds',
          `account ${overdrawn.accountId} would go below zero`,
        );
      }
    }
    return { entryId: created.id, replayed: false };
  });
}

function checkAmounts(list: PostingInput[]): void {
  if (list.length < 2) throw new LedgerError('no_postings', 'an entry needs at least two postings');
  for (const p of list) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) {
      throw new LedgerError('bad_amount', `account ${p.accountId}: ${p.amount}`);
    }
  }
}

function checkBalanced(list: PostingInput[], currencyOf: Map<number, string>): void {
  const sums = new Map<string, bigint>();
  for (const p of list) {
    const currency = currencyOf.get(p.accountId) ?? '';
    sums.set(currency, (sums.get(currency) ?? 0n) + BigInt(p.amount));
  }
  const unbalanced = [...sums].filter(([, sum]) => sum !== 0n);
  if (unbalanced.length > 0) {
    throw new LedgerError('unbalanced', unbalanced.map(([c, s]) => `${c} ${s}`).join(', '));
  }
}
