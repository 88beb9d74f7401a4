import { array, boolean, mixed, number, object, string } from 'yup';
import type { InferType } from 'yup';
import type { ErrorCode } from '../errors';
import { lifecycleStatusFields } from '../lifecycles';
import { CURRENCIES } from '../money';
import type { Currency } from '../money';
import { WALLET_TYPES } from '../wallet-address';
import type { WalletType } from '../wallet-address';
import { requiredText, strictObject } from './fields';
import { positiveId } from './staff';

/**
 * Deposits, withdrawals, currency exchange and fund records as the customer sends and reads
 * them (issue 10, docs/money.md). Amounts are integers in the currency's minor unit.
 */
const code = (c: ErrorCode) => c;

export const CURRENCY_CODES = Object.keys(CURRENCIES) as Currency[];

/** The currencies a customer may exchange among (product spec), USDT included. */
export const EXCHANGE_CURRENCIES = [
  'KRW',
  'USD',
  'CNY',
  'TWD',
  'HKD',
  'THB',
  'JPY',
  'VND',
  'MYR',
  'USDT',
] as const satisfies readonly Currency[];

/** The currencies money can be deposited in and withdrawn from: the account currencies. */
export const FUND_CURRENCIES = ['KRW', 'USD', 'USDT'] as const satisfies readonly Currency[];
export type FundCurrency = (typeof FUND_CURRENCIES)[number];

/** A currency field: one of `allowed`, refused with money.unsupported_currency otherwise. */
export const currencyField = (allowed: readonly Currency[] = CURRENCY_CODES) =>
  mixed<Currency>((value): value is Currency => typeof value === 'string')
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .oneOf([...allowed], code('money.unsupported_currency'));

/**
 * An amount in minor units: a whole number above zero and within Number.MAX_SAFE_INTEGER.
 * Negative, zero, fractional and unsafe numbers are all money.invalid_amount.
 */
export const amountField = () =>
  number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .test('amount', code('money.invalid_amount'), (v) => v === undefined || isAmount(v));

export function isAmount(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

const fundPassword = () => requiredText(6);

/** Every string the server writes for a time is ISO 8601 UTC. */
const isoTime = () => string().required();
const nullableText = () => string().nullable().defined();

// ---- Fund orders: deposits and withdrawals ------------------------------------------------

export const FUND_ORDER_KINDS = ['deposit', 'withdrawal'] as const;
export type FundOrderKind = (typeof FUND_ORDER_KINDS)[number];

/** Where a withdrawal goes: one of the customer's cards or wallets, as it was when chosen. */
export const withdrawalDestination = object({
  type: mixed<'card' | 'wallet'>().oneOf(['card', 'wallet']).required(),
  id: number().integer().required(),
  /** `KB국민 1234 **** **** 5678` or `TRC20 T9yD…Xk2p`: what the customer recognises. */
  label: string().required(),
}).nullable();

/**
 * A deposit or a withdrawal. Deposit and withdrawal ids come from one sequence, so an id names
 * one fund order whichever kind it is (the cancel and detail calls take only the id).
 */
export const fundOrderResponse = object({
  id: number().integer().required(),
  kind: mixed<FundOrderKind>()
    .oneOf([...FUND_ORDER_KINDS])
    .required(),
  /** The order number customers and staff quote: `D…` for deposits, `W…` for withdrawals. */
  orderNo: string().required(),
  currency: mixed<Currency>()
    .oneOf([...CURRENCY_CODES])
    .required(),
  amount: number().integer().required(),
  ...lifecycleStatusFields,
  /** Why staff rejected it; null otherwise. */
  reason: nullableText(),
  /** Withdrawals: when the money is expected at the latest (ISO); null for deposits. */
  expectedArrival: nullableText(),
  /** Withdrawals: the card or wallet; null for deposits. */
  destination: withdrawalDestination.defined(),
  /** Withdrawals once paid: the bank's or the chain's reference. */
  reference: nullableText(),
  createdAt: isoTime(),
  updatedAt: isoTime(),
});
export type FundOrderDto = InferType<typeof fundOrderResponse>;

/** One step of a lifecycle's history as the customer reads it. */
export const historyStep = object({
  at: isoTime(),
  /** The event's type; its words come from locales/<lang>/lifecycles.json. */
  event: string().required(),
  from: string().required(),
  to: string().required(),
  /** Who made it: the customer, staff (never named to the customer) or the system. */
  actor: mixed<'customer' | 'staff' | 'system'>().oneOf(['customer', 'staff', 'system']).required(),
  reason: nullableText(),
});
export type HistoryStepDto = InferType<typeof historyStep>;

export const fundOrderIdRequest = strictObject({ id: positiveId() });

export const fundOrderDetailResponse = object({
  order: fundOrderResponse.required(),
  history: array(historyStep).required(),
});
export type FundOrderDetailDto = InferType<typeof fundOrderDetailResponse>;

// ---- Deposits ------------------------------------------------------------------------------

export const rechargeChannelRequest = strictObject({
  currency: currencyField(FUND_CURRENCIES),
});

/** One of the broker's receiving accounts: a bank account (KRW, USD) or a USDT address. */
export const receivingChannel = object({
  id: number().integer().required(),
  currency: mixed<Currency>()
    .oneOf([...CURRENCY_CODES])
    .required(),
  kind: mixed<'bank' | 'wallet'>().oneOf(['bank', 'wallet']).required(),
  /** Bank name, or the network for a wallet (TRC20, ERC20). */
  bankName: string().required(),
  /** The account holder's name; the broker's name for a wallet. */
  accountName: string().required(),
  /** The account number, or the wallet address. */
  accountNumber: string().required(),
  /** A wallet's address as a QR code (SVG data: URL); null for a bank account. */
  qr: nullableText(),
  /** Seeded by the embedded default for a fresh install: the screens label it as demo. */
  demo: boolean().required(),
});
export type ReceivingChannelDto = InferType<typeof receivingChannel>;

/** A daily window in Asia/Seoul wall time, and whether it holds on KRX business days only. */
export const fundWindow = object({
  /** `HH:MM`, inclusive. */
  opens: string().required(),
  /** `HH:MM`, inclusive. */
  closes: string().required(),
  businessDaysOnly: boolean().required(),
  /** Whether the window is open at the server's clock now. */
  openNow: boolean().required(),
  /** Demo mode: the window is around the clock and the screen says so. */
  demo: boolean().required(),
});
export type FundWindowDto = InferType<typeof fundWindow>;

export const rechargeChannelResponse = object({
  currency: mixed<Currency>()
    .oneOf([...CURRENCY_CODES])
    .required(),
  channels: array(receivingChannel).required(),
  /** Minimum and maximum of one deposit, in minor units of the currency. */
  min: number().integer().required(),
  max: number().integer().required(),
  window: fundWindow.required(),
});
export type RechargeChannelDto = InferType<typeof rechargeChannelResponse>;

/**
 * The voucher (proof of transfer) upload: like the KYC photo, the body is the image (raw bytes,
 * or multipart/form-data with one file field), `POST /api/vue/user/recharge/voucher`.
 */
export const RECHARGE_VOUCHER_PATH = '/user/recharge/voucher';
/** The voucher upload takes no query parameters. */
export const rechargeVoucherQuery = strictObject({});
export const rechargeVoucherResponse = object({
  voucherId: string().required(),
  width: number().integer().required(),
  height: number().integer().required(),
});
export type RechargeVoucherDto = InferType<typeof rechargeVoucherResponse>;

export const rechargeRequest = strictObject({
  currency: currencyField(FUND_CURRENCIES),
  amount: amountField(),
  voucherId: requiredText(64),
});
export type RechargeRequest = InferType<typeof rechargeRequest>;

// ---- Withdrawals ---------------------------------------------------------------------------

/**
 * Exactly one of cardId (KRW, USD) and walletId (USDT). The rule sits on the fields, so each
 * refusal names one: leaving both out is cardId's refusal, giving both is walletId's.
 */
export const cashOutRequest = strictObject({
  currency: currencyField(FUND_CURRENCIES),
  amount: amountField(),
  cardId: positiveId()
    .notRequired()
    .test('destination', code('withdrawal.destination_required'), function (value) {
      const walletId: unknown = (this.parent as { walletId?: unknown }).walletId;
      return (
        (value !== undefined && value !== null) || (walletId !== undefined && walletId !== null)
      );
    }),
  walletId: positiveId()
    .notRequired()
    .test('one-destination', code('withdrawal.destination_required'), function (value) {
      const cardId: unknown = (this.parent as { cardId?: unknown }).cardId;
      return value === undefined || value === null || cardId === undefined || cardId === null;
    }),
  fundPassword: fundPassword(),
});
export type CashOutRequest = InferType<typeof cashOutRequest>;

/** What the withdrawal screen needs before the customer types: limits, window, destinations. */
export const cashOutInfoRequest = strictObject({
  currency: currencyField(FUND_CURRENCIES),
});
export const cashOutInfoResponse = object({
  currency: mixed<Currency>()
    .oneOf([...CURRENCY_CODES])
    .required(),
  min: number().integer().required(),
  max: number().integer().required(),
  withdrawable: number().integer().required(),
  window: fundWindow.required(),
  /** Whether a deposit or withdrawal is pending (only one fund operation at a time). */
  pendingOrderId: number().integer().nullable().defined(),
});
export type CashOutInfoDto = InferType<typeof cashOutInfoResponse>;

// ---- Exchange ------------------------------------------------------------------------------

const exchangeCurrency = () => currencyField(EXCHANGE_CURRENCIES);

export const exchangeQuoteRequest = strictObject({
  from: exchangeCurrency(),
  /** Never `from` itself (the refusal names this field). */
  to: exchangeCurrency().test('not-itself', code('exchange.same_currency'), function (value) {
    return value === undefined || value !== (this.parent as { from?: unknown }).from;
  }),
  /** What the customer sells, in minor units of `from`. */
  amount: amountField(),
});
export type ExchangeQuoteRequest = InferType<typeof exchangeQuoteRequest>;

export const exchangeQuoteResponse = object({
  quoteId: string().required(),
  from: mixed<Currency>()
    .oneOf([...CURRENCY_CODES])
    .required(),
  to: mixed<Currency>()
    .oneOf([...CURRENCY_CODES])
    .required(),
  amount: number().integer().required(),
  /** Units of `to` per one unit of `from` (major units), spread included, as a decimal string. */
  rate: string().required(),
  /** What the customer receives, in minor units of `to`, rounded down. */
  receive: number().integer().required(),
  /** The spread's cost, in minor units of `to`. */
  fee: number().integer().required(),
  expiresAt: isoTime(),
});
export type ExchangeQuoteDto = InferType<typeof exchangeQuoteResponse>;

export const exchangeRequest = strictObject({
  quoteId: requiredText(64),
  fundPassword: fundPassword(),
});

/** One side of an exchange: the journal entry and what it moved on the customer's account. */
export const exchangeLeg = object({
  entryId: number().integer().required(),
  currency: mixed<Currency>()
    .oneOf([...CURRENCY_CODES])
    .required(),
  /** Signed: negative for what was sold, positive for what was bought. */
  amount: number().integer().required(),
});
export const exchangeResponse = object({
  id: number().integer().required(),
  orderNo: string().required(),
  rate: string().required(),
  fee: number().integer().required(),
  sold: exchangeLeg.required(),
  bought: exchangeLeg.required(),
  createdAt: isoTime(),
});
export type ExchangeDto = InferType<typeof exchangeResponse>;

// ---- Records -------------------------------------------------------------------------------

export const FUND_RECORD_TYPES = ['trade', 'recharge', 'withdraw', 'exchange'] as const;
export type FundRecordType = (typeof FUND_RECORD_TYPES)[number];

export const fundRecordRequest = strictObject({
  // The check makes a non-string a wrong type rather than an unknown tab.
  type: mixed<FundRecordType>((v): v is FundRecordType => typeof v === 'string')
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .oneOf([...FUND_RECORD_TYPES], code('request.invalid')),
  page: number()
    .typeError(code('request.wrong_type'))
    .integer(code('request.invalid'))
    .min(1, code('request.invalid'))
    .max(100_000, code('request.invalid'))
    .default(1),
  pageSize: number()
    .typeError(code('request.wrong_type'))
    .integer(code('request.invalid'))
    .min(1, code('request.invalid'))
    .max(100, code('request.invalid'))
    .default(20),
});
export type FundRecordRequest = InferType<typeof fundRecordRequest>;

export const fundRecordRow = object({
  /** The fund order's or exchange's id (detail: `/user/fundOrder/detail` for fund orders). */
  id: number().integer().required(),
  type: mixed<FundRecordType>()
    .oneOf([...FUND_RECORD_TYPES])
    .required(),
  orderNo: string().required(),
  time: isoTime(),
  /** The lifecycle state (fund orders), or `done` for an exchange or a trade entry. */
  state: string().required(),
  /** Signed from the customer's side: a withdrawal or what an exchange sold is negative. */
  amount: number().integer().required(),
  currency: mixed<Currency>()
    .oneOf([...CURRENCY_CODES])
    .required(),
  /** An exchange's other side; null for the other types. */
  counterAmount: number().integer().nullable().defined(),
  counterCurrency: mixed<Currency>()
    .oneOf([...CURRENCY_CODES])
    .nullable()
    .defined(),
  /** A rejection's reason; a trade row's journal entry reason. */
  reason: nullableText(),
  /**
   * Trade rows: the journal entry's kind (`adjustment` for a manual adjustment, trade kinds
   * later), for the screen's label; left out on the other tabs.
   */
  entryKind: string().nullable().optional(),
});
export type FundRecordRowDto = InferType<typeof fundRecordRow>;
export const fundRecordResponse = object({
  items: array(fundRecordRow).required(),
  page: number().integer().required(),
  pageSize: number().integer().required(),
  total: number().integer().required(),
});
export type FundRecordDto = InferType<typeof fundRecordResponse>;

export type { WalletType };
export { WALLET_TYPES };
