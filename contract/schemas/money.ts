import { array, mixed, number, object, string } from 'yup';
import type { InferType } from 'yup';
import type { ErrorCode } from '../errors';
import { CURRENCIES } from '../money';
import type { Currency } from '../money';
import { WALLET_TYPES, isWalletAddress } from '../wallet-address';
import type { WalletType } from '../wallet-address';
import { requiredText, strictObject } from './fields';
import { positiveId } from './staff';

/**
 * Bank cards, USDT wallets and balances (issue 10, docs/money.md). Messages are error codes
 * (locales/<lang>/errors.json).
 */
const code = (c: ErrorCode) => c;

/** How many cards, and how many wallets, one customer may keep registered at once. */
export const BANK_CARDS_MAX = 10;
export const WALLETS_MAX = 10;
/** The account number is entered as its first 4 and its last 12 digits (product spec). */
export const CARD_HEAD_DIGITS = 4;
export const CARD_TAIL_DIGITS = 12;
export const HOLDER_MAX_LENGTH = 50;
export const BANK_NAME_MAX_LENGTH = 60;
export const BRANCH_MAX_LENGTH = 60;
/** A Korean bank code is 3 digits; a SWIFT/BIC code 8 or 11 letters and digits. */
export const BANK_CODE_PATTERN = /^[0-9A-Za-z]{2,11}$/;

/** Checked by the server again (like every fund-password field): 6 characters at most. */
const fundPassword = () => requiredText(6);

const digits = (count: number) =>
  requiredText(count).matches(new RegExp(`^\\d{${count}}$`), {
    message: code('bank_card.invalid_number'),
    excludeEmptyString: true,
  });

export const addBankCardRequest = strictObject({
  /** Must be the customer's verified real name (the server compares). */
  holder: requiredText(HOLDER_MAX_LENGTH),
  bank: requiredText(BANK_NAME_MAX_LENGTH),
  branch: requiredText(BRANCH_MAX_LENGTH),
  bankCode: requiredText(11).matches(BANK_CODE_PATTERN, {
    message: code('bank_card.invalid_bank_code'),
    excludeEmptyString: true,
  }),
  cardHead: digits(CARD_HEAD_DIGITS),
  cardTail: digits(CARD_TAIL_DIGITS),
  fundPassword: fundPassword(),
});
export type AddBankCardRequest = InferType<typeof addBankCardRequest>;

/** A card as the customer sees it: never the whole number, only the masked form. */
export const bankCardResponse = object({
  id: number().integer().required(),
  holder: string().required(),
  bank: string().required(),
  branch: string().required(),
  bankCode: string().required(),
  /** The first 4 and the last 4 digits, e.g. `1234 **** **** 5678`. */
  masked: string().required(),
  createdAt: string().required(),
});
export type BankCardDto = InferType<typeof bankCardResponse>;
export const bankListResponse = array(bankCardResponse).required();

export const deleteByIdRequest = strictObject({
  id: positiveId(),
  fundPassword: fundPassword(),
});
export type DeleteByIdRequest = InferType<typeof deleteByIdRequest>;

export const walletType = () =>
  mixed<WalletType>((value): value is WalletType => typeof value === 'string')
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .oneOf([...WALLET_TYPES], code('request.invalid'));

export const addWalletRequest = strictObject({
  type: walletType(),
  address: requiredText(64).test('address', code('wallet.invalid_address'), (value, ctx) => {
    const type = (ctx.parent as { type?: unknown }).type;
    // A wrong type is the type field's refusal, named first; the address is judged by its own.
    if (type !== 'TRC20' && type !== 'ERC20') return true;
    return value === undefined || value === '' || isWalletAddress(type, value);
  }),
  fundPassword: fundPassword(),
});
export type AddWalletRequest = InferType<typeof addWalletRequest>;

export const walletResponse = object({
  id: number().integer().required(),
  /** Always USDT; the type is its network. */
  currency: string().required(),
  type: mixed<WalletType>()
    .oneOf([...WALLET_TYPES])
    .required(),
  address: string().required(),
  /** The address as a QR code: an SVG `data:` URL, for <img src>. */
  qr: string().required(),
  createdAt: string().required(),
});
export type WalletDto = InferType<typeof walletResponse>;
export const walletListResponse = array(walletResponse).required();

const CURRENCY_CODES = Object.keys(CURRENCIES) as Currency[];

/** One currency of `/user/balances`, in minor units (contract/money.ts). */
export const balanceRow = object({
  currency: mixed<Currency>()
    .oneOf([...CURRENCY_CODES])
    .required(),
  /** Everything owned in the currency: available + held + position margin + IPO deposits. */
  total: number().integer().required(),
  /** Free cash. */
  available: number().integer().required(),
  /** Reserved by pending withdrawals and open orders. */
  held: number().integer().required(),
  /** What a withdrawal may take now: available less what is not withdrawable (docs/money.md). */
  withdrawable: number().integer().required(),
});
export type BalanceRowDto = InferType<typeof balanceRow>;
export const balancesResponse = array(balanceRow).required();
