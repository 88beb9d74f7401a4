import { array, boolean, mixed, number, object, string } from 'yup';
import type { InferType } from 'yup';
import type { ErrorCode } from '../errors';
import { lifecycleStatusFields } from '../lifecycles';
import { ORDER_SIDES, ORDER_TABS, ORDER_TYPES, TRADE_PRODUCTS } from '../trade';
import type { OrderSide, OrderTab, OrderType, TradeProductCode } from '../trade';
import { optionalText, requiredText, strictObject } from './fields';
import { historyStep } from './funds';
import { fundApproveRequest, fundRejectRequest } from './funds-staff';
import { paging, positiveId } from './staff';

/**
 * Orders, positions, products and block trades as the customer sends and reads them (issue 11,
 * docs/trading.md). Prices and amounts are whole won.
 */
const code = (c: ErrorCode) => c;

/** A string field that must be one of `values`; another string is `invalid`, a non-string a wrong type. */
export const oneOfText = <T extends string>(values: readonly T[], invalid: ErrorCode) =>
  mixed<T>((v): v is T => typeof v === 'string')
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .oneOf([...values], invalid);

/** A whole number of won or shares above zero, within what a database integer column holds. */
export const wholeCount = (invalid: ErrorCode) =>
  number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .test('whole', invalid, (v) => v === undefined || (Number.isSafeInteger(v) && v > 0));

/** A whole number from `min` to `max` (a product term). */
const wholeBetween = (min: number, max: number) =>
  number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .integer(code('request.invalid'))
    .min(min, code('request.invalid'))
    .max(max, code('request.invalid'));

const isoTime = () => string().required();
const nullableTime = () => string().nullable().defined();
const nullableWon = () => number().integer().nullable().defined();

// ---- Products ------------------------------------------------------------------------------

export const lockRule = object({
  kind: mixed<'minutes' | 'days'>().oneOf(['minutes', 'days']).required(),
  count: number().integer().min(0).required(),
});

export const tradeProduct = object({
  code: mixed<TradeProductCode>()
    .oneOf([...TRADE_PRODUCTS])
    .required(),
  lotSize: number().integer().required(),
  leverages: array(number().integer().required()).required(),
  minOpenAmount: number().integer().required(),
  lock: lockRule.required(),
  commissionPpm: number().integer().required(),
  maintenancePct: number().integer().required(),
  closesAtSessionEnd: boolean().required(),
  enabled: boolean().required(),
  /** Listed and inside its trading hours now (always, in demo mode). */
  openNow: boolean().required(),
});
export type TradeProductDto = InferType<typeof tradeProduct>;

export const tradeProductsResponse = object({
  products: array(tradeProduct).required(),
  /** The market is open around the clock (demo mode): screens say so. */
  demo: boolean().required(),
  /** Prices come from the simulator: screens say so. */
  simulated: boolean().required(),
  /** The session as a customer reads it, e.g. "Continuous trading until 15:20". */
  sessionLabel: string().required(),
});
export type TradeProductsDto = InferType<typeof tradeProductsResponse>;

// ---- Placing -------------------------------------------------------------------------------

/**
 * `/trade/place` and `/trade/preview`. `price` is required for a limit order and refused for a
 * market order. `fundPassword` is what the ticket's keypad sends; when present it must be right
 * (counted toward the fund password's lock).
 */
export const placeOrderRequest = strictObject({
  product: oneOfText(TRADE_PRODUCTS, code('trade.product_unavailable')),
  symbol: requiredText(12).matches(/^[0-9A-Z]{6}$/, code('market.unknown_symbol')),
  side: oneOfText(ORDER_SIDES, code('request.invalid')),
  type: oneOfText(ORDER_TYPES, code('request.invalid')),
  price: number()
    .typeError(code('request.wrong_type'))
    .nullable()
    .optional()
    .test(
      'price',
      code('trade.invalid_price'),
      (v) => v == null || (Number.isSafeInteger(v) && v > 0),
    )
    .when('type', {
      is: 'limit',
      then: (s) => s.required(code('trade.price_required')),
    }),
  lots: wholeCount(code('trade.invalid_lots')),
  leverage: wholeCount(code('trade.invalid_leverage')),
  fundPassword: optionalText(64),
});
export type PlaceOrderRequest = InferType<typeof placeOrderRequest>;

/** What an order would cost and fill at now, or the refusal it would get. */
export const orderPreviewResponse = object({
  /** The price it would fill at now (market: the book walked; limit: its price), null if none. */
  price: nullableWon(),
  shares: number().integer().required(),
  notional: number().integer().required(),
  margin: number().integer().required(),
  fee: number().integer().required(),
  tax: number().integer().required(),
  /** margin + fee + tax: taken from the available balance when placed. */
  total: number().integer().required(),
  available: number().integer().required(),
  /** The daily limits the price must stay inside. */
  lowerLimit: nullableWon(),
  upperLimit: nullableWon(),
  /** When the position could first be closed if filled now (ISO). */
  unlockAt: nullableTime(),
  /** The refusal a place would get now; null when it would be accepted. */
  refusal: object({
    code: string().required(),
    params: object().required(),
    msg: string().required(),
  })
    .nullable()
    .defined(),
});
export type OrderPreviewDto = InferType<typeof orderPreviewResponse>;

// ---- Orders and positions ------------------------------------------------------------------

/**
 * An order and the position it becomes: the spec's fields (order number, name and code, business
 * type, buy and sell time and price, quantity, contract amount, original margin, leverage, market
 * value, fee, stamp duty, realised P&L, lock time, limit or market, status).
 */
export const tradeOrderResponse = object({
  id: number().integer().required(),
  orderNo: string().required(),
  product: mixed<TradeProductCode>()
    .oneOf([...TRADE_PRODUCTS])
    .required(),
  symbol: string().required(),
  /** The stock's Korean name (KRX 종목약명). */
  name: string().required(),
  /** Its English name ('' when the listing has none): screens pick one with `stockNameIn`. */
  nameEn: string().optional(),
  side: mixed<OrderSide>()
    .oneOf([...ORDER_SIDES])
    .required(),
  type: mixed<OrderType>()
    .oneOf([...ORDER_TYPES])
    .required(),
  /** A limit order's price; null for a market order. */
  limitPrice: nullableWon(),
  lots: number().integer().required(),
  shares: number().integer().required(),
  leverage: number().integer().required(),
  ...lifecycleStatusFields,
  /** Held while pending, pledged while holding: notional ÷ leverage. */
  margin: number().integer().required(),
  /** Price × shares at the fill; at the limit price while pending (market: null). */
  notional: nullableWon(),
  fillPrice: nullableWon(),
  filledAt: nullableTime(),
  /** From when the position may be closed; null before the fill. */
  unlockAt: nullableTime(),
  closePrice: nullableWon(),
  closedAt: nullableTime(),
  closedBy: mixed<'customer' | 'margin' | 'sessionEnd'>()
    .oneOf(['customer', 'margin', 'sessionEnd'])
    .nullable()
    .defined(),
  cancelledBy: mixed<'customer' | 'sessionEnd'>()
    .oneOf(['customer', 'sessionEnd'])
    .nullable()
    .defined(),
  /** Commission of both legs so far. */
  fee: number().integer().required(),
  /** Sell tax so far (the spec's stamp duty). */
  tax: number().integer().required(),
  /** Posted on close: P&L less the closing leg's fee and tax; null before. */
  realisedPnl: nullableWon(),
  /** When a closed position's proceeds may be withdrawn (T+2); null before the close. */
  settlesAt: nullableTime(),
  /** The market's price when answered (holding only; screens then follow the live quote). */
  marketPrice: nullableWon(),
  marketValue: nullableWon(),
  unrealisedPnl: nullableWon(),
  createdAt: isoTime(),
  updatedAt: isoTime(),
});
export type TradeOrderDto = InferType<typeof tradeOrderResponse>;

export const orderIdRequest = strictObject({ id: positiveId() });

export const ordersRequest = strictObject({
  tab: oneOfText<OrderTab>(ORDER_TABS, code('request.invalid')),
  ...paging,
});
export type OrdersRequest = InferType<typeof ordersRequest>;

export const ordersResponse = object({
  rows: array(tradeOrderResponse).required(),
  page: number().integer().required(),
  pageSize: number().integer().required(),
  total: number().integer().required(),
  /** Holding tab: sums over every holding position (not only this page). */
  totals: object({
    margin: number().integer().required(),
    marketValue: number().integer().required(),
    unrealisedPnl: number().integer().required(),
  }).required(),
});
export type OrdersDto = InferType<typeof ordersResponse>;

export const orderDetailResponse = object({
  order: tradeOrderResponse.required(),
  history: array(historyStep).required(),
});
export type OrderDetailDto = InferType<typeof orderDetailResponse>;

/** Home and Mine: what the customer's money and positions are worth, and today's P&L. */
export const portfolioResponse = object({
  /** Cash (available + held) + pledged margin + unrealised P&L, in won. */
  totalAssets: number().integer().required(),
  cash: number().integer().required(),
  margin: number().integer().required(),
  unrealisedPnl: number().integer().required(),
  /** Realised today (Seoul) + the unrealised change of positions since today's open or fill. */
  todayPnl: number().integer().required(),
  holdingCount: number().integer().required(),
});
export type PortfolioDto = InferType<typeof portfolioResponse>;

// ---- Block trades --------------------------------------------------------------------------

export const blockOffering = object({
  id: number().integer().required(),
  symbol: string().required(),
  name: string().required(),
  /** The offering's price per share (won). */
  price: number().integer().required(),
  minShares: number().integer().required(),
  opensAt: isoTime(),
  closesAt: isoTime(),
  /** Inside its window now. */
  open: boolean().required(),
  /** Seeded for the embedded default, not a real offering: screens say so. */
  demo: boolean().required(),
});
export type BlockOfferingDto = InferType<typeof blockOffering>;

export const blockListResponse = object({
  offerings: array(blockOffering).required(),
  /** The customer's applications, newest first. */
  applications: array(
    object({
      id: number().integer().required(),
      offeringId: number().integer().required(),
      symbol: string().required(),
      name: string().required(),
      price: number().integer().required(),
      shares: number().integer().required(),
      /** Amount held while under review: price × shares. */
      amount: number().integer().required(),
      ...lifecycleStatusFields,
      reason: string().nullable().defined(),
      /** The position it became once approved. */
      orderId: number().integer().nullable().defined(),
      createdAt: isoTime(),
    }),
  ).required(),
});
export type BlockListDto = InferType<typeof blockListResponse>;
export type BlockApplicationDto = BlockListDto['applications'][number];

export const blockApplyRequest = strictObject({
  id: positiveId(),
  shares: wholeCount(code('trade.invalid_lots')),
  fundPassword: optionalText(64),
});

// ---- Staff ---------------------------------------------------------------------------------

export const productsSetRequest = strictObject({
  code: oneOfText(TRADE_PRODUCTS, code('trade.product_unavailable')),
  lotSize: wholeCount(code('request.invalid')),
  leverages: array(wholeCount(code('request.invalid')))
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .min(1, code('request.invalid'))
    .max(10, code('request.invalid')),
  minOpenAmount: wholeBetween(0, 1e12),
  lock: strictObject({
    kind: oneOfText(['minutes', 'days'] as const, code('request.invalid')),
    count: wholeBetween(0, 10_000),
  }),
  commissionPpm: wholeBetween(0, 100_000),
  maintenancePct: wholeBetween(0, 99),
  closesAtSessionEnd: boolean().typeError(code('request.wrong_type')).required(),
  enabled: boolean().typeError(code('request.wrong_type')).required(),
});

export const productsListResponse = object({
  products: array(tradeProduct).required(),
});

export const ordersSearchRequest = strictObject({
  ...paging,
  /** A customer's account name or id, an order number, or a symbol; empty lists the newest. */
  query: optionalText(64),
  state: optionalText(32),
});

export const staffOrderRow = tradeOrderResponse.shape({
  customerId: number().integer().required(),
  account: string().required(),
});
export const ordersSearchResponse = object({
  rows: array(staffOrderRow).required(),
  page: number().integer().required(),
  pageSize: number().integer().required(),
  total: number().integer().required(),
});

export const blockCreateRequest = strictObject({
  symbol: requiredText(12).matches(/^[0-9A-Z]{6}$/, code('market.unknown_symbol')),
  price: wholeCount(code('trade.invalid_price')),
  minShares: wholeCount(code('request.invalid')),
  opensAt: requiredText(40),
  closesAt: requiredText(40),
});

export const blockQueueResponse = object({
  rows: array(
    object({
      id: number().integer().required(),
      offeringId: number().integer().required(),
      customerId: number().integer().required(),
      account: string().required(),
      symbol: string().required(),
      name: string().required(),
      price: number().integer().required(),
      shares: number().integer().required(),
      amount: number().integer().required(),
      ...lifecycleStatusFields,
      createdAt: isoTime(),
    }),
  ).required(),
  offerings: array(blockOffering).required(),
});

/** Approve: the version the reviewer saw (a changed case is lifecycle.conflict). */
export const blockApproveRequest = fundApproveRequest;
/** Reject: the reason the customer reads. */
export const blockRejectRequest = fundRejectRequest;
