import { allotmentSettlement, subscriptionNo } from '../../../contract';
import type { Database, Transaction } from '../../db/connect';
import type { ipoSubscriptions } from '../../db/schema';
import { customerAccountIds, LedgerError, postEntry } from '../../ledger';
import type { PostingInput } from '../../ledger';
import { Refusal } from '../../refusal';

/**
 * The ledger side of an IPO subscription (docs/ipo.md "Ledger"), all in won:
 * - `ipo_deposit_hold`: subscribing moves the deposit from `available` to `ipo_deposit`;
 * - `ipo_deposit_release`: not won or waived, the whole deposit goes back to `available`;
 * - `ipo_payment`: paying an allotment: the deposit pays first (`ipo_deposit` → `house_ipo`), the
 *   rest comes from `available`, and what the deposit holds beyond the amount goes back;
 * - `ipo_listing`: on listing day the paid amount leaves `house_ipo` for the customer's `held`,
 *   which the position's `trade_fill` then turns into its margin (server/modules/trade/
 *   filled-position.ts).
 */

export type SubscriptionRow = typeof ipoSubscriptions.$inferSelect;
type Money = Pick<SubscriptionRow, 'id' | 'offeringId' | 'customerId' | 'deposit' | 'offerPrice'>;

const KRW = 'KRW' as const;
export const HOLD_KIND = 'ipo_deposit_hold';
export const RELEASE_KIND = 'ipo_deposit_release';
export const PAYMENT_KIND = 'ipo_payment';
export const LISTING_KIND = 'ipo_listing';

const reasonOf = (row: Money) => subscriptionNo(row.offeringId, row.id);

async function post(
  db: Database | Transaction,
  row: Money,
  kind: string,
  actor: string,
  postings: PostingInput[],
): Promise<void> {
  const moving = postings.filter((p) => p.amount !== 0);
  if (moving.length === 0) return;
  try {
    await postEntry(db, { kind, reason: reasonOf(row), actor, postings: moving });
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficient_funds') {
      throw new Refusal('ipo.insufficient_funds');
    }
    throw error;
  }
}

/** Subscribing: the deposit leaves available cash for the IPO-deposit account. */
export async function holdDeposit(db: Database | Transaction, row: Money): Promise<void> {
  const ids = await customerAccountIds(db, row.customerId, KRW, ['available', 'ipo_deposit']);
  await post(db, row, HOLD_KIND, `customer:${row.customerId}`, [
    { accountId: ids.available, amount: -row.deposit },
    { accountId: ids.ipo_deposit, amount: row.deposit },
  ]);
}

/** Not won or waived: the whole deposit goes back to available. Answers what was released. */
export async function releaseDeposit(
  db: Database | Transaction,
  row: Money,
  actor: string,
): Promise<number> {
  const ids = await customerAccountIds(db, row.customerId, KRW, ['available', 'ipo_deposit']);
  await post(db, row, RELEASE_KIND, actor, [
    { accountId: ids.ipo_deposit, amount: -row.deposit },
    { accountId: ids.available, amount: row.deposit },
  ]);
  return row.deposit;
}

/**
 * Paying `allotted` shares (allotmentSettlement): deposit first, the rest from available cash
 * (refused as ipo.insufficient_funds when it is not there), the excess deposit released, all in
 * one entry. Answers the settlement.
 */
export async function payAllotment(
  db: Database | Transaction,
  row: Money,
  allotted: number,
  actor: string,
) {
  const s = allotmentSettlement(row.offerPrice, allotted, row.deposit);
  const ids = await customerAccountIds(
    db,
    row.customerId,
    KRW,
    ['available', 'ipo_deposit'],
    ['house_ipo'],
  );
  await post(db, row, PAYMENT_KIND, actor, [
    { accountId: ids.ipo_deposit, amount: -row.deposit },
    { accountId: ids.available, amount: s.refund - s.due },
    { accountId: ids.house_ipo, amount: s.amount },
  ]);
  return s;
}

/** Listing day: the paid amount moves from the house's IPO account to the customer's held. */
export async function listingToHeld(
  db: Database | Transaction,
  row: Money,
  amount: number,
): Promise<void> {
  const ids = await customerAccountIds(db, row.customerId, KRW, ['held'], ['house_ipo']);
  await post(db, row, LISTING_KIND, 'system', [
    { accountId: ids.house_ipo, amount: -amount },
    { accountId: ids.held, amount },
  ]);
}
