import type { Database } from '../../db/connect';

/**
 * Where a withdrawal pays out: a bank card or a USDT wallet of the customer's.
 */
export type WithdrawalDestination = { cardId: number } | { walletId: number };

/**
 * How many withdrawals to this card or wallet are still open (pending or approved, not yet paid,
 * rejected or cancelled). A card or wallet with one is not removed: the staff paying it must
 * still find where the money goes.
 *
 * Withdrawals do not exist yet (issue 10, withdrawal part): there is no table to read, so this
 * answers 0. The withdrawal work replaces the body with a count over its table, inside the
 * caller's transaction (`db`), locking the rows it counts so a withdrawal created at the same
 * time either is counted or waits for the removal.
 */
export function openWithdrawalsTo(
  db: Database,
  destination: WithdrawalDestination,
): Promise<number> {
  void db;
  void destination;
  return Promise.resolve(0);
}

/**
 * Minor units of `available` that a withdrawal may not take: sale proceeds before T+2, cash
 * pledged as margin or owed on a loan that is still counted as available. None of these exist
 * yet (no trading, margin or loans), so the answer is 0 and withdrawable equals available; the
 * trading and loan work fill this in.
 */
export function notWithdrawable(
  db: Database,
  customerId: number,
  currency: string,
): Promise<number> {
  void db;
  void customerId;
  void currency;
  return Promise.resolve(0);
}
