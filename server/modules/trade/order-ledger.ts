import { asc, inArray } from 'drizzle-orm';
import { tradeOrderNo } from '../../../contract';
import type { Database } from '../../db/connect';
import { ledgerAccounts } from '../../db/schema';
import type { tradeOrders } from '../../db/schema';
import { availableOf, customerAccountIds, LedgerError, postEntry } from '../../ledger';
import type { PostingInput } from '../../ledger';
import { Refusal } from '../../refusal';

/**
 * The ledger side of an order (docs/trading.md "Money"). Every amount is KRW:
 * - `trade_open`: placing takes margin + fee + tax from `available`: into `held` for an order that
 *   rests, straight into `position_margin` and the house's fee and tax accounts for one that fills
 *   at once;
 * - `trade_fill`: a resting order fills: `held` → `position_margin`, fees and taxes;
 * - `trade_release`: a cancelled or expired order's hold goes back to `available`;
 * - `trade_close`: the margin comes back with the P&L less the closing fee and tax; the house's
 *   trading account pays the profit or takes the loss. A loss beyond the margin is taken from
 *   `available` as far as it goes; the rest the house bears (a customer's balance never goes
 *   below zero).
 */

export type OrderRow = typeof tradeOrders.$inferSelect;
type Money = Pick<OrderRow, 'id' | 'customerId' | 'margin' | 'openFee' | 'openTax'>;

const KRW = 'KRW' as const;
const actorOf = (row: Pick<OrderRow, 'customerId'>) => `customer:${row.customerId}`;

/** What opening the order takes from the customer: margin, fee and tax. */
export const openingTotal = (row: Money) => row.margin + row.openFee + row.openTax;

type HouseKind = 'house_fees' | 'house_taxes' | 'house_trading';

/**
 * The customer's accounts and the house's that an entry needs, in one query (the house's ids
 * would be a round trip each). A house account is asked for only when the entry posts to it, so
 * a zero fee or tax opens no account, as before.
 */
async function accounts<const H extends HouseKind = never>(
  db: Database,
  customerId: number,
  house: readonly (H | false)[] = [],
) {
  const houseKinds = house.filter((kind): kind is H => kind !== false);
  return customerAccountIds(
    db,
    customerId,
    KRW,
    ['available', 'held', 'position_margin'],
    houseKinds,
  );
}

/** The fee and tax postings to the house, with the ids `accounts` found. */
function houseCosts(
  ids: Partial<Record<HouseKind, number>>,
  fee: number,
  tax: number,
): PostingInput[] {
  const postings: PostingInput[] = [];
  if (fee > 0 && ids.house_fees !== undefined)
    postings.push({ accountId: ids.house_fees, amount: fee });
  if (tax > 0 && ids.house_taxes !== undefined)
    postings.push({ accountId: ids.house_taxes, amount: tax });
  return postings;
}

/** Which house accounts a fee and a tax post to. */
const costKinds = (fee: number, tax: number) =>
  [fee > 0 && 'house_fees', tax > 0 && 'house_taxes'] as const;

async function post(db: Database, row: Money, kind: string, postings: PostingInput[]) {
  try {
    await postEntry(db, { kind, reason: tradeOrderNo(row.id), actor: actorOf(row), postings });
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficient_funds') {
      const available = await availableBalance(db, row.customerId);
      throw new Refusal('trade.insufficient_margin', {
        needed: openingTotal(row).toLocaleString('en-US'),
        available: available.toLocaleString('en-US'),
      });
    }
    throw error;
  }
}

/** The customer's available won. */
export function availableBalance(db: Database, customerId: number): Promise<number> {
  return availableOf(db, customerId, KRW);
}

/**
 * Locks the accounts in id order, as postEntry does, and answers their balances read under the
 * lock. A transaction that locked one account out of that order (the customer's available
 * before a house account of lower id) could deadlock with an entry of the same customer's
 * running at once (tests/api/trade-races.test.ts).
 */
async function lockedBalances(db: Database, ids: number[]): Promise<Map<number, number>> {
  const rows = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...new Set(ids)]))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r.balance]));
}

/** Placing an order that rests: margin, fee and tax are held (refused if not available). */
export async function holdOpening(db: Database, row: Money): Promise<void> {
  const { available, held } = await accounts(db, row.customerId);
  const total = openingTotal(row);
  await post(db, row, 'trade_open', [
    { accountId: available, amount: -total },
    { accountId: held, amount: total },
  ]);
}

/** An order filled when placed: margin pledged, fee and tax paid, from `available`. */
export async function openFromAvailable(db: Database, row: Money): Promise<void> {
  const ids = await accounts(db, row.customerId, costKinds(row.openFee, row.openTax));
  await post(db, row, 'trade_open', [
    { accountId: ids.available, amount: -openingTotal(row) },
    { accountId: ids.position_margin, amount: row.margin },
    ...houseCosts(ids, row.openFee, row.openTax),
  ]);
}

/** A resting order filled: what was held becomes the pledged margin, the fee and the tax. */
export async function openFromHeld(db: Database, row: Money): Promise<void> {
  const ids = await accounts(db, row.customerId, costKinds(row.openFee, row.openTax));
  await post(db, row, 'trade_fill', [
    { accountId: ids.held, amount: -openingTotal(row) },
    { accountId: ids.position_margin, amount: row.margin },
    ...houseCosts(ids, row.openFee, row.openTax),
  ]);
}

/** A cancelled or expired order: what was held goes back. */
export async function releaseHold(db: Database, row: Money): Promise<void> {
  const { available, held } = await accounts(db, row.customerId);
  const total = openingTotal(row);
  await post(db, row, 'trade_release', [
    { accountId: held, amount: -total },
    { accountId: available, amount: total },
  ]);
}

export interface CloseAmounts {
  pnl: number;
  fee: number;
  tax: number;
}

/**
 * A position closed: the margin plus the P&L less the closing fee and tax goes to `available`
 * (or, below zero, is taken from it as far as it goes). Answers what the customer's accounts
 * changed by in all: the realised P&L of the order once the opening costs are counted too.
 */
export async function settleClose(
  db: Database,
  row: Money,
  amounts: CloseAmounts,
): Promise<number> {
  const back = row.margin + amounts.pnl - amounts.fee - amounts.tax;
  const ids = await accounts(db, row.customerId, [
    ...costKinds(amounts.fee, amounts.tax),
    'house_trading',
  ]);
  let fromAvailable = back;
  if (back < 0) {
    // A loss beyond the margin: only what is available can be taken; the house bears the rest.
    // Available is read under the lock the entry takes, with every account of the entry locked
    // in the ledger's order first.
    const costs = houseCosts(ids, amounts.fee, amounts.tax);
    const locked = await lockedBalances(db, [
      ids.available,
      ids.position_margin,
      ids.house_trading,
      ...costs.map((p) => p.accountId),
    ]);
    fromAvailable = -Math.min(-back, locked.get(ids.available) ?? 0);
  }
  // The house's trading account pays or takes what the customer's side does not balance.
  const rest = -row.margin + fromAvailable + amounts.fee + amounts.tax;
  const postings: PostingInput[] = [
    { accountId: ids.position_margin, amount: -row.margin },
    ...(fromAvailable !== 0 ? [{ accountId: ids.available, amount: fromAvailable }] : []),
    ...houseCosts(ids, amounts.fee, amounts.tax),
    ...(rest !== 0 ? [{ accountId: ids.house_trading, amount: -rest }] : []),
  ];
  await post(db, row, 'trade_close', postings);
  return fromAvailable - row.margin - row.openFee - row.openTax;
}
