import type { AccountStatesDto, ErrorCode } from '../../contract';

export interface AccessStates {
  frozen: boolean;
  disabled: boolean;
  loginBanned: boolean;
}

/** The refusal an account's state imposes on signing in and on every signed-in call, if any. */
export function accessRefusalOf(states: AccessStates): ErrorCode | null {
  if (states.frozen) return 'account.frozen';
  if (states.disabled) return 'account.disabled';
  if (states.loginBanned) return 'account.login_banned';
  return null;
}

/** The five account states as the API shows them, from any row that carries them. */
export function accountStatesOf(row: AccountStatesDto): AccountStatesDto {
  return {
    frozen: row.frozen,
    disabled: row.disabled,
    loginBanned: row.loginBanned,
    tradingBarred: row.tradingBarred,
    withdrawalBarred: row.withdrawalBarred,
  };
}
