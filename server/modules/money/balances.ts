import type { BalanceRowDto } from '../../../contract';
import type { Database } from '../../db/connect';
import { balancesOf } from '../../ledger';
import { notWithdrawable } from './pending-withdrawals';

/**
 * The customer's balances from the ledger's stored balances (server/ledger/balances.ts), with
 * what a withdrawal may take: available less what is not withdrawable (unsettled trading
 * profits, see notWithdrawable), never below zero.
 */
export async function customerBalances(
  db: Database,
  customerId: number,
  now: Date,
): Promise<BalanceRowDto[]> {
  const rows = await balancesOf(db, customerId);
  return Promise.all(
    rows.map(async (row) => {
      const blocked = await notWithdrawable(db, customerId, row.currency, now);
      return { ...row, withdrawable: Math.max(0, row.available - blocked) };
    }),
  );
}
