import { restrictionsOf } from '../../../machines/account';
import type { WithAccountState } from '../../auth/account-states';
import { Refusal } from '../../refusal';

/**
 * The account states that concern single actions (signing in and every call are already covered
 * by authenticate: frozen, disabled, login banned). Order and withdrawal services call these
 * first, so the customer reads which state stops them and that customer service can lift it.
 */
export function assertMayTrade(customer: WithAccountState): void {
  if (restrictionsOf(customer.accountState).tradingBarred) {
    throw new Refusal('account.trading_barred');
  }
}

export function assertMayWithdraw(customer: WithAccountState): void {
  if (restrictionsOf(customer.accountState).withdrawalBarred) {
    throw new Refusal('account.withdrawal_barred');
  }
}
