import { eq, sql } from 'drizzle-orm';
import type { BalanceDto } from '../../contract';
import { ACCOUNT_CURRENCIES } from '../../contract';
import type { Database } from '../db/connect';
import { ledgerAccounts, postings } from '../db/schema';
import { minorFromSql } from './amounts';

/**
 * A customer's balances, derived from the postings themselves: available is the cash account,
 * held is what pending operations reserved, total is both. Every account currency is listed,
 * with zeros when nothing has moved.
 */
export async function balancesOf(db: Database, customerId: number): Promise<BalanceDto[]> {
  const rows = await db
    .select({
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      balance: sql<string>`coalesce(sum(${postings.amount}), 0)::text`,
    })
    .from(ledgerAccounts)
    .leftJoin(postings, eq(postings.accountId, ledgerAccounts.id))
    .where(eq(ledgerAccounts.customerId, customerId))
    .groupBy(ledgerAccounts.currency, ledgerAccounts.kind);

  const amount = (currency: string, kind: string) =>
    minorFromSql(rows.find((r) => r.currency === currency && r.kind === kind)?.balance ?? 0);
  return ACCOUNT_CURRENCIES.map((currency) => {
    const available = amount(currency, 'customer_cash');
    const held = amount(currency, 'customer_held');
    return { currency, total: available + held, available };
  });
}
