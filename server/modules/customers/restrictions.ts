import { ApiRefusal } from '../../http/refusal';

interface RestrictionFlags {
  tradingBarred: boolean;
  withdrawalBarred: boolean;
}

/**
 * The account states that concern single actions (signing in and every call are already covered
 * by authenticate: frozen, disabled, login banned). Order and withdrawal services call these
 * first, so the customer reads which state stops them and that customer service can lift it.
 */
export function assertMayTrade(customer: RestrictionFlags): void {
  if (customer.tradingBarred) throw new ApiRefusal('account.trading_barred');
}

export function assertMayWithdraw(customer: RestrictionFlags): void {
  if (customer.withdrawalBarred) throw new ApiRefusal('account.withdrawal_barred');
}
