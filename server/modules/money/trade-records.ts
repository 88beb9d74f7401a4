import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Currency, FundRecordRowDto } from '../../../contract';
import { journalEntries, ledgerAccounts, postings } from '../../db/schema';
import type { FundRecordSource } from './fund-orders';

/**
 * Entry kinds that have a tab of their own (deposits, withdrawals, exchanges), by prefix: the
 * deposit and withdrawal modules name their entries `deposit…` and `withdrawal…`.
 */
export const OWN_TAB_ENTRY_KIND_PREFIXES = ['deposit', 'withdrawal', 'exchange'] as const;

/** Entry kinds a customer reads on the 'trade' tab with a fixed meaning (others show as-is). */
export const ADJUSTMENT_ENTRY_KIND = 'adjustment';

/**
 * The 'trade' tab: every other journal entry that moved the customer's available cash (manual
 * adjustments today; trades, fees and interest later), one row per entry and currency, newest
 * first, with the signed change of `available` and the entry's reason. Its order number is
 * `E<entry id>`, the ledger's own.
 */
export const tradeRecords: FundRecordSource = {
  type: 'trade',
  async page(db, customerId, { page, pageSize }) {
    const ownTab = sql.join(
      OWN_TAB_ENTRY_KIND_PREFIXES.map((p) => sql`${journalEntries.kind} like ${`${p}%`}`),
      sql` or `,
    );
    const where = and(
      eq(ledgerAccounts.customerId, customerId),
      eq(ledgerAccounts.kind, 'available'),
      sql`not (${ownTab})`,
    );
    const grouped = db
      .select({
        entryId: journalEntries.id,
        currency: ledgerAccounts.currency,
        kind: journalEntries.kind,
        reason: journalEntries.reason,
        createdAt: journalEntries.createdAt,
        amount: sql<string>`sum(${postings.amount})::text`.as('amount'),
      })
      .from(postings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
      .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
      .where(where)
      .groupBy(journalEntries.id, ledgerAccounts.currency)
      .as('grouped');
    const rows = await db
      .select()
      .from(grouped)
      .orderBy(desc(grouped.entryId), grouped.currency)
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [counted] = await db.select({ n: count() }).from(grouped);
    const items = rows.map((row): FundRecordRowDto => ({
      id: row.entryId,
      type: 'trade',
      orderNo: `E${row.entryId}`,
      time: row.createdAt.toISOString(),
      state: 'done',
      amount: Number(row.amount),
      currency: row.currency as Currency,
      counterAmount: null,
      counterCurrency: null,
      reason: row.reason,
      entryKind: row.kind,
    }));
    return { items, total: counted?.n ?? 0 };
  },
};
