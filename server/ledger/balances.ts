import { and, eq } from 'drizzle-orm';
import type { BalanceDto, Currency } from '../../contract';
import { ACCOUNT_CURRENCIES } from '../../contract';
import type { Database } from '../db/connect';
import { ledgerAccounts } from '../db/schema';
import type { LedgerAccountKind } from '../db/schema';
import { minorFromSql } from './amounts';

/**
 * A customer's balances from the stored account balances (one row per account, kept in step with
 * the postings): available is free cash, held what pending withdrawals and orders reserved, and
 * total everything the customer owns in the currency (available, held, position margin, IPO
 * deposits). Loans are owed, not owned, so not in the total. Every account currency is listed,
 * with zeros when nothing has moved.
 */
export async function balancesOf(db: Database, customerId: number): Promise<BalanceDto[]> {
  const rows = await db
    .select({
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.customerId, customerId));
  const amount = (currency: string, kind: LedgerAccountKind) =>
    minorFromSql(rows.find((r) => r.currency === currency && r.kind === kind)?.balance ?? 0);
  return ACCOUNT_CURRENCIES.map((currency) => {
    const available = amount(currency, 'available');
    const held = amount(currency, 'held');
    const total =
      available + held + amount(currency, 'position_margin') + amount(currency, 'ipo_deposit');
    return { currency, total, available, held };
  });
}

/** A customer's available balance in one currency (0 when the account was never opened). */
export async function availableOf(
  db: Database,
  customerId: number,
  currency: Currency,
): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.customerId, customerId),
        eq(ledgerAccounts.currency, currency),
        eq(ledgerAccounts.kind, 'available'),
      ),
    );
  return minorFromSql(row?.balance ?? 0);
}
