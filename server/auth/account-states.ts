import type { AccountStatesDto, ErrorCode } from '../../contract';
import { restrictionsOf } from '../../machines/account';

/** Any row carrying the account lifecycle's encoded state (machines/account.ts). */
export interface WithAccountState {
  accountState: string;
}

/** The refusal an account's state imposes on signing in and on every signed-in call, if any. */
export function accessRefusalOf(row: WithAccountState): ErrorCode | null {
  const states = restrictionsOf(row.accountState);
  if (states.frozen) return 'account.frozen';
  if (states.disabled) return 'account.disabled';
  if (states.loginBanned) return 'account.login_banned';
  return null;
}

/** The five account states as the API shows them. */
export function accountStatesOf(row: WithAccountState): AccountStatesDto {
  return restrictionsOf(row.accountState);
}
