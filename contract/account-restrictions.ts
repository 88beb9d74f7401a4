import type { ErrorCode } from './errors';
import type { AccountStateName } from './schemas/staff';

/**
 * What a customer cannot do under each restriction staff may set (machines/account.ts), in words
 * the client translates (ui.json `restriction.action.<action>`). Frozen, disabled and login-banned
 * accounts are refused on sign-in and on every signed-in call (server/auth/account-states.ts),
 * so they block everything; the two bars block one kind of action each.
 */
export const CUSTOMER_ACTIONS = ['signIn', 'useAccount', 'trade', 'deposit', 'withdraw'] as const;
export type CustomerAction = (typeof CUSTOMER_ACTIONS)[number];

export const BLOCKED_BY: Record<AccountStateName, readonly CustomerAction[]> = {
  frozen: CUSTOMER_ACTIONS,
  disabled: CUSTOMER_ACTIONS,
  loginBanned: CUSTOMER_ACTIONS,
  tradingBarred: ['trade'],
  withdrawalBarred: ['withdraw'],
};

/** The refusal (403) a call gets because of each restriction. */
export const RESTRICTION_REFUSALS: Record<AccountStateName, ErrorCode> = {
  frozen: 'account.frozen',
  disabled: 'account.disabled',
  loginBanned: 'account.login_banned',
  tradingBarred: 'account.trading_barred',
  withdrawalBarred: 'account.withdrawal_barred',
};

const REFUSAL_CODES: ReadonlySet<string> = new Set(Object.values(RESTRICTION_REFUSALS));

/** Whether a refusal code says the account is restricted (rather than a call having failed). */
export function isRestrictionRefusal(code: string): boolean {
  return REFUSAL_CODES.has(code);
}

/** The actions blocked by a set of restrictions, in CUSTOMER_ACTIONS order. */
export function blockedActions(restrictions: readonly AccountStateName[]): CustomerAction[] {
  const blocked = new Set(restrictions.flatMap((name) => BLOCKED_BY[name]));
  return CUSTOMER_ACTIONS.filter((action) => blocked.has(action));
}
