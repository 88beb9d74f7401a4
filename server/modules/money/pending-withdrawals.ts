import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { withdrawals } from '../../db/schema';
import { unsettledProfits } from '../trade/settlement';

/**
 * Where a withdrawal pays out: a bank card or a USDT wallet of the customer's.
 */
export type WithdrawalDestination = { cardId: number } | { walletId: number };

/**
 * How many withdrawals to this card or wallet are still open (pending or approved, not yet paid,
 * rejected or cancelled). A card or wallet with one is not removed: the staff paying it must
 * still find where the money goes. Runs in the caller's transaction and locks the rows it
 * counts; a withdrawal being created at the same time holds the customer row lock, which the
 * removal's own destination lock does not race: the withdrawal reads the destination as live
 * only before the removal commits, and the removal then sees the withdrawal here.
 */
export async function openWithdrawalsTo(
  db: Database,
  destination: WithdrawalDestination,
): Promise<number> {
  const where =
    'cardId' in destination
      ? eq(withdrawals.cardId, destination.cardId)
      : eq(withdrawals.walletId, destination.walletId);
  const rows = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(
      and(where, inArray(withdrawals.state, ['pending.waiting', 'pending.overdue', 'approved'])),
    )
    .for('update');
  return rows.length;
}

/**
 * Minor units of `available` that a withdrawal may not take: trading profits before they settle
 * (T+2, server/modules/trade/settlement.ts). Margin pledged to positions and cash held for open
 * orders are not in `available` at all, so they need no subtraction here; loans will add theirs.
 */
export async function notWithdrawable(
  db: Database,
  customerId: number,
  currency: string,
  now: Date,
): Promise<number> {
  return currency === 'KRW' ? unsettledProfits(db, customerId, now) : 0;
}
