import { array, boolean, mixed, number, object, ref, string } from 'yup';
import type { InferType } from 'yup';
import { INSTITUTION_CODE_MAX_LENGTH, ACCOUNT_MAX_LENGTH } from '../constants';
import { ACCOUNT_CURRENCIES } from '../money';
import type { Currency } from '../money';
import { CUSTOMER_ACTIONS } from '../account-restrictions';
import type { CustomerAction } from '../account-restrictions';
// Type only: staff.ts imports this module, so a value import would be circular.
import type { AccountStateName } from './staff';
import {
  accountName,
  existingPassword,
  mustAgree,
  newPassword,
  requiredText,
  strictObject,
} from './fields';

export const registerRequest = strictObject({
  account: accountName(),
  password: newPassword(),
  confirmPassword: requiredText(128).oneOf([ref('password')], 'account.password_mismatch'),
  code: requiredText(INSTITUTION_CODE_MAX_LENGTH),
  agree: mustAgree(),
});
export type RegisterRequest = InferType<typeof registerRequest>;

export const loginRequest = strictObject({
  account: requiredText(ACCOUNT_MAX_LENGTH),
  password: existingPassword(),
});
export type LoginRequest = InferType<typeof loginRequest>;

export const changePasswordRequest = strictObject({
  oldPassword: existingPassword(),
  password: newPassword().test(
    'differs',
    'account.password_same',
    (value, ctx) => value !== (ctx.parent as { oldPassword?: unknown }).oldPassword,
  ),
  confirmPassword: requiredText(128).oneOf([ref('password')], 'account.password_mismatch'),
});
export type ChangePasswordRequest = InferType<typeof changePasswordRequest>;

/** Calls that take no fields still refuse unknown ones. */
export const emptyRequest = strictObject({});
export type EmptyRequest = InferType<typeof emptyRequest>;

export const sessionResponse = object({
  token: string().required(),
  account: string().required(),
});
export type SessionDto = InferType<typeof sessionResponse>;

export const balanceResponse = object({
  currency: mixed<Currency>()
    .oneOf([...ACCOUNT_CURRENCIES])
    .required(),
  /**
   * Minor units. total is everything the customer owns in the currency: available + held +
   * position margin + IPO deposits (loans are owed, not in it).
   */
  total: number().integer().required(),
  /** Free cash: what can be withdrawn or spent now. */
  available: number().integer().required(),
  /** Reserved for pending withdrawals and open orders. */
  held: number().integer().required(),
});
export type BalanceDto = InferType<typeof balanceResponse>;

export const accountStatesResponse = object({
  frozen: boolean().required(),
  disabled: boolean().required(),
  loginBanned: boolean().required(),
  tradingBarred: boolean().required(),
  withdrawalBarred: boolean().required(),
});
export type AccountStatesDto = InferType<typeof accountStatesResponse>;

export const userInfoResponse = object({
  account: string().required(),
  accountId: string().required(),
  /** The KYC lifecycle's state (machines/kyc.ts). */
  kycState: string().required(),
  creditScore: number().integer().required(),
  avatar: string().nullable().defined(),
  institution: string().required(),
  fundPasswordSet: boolean().required(),
  balances: array(balanceResponse).required(),
  states: accountStatesResponse.required(),
  createdAt: string().required(),
});
export type UserInfoDto = InferType<typeof userInfoResponse>;

/**
 * The restrictions on the signed-in customer's own account, each with the reason staff gave, and
 * what they block (contract/account-restrictions.ts). Answered even while the account is frozen,
 * so the customer can read why.
 */
export const accountStatusResponse = object({
  restrictions: array(
    object({
      name: mixed<AccountStateName>()
        .oneOf(Object.keys(accountStatesResponse.fields) as AccountStateName[])
        .required(),
      reason: string().nullable().defined(),
    }),
  ).required(),
  blocked: array(
    mixed<CustomerAction>()
      .oneOf([...CUSTOMER_ACTIONS])
      .required(),
  ).required(),
});
export type AccountStatusDto = InferType<typeof accountStatusResponse>;
