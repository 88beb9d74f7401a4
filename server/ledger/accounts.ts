import { and, eq, isNull } from 'drizzle-orm';
import { ACCOUNT_CURRENCIES } from '../../contract';
import type { Currency } from '../../contract';
import type { Database } from '../db/connect';
import { ledgerAccounts } from '../db/schema';

/** Every customer has a cash and a held account per account currency from registration on. */
export async function openCustomerAccounts(db: Database, customerId: number): Promise<void> {
  await db.insert(ledgerAccounts).values(
    ACCOUNT_CURRENCIES.flatMap((currency) => [
      { customerId, currency, kind: 'customer_cash' as const },
      { customerId, currency, kind: 'customer_held' as const },
    ]),
  );
}

export async function customerAccountId(
  db: Database,
  customerId: number,
  currency: Currency,
  kind: 'customer_cash' | 'customer_held',
): Promise<number> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.customerId, customerId),
        eq(ledgerAccounts.currency, currency),
        eq(ledgerAccounts.kind, kind),
      ),
    );
  if (!row) throw new Error(`customer ${customerId} has no ${kind} account in ${currency}`);
  return row.id;
}

/**
 * The house's cash account in a currency, created on first use. It is the other side of money
 * entering or leaving the system, so it may go negative; customer accounts may not.
 */
export async function houseCashAccountId(db: Database, currency: Currency): Promise<number> {
  await db
    .insert(ledgerAccounts)
    .values({ customerId: null, currency, kind: 'house_cash' })
    .onConflictDoNothing();
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        isNull(ledgerAccounts.customerId),
        eq(ledgerAccounts.currency, currency),
        eq(ledgerAccounts.kind, 'house_cash'),
      ),
    );
  if (!row) throw new Error(`house cash account in ${currency} could not be opened`);
  return row.id;
}
