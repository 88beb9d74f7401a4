import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { journalEntries, ledgerAccounts, postings } from '../db/schema';

/**
 * What auditLedger finds wrong. Amounts are decimal strings: a tampered ledger may hold sums past
 * the safe integer range.
 */
export type LedgerViolation =
  /** An entry's postings in one currency do not sum to zero. */
  | { check: 'entry_unbalanced'; entryId: number; currency: string; sum: string }
  /** An entry with fewer than two postings moves nothing, or moves money from nowhere. */
  | { check: 'entry_too_few_postings'; entryId: number; postings: number }
  /** Over all postings in a currency, what was added (credits) differs from what was taken. */
  | { check: 'currency_unbalanced'; currency: string; credits: string; debits: string }
  /** A customer account beyond its sign: below zero (above zero for loan_principal). */
  | { check: 'customer_overdrawn'; accountId: number; kind: string; balance: string }
  /** A stored balance that is not the sum of its account's postings. */
  | { check: 'balance_mismatch'; accountId: number; stored: string; postings: string };

/**
 * Checks the ledger's invariants over the whole database (every posting is read: this is for
 * tests, `npm run ledger:audit` and operators, not for a request path). An empty answer is a
 * consistent ledger.
 */
export async function auditLedger(db: Database): Promise<LedgerViolation[]> {
  const sum = sql<string>`sum(${postings.amount})::text`;
  const entrySums = await db
    .select({ entryId: postings.entryId, currency: ledgerAccounts.currency, sum })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .groupBy(postings.entryId, ledgerAccounts.currency)
    .having(sql`sum(${postings.amount}) <> 0`);
  const thinEntries = await db
    .select({ entryId: journalEntries.id, postings: count(postings.id) })
    .from(journalEntries)
    .leftJoin(postings, eq(postings.entryId, journalEntries.id))
    .groupBy(journalEntries.id)
    .having(sql`count(${postings.id}) < 2`);
  const currencies = await db
    .select({
      currency: ledgerAccounts.currency,
      credits: sql<string>`coalesce(sum(${postings.amount}) filter (where ${postings.amount} > 0), 0)::text`,
      debits: sql<string>`coalesce(-sum(${postings.amount}) filter (where ${postings.amount} < 0), 0)::text`,
    })
    .from(postings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .groupBy(ledgerAccounts.currency)
    .having(sql`sum(${postings.amount}) <> 0`);
  const overdrawn = await db
    .select({
      accountId: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      balance: sql<string>`${ledgerAccounts.balance}::text`,
    })
    .from(ledgerAccounts)
    .where(
      sql`${ledgerAccounts.customerId} is not null and case when ${ledgerAccounts.kind} = 'loan_principal'
          then ${ledgerAccounts.balance} > 0 else ${ledgerAccounts.balance} < 0 end`,
    );
  const fromPostings = sql`coalesce(sum(${postings.amount}), 0)`;
  const mismatched = await db
    .select({
      accountId: ledgerAccounts.id,
      stored: sql<string>`${ledgerAccounts.balance}::text`,
      postings: sql<string>`${fromPostings}::text`,
    })
    .from(ledgerAccounts)
    .leftJoin(postings, eq(postings.accountId, ledgerAccounts.id))
    .groupBy(ledgerAccounts.id)
    .having(sql`${ledgerAccounts.balance} <> ${fromPostings}`);

  const byNumber =
    <T>(key: (v: T) => number) =>
    (a: T, b: T) =>
      key(a) - key(b);
  return [
    ...entrySums
      .sort(byNumber((v) => v.entryId))
      .map((v) => ({ check: 'entry_unbalanced' as const, ...v })),
    ...thinEntries
      .sort(byNumber((v) => v.entryId))
      .map((v) => ({ check: 'entry_too_few_postings' as const, ...v })),
    ...currencies.map((v) => ({ check: 'currency_unbalanced' as const, ...v })),
    ...overdrawn
      .sort(byNumber((v) => v.accountId))
      .map((v) => ({ check: 'customer_overdrawn' as const, ...v })),
    ...mismatched
      .sort(byNumber((v) => v.accountId))
      .map((v) => ({ check: 'balance_mismatch' as const, ...v })),
  ];
}

/** One line per violation, for logs and the audit script. */
export function describeViolation(v: LedgerViolation): string {
  switch (v.check) {
    case 'entry_unbalanced':
      return `entry ${v.entryId}: ${v.currency} postings sum to ${v.sum}, not 0`;
    case 'entry_too_few_postings':
      return `entry ${v.entryId}: ${v.postings} posting(s), at least 2 needed`;
    case 'currency_unbalanced':
      return `${v.currency}: credits ${v.credits} ≠ debits ${v.debits} over all postings`;
    case 'customer_overdrawn':
      return `account ${v.accountId} (${v.kind}): balance ${v.balance} beyond its sign`;
    case 'balance_mismatch':
      return `account ${v.accountId}: stored balance ${v.stored} ≠ postings' sum ${v.postings}`;
  }
}
