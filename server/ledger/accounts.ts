import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { ACCOUNT_CURRENCIES } from '../../contract';
import type { Currency } from '../../contract';
import type { Database } from '../db/connect';
import { ledgerAccounts } from '../db/schema';
import type { CustomerAccountKind, HouseAccountKind, LedgerAccountKind } from '../db/schema';

/** The kinds every customer has in each account currency from registration on. */
const OPENED_AT_REGISTRATION = ['available', 'held'] as const satisfies CustomerAccountKind[];

/**
 * Which way a kind's balance may go. A positive balance is what the house owes the owner, so a
 * customer's accounts never go below zero, except loan_principal: what the customer owes is a
 * balance below zero, and repaying past zero is refused like an overdraft. The house's accounts
 * take either sign (house_bank goes negative as money comes in). The database has the same rule
 * as a CHECK (ledger_accounts_customer_balance_sign).
 */
export function balanceAllowed(kind: LedgerAccountKind, balance: bigint): boolean {
  if (kind.startsWith('house_')) return true;
  return kind === 'loan_principal' ? balance <= 0n : balance >= 0n;
}

/** Opens the customer's available and held accounts in every account currency (registration). */
export async function openCustomerAccounts(db: Database, customerId: number): Promise<void> {
  await db
    .insert(ledgerAccounts)
    .values(
      ACCOUNT_CURRENCIES.flatMap((currency) =>
        OPENED_AT_REGISTRATION.map((kind) => ({ customerId, currency, kind })),
      ),
    )
    .onConflictDoNothing();
}

/**
 * The customer's account of a kind in a currency, opened on first use: the less common kinds
 * (margin, loans, IPO deposits) exist only for customers who use them.
 */
export function customerAccountId(
  db: Database,
  customerId: number,
  currency: Currency,
  kind: CustomerAccountKind,
): Promise<number> {
  return accountId(db, customerId, currency, kind);
}

/**
 * Several of the customer's accounts in one currency, in one query when they are all open (as
 * available and held are from registration on); any missing one is opened as customerAccountId
 * opens it. `houseKinds` adds the house's accounts of that currency to the same query (an entry
 * between the customer and the house, e.g. an order's fee, needs no second round trip).
 */
export async function customerAccountIds<
  const K extends CustomerAccountKind,
  const H extends HouseAccountKind = never,
>(
  db: Database,
  customerId: number,
  currency: Currency,
  kinds: readonly K[],
  houseKinds: readonly H[] = [],
): Promise<Record<K | H, number>> {
  const rows = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(
      and(
        // A house_ kind is only ever the house's (ledger_accounts_owner_matches_kind).
        houseKinds.length === 0
          ? eq(ledgerAccounts.customerId, customerId)
          : or(eq(ledgerAccounts.customerId, customerId), isNull(ledgerAccounts.customerId)),
        eq(ledgerAccounts.currency, currency),
        inArray(ledgerAccounts.kind, [...kinds, ...houseKinds]),
      ),
    );
  const ids: Partial<Record<K | H, number>> = {};
  for (const kind of kinds) {
    ids[kind] =
      rows.find((r) => r.kind === kind)?.id ?? (await accountId(db, customerId, currency, kind));
  }
  for (const kind of houseKinds) {
    ids[kind] =
      rows.find((r) => r.kind === kind)?.id ?? (await accountId(db, null, currency, kind));
  }
  return ids as Record<K | H, number>;
}

/** The house's account of a kind in a currency, opened on first use. */
export function houseAccountId(
  db: Database,
  currency: Currency,
  kind: HouseAccountKind,
): Promise<number> {
  return accountId(db, null, currency, kind);
}

async function accountId(
  db: Database,
  customerId: number | null,
  currency: Currency,
  kind: LedgerAccountKind,
): Promise<number> {
  const find = async () => {
    const [row] = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          customerId === null
            ? isNull(ledgerAccounts.customerId)
            : eq(ledgerAccounts.customerId, customerId),
          eq(ledgerAccounts.currency, currency),
          eq(ledgerAccounts.kind, kind),
        ),
      );
    return row?.id;
  };
  const existing = await find();
  if (existing !== undefined) return existing;
  // Two first uses at once both insert; the unique constraint keeps one row and both find it.
  await db.insert(ledgerAccounts).values({ customerId, currency, kind }).onConflictDoNothing();
  const created = await find();
  if (created === undefined) throw new Error(`ledger account ${kind} ${currency} was not opened`);
  return created;
}
