import { array, boolean, number, object, string } from 'yup';
import type { InferType } from 'yup';
import type { ErrorCode } from '../errors';
import { lifecycleStatusFields } from '../lifecycles';
import { optionalText, requiredText, strictObject } from './fields';
import { positiveId } from './staff';

/**
 * Placements and auctions as the customer and the back office send and read them (issue 12,
 * docs/placements.md). Prices and amounts are whole won.
 */
const code = (c: ErrorCode) => c;
const isoTime = () => string().required();

/** A whole number above zero that a database integer column holds. */
const wholeCount = (invalid: ErrorCode, max = 2_147_483_647) =>
  number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .test(
      'whole',
      invalid,
      (v) => v === undefined || (Number.isSafeInteger(v) && v > 0 && v <= max),
    );

const wholeBetween = (min: number, max: number) =>
  number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .integer(code('request.invalid'))
    .min(min, code('request.invalid'))
    .max(max, code('request.invalid'));

const pageField = () =>
  number()
    .typeError(code('request.wrong_type'))
    .integer(code('request.invalid'))
    .min(1, code('request.invalid'))
    .max(100_000, code('request.invalid'))
    .default(1);

// ---- Placements ----------------------------------------------------------------------------

export const placementTier = object({
  /** Applying for at least this many shares puts an application in this tier. */
  minShares: number().integer().required(),
  /** The share of the application this tier allots, in percent. */
  allotPct: number().integer().required(),
});

export const placementDto = object({
  id: number().integer().required(),
  symbol: string().required(),
  name: string().required(),
  /** The placement price per share (won). */
  price: number().integer().required(),
  /** The quantity offered. */
  sharesOffered: number().integer().required(),
  tiers: array(placementTier).required(),
  /** The lowest tier's minimum: the placement minimum. */
  minShares: number().integer().required(),
  /** The share of price × shares held when applying, in percent. */
  depositPct: number().integer().required(),
  opensAt: isoTime(),
  closesAt: isoTime(),
  paymentHours: number().integer().required(),
  /** draft, toBeAuctioned, inProgress or ended (machines/offering-window.ts). */
  state: string().required(),
  demo: boolean().required(),
});
export type PlacementDto = InferType<typeof placementDto>;

export const placementApplicationDto = object({
  id: number().integer().required(),
  placementId: number().integer().required(),
  symbol: string().required(),
  name: string().required(),
  /** Placement price. */
  price: number().integer().required(),
  /** Quantity applied for. */
  shares: number().integer().required(),
  /** What applying held. */
  deposit: number().integer().required(),
  /** Winning quantity; null before the allotment. */
  allotted: number().integer().nullable().defined(),
  /** Winning amount: price × winning quantity; null before the allotment. */
  allottedAmount: number().integer().nullable().defined(),
  /** Amount paid up (the whole winning amount once paid up, else 0). */
  paidUp: number().integer().required(),
  /** When a pending payment must be paid by; null unless pending. */
  payBy: string().nullable().defined(),
  orderId: number().integer().nullable().defined(),
  ...lifecycleStatusFields,
  createdAt: isoTime(),
});
export type PlacementApplicationDto = InferType<typeof placementApplicationDto>;

export const placementListRequest = strictObject({});
export const placementListResponse = object({
  placements: array(placementDto).required(),
  /** The customer's applications, newest first. */
  applications: array(placementApplicationDto).required(),
});
export type PlacementListDto = InferType<typeof placementListResponse>;

export const placementApplyRequest = strictObject({
  id: positiveId(),
  shares: wholeCount(code('trade.invalid_lots')),
  fundPassword: optionalText(64),
});

export const placementIdRequest = strictObject({ id: positiveId() });

export const recordsRequest = strictObject({ page: pageField() });

export const placementRecordsResponse = object({
  items: array(placementApplicationDto).required(),
  page: number().integer().required(),
  pageSize: number().integer().required(),
  total: number().integer().required(),
});
export type PlacementRecordsDto = InferType<typeof placementRecordsResponse>;

// ---- Auctions ------------------------------------------------------------------------------

export const auctionDto = object({
  id: number().integer().required(),
  symbol: string().required(),
  name: string().required(),
  sharesOffered: number().integer().required(),
  /** The lowest price a bid may name (won). */
  reservePrice: number().integer().required(),
  minShares: number().integer().required(),
  opensAt: isoTime(),
  closesAt: isoTime(),
  /** draft, toBeAuctioned, inProgress or ended. */
  state: string().required(),
  demo: boolean().required(),
  /** Once ended: the winning bids' lowest price (the clearing price); null before or unsold. */
  lowestWinningPrice: number().integer().nullable().defined(),
});
export type AuctionDto = InferType<typeof auctionDto>;

export const auctionBidDto = object({
  id: number().integer().required(),
  auctionId: number().integer().required(),
  symbol: string().required(),
  name: string().required(),
  price: number().integer().required(),
  shares: number().integer().required(),
  /** What bidding held. */
  held: number().integer().required(),
  /** Shares won at the close; null before it. */
  won: number().integer().nullable().defined(),
  /** price × shares won; null before the close. */
  wonAmount: number().integer().nullable().defined(),
  orderId: number().integer().nullable().defined(),
  ...lifecycleStatusFields,
  createdAt: isoTime(),
});
export type AuctionBidDto = InferType<typeof auctionBidDto>;

export const auctionListResponse = object({
  auctions: array(auctionDto).required(),
  /** The customer's bids, newest first. */
  bids: array(auctionBidDto).required(),
});
export type AuctionListDto = InferType<typeof auctionListResponse>;

export const auctionBidRequest = strictObject({
  id: positiveId(),
  price: wholeCount(code('trade.invalid_price'), 1e12),
  shares: wholeCount(code('trade.invalid_lots')),
  fundPassword: optionalText(64),
});

export const auctionRecordsResponse = object({
  items: array(auctionBidDto).required(),
  page: number().integer().required(),
  pageSize: number().integer().required(),
  total: number().integer().required(),
});
export type AuctionRecordsDto = InferType<typeof auctionRecordsResponse>;

// ---- Staff set-up --------------------------------------------------------------------------

const symbolField = () => requiredText(12).matches(/^[0-9A-Z]{6}$/, code('market.unknown_symbol'));

/** Create (no id) or edit a draft (id and the version seen). */
export const placementSaveRequest = strictObject({
  id: positiveId().notRequired(),
  version: wholeBetween(0, 2_147_483_647).notRequired(),
  symbol: symbolField(),
  price: wholeCount(code('trade.invalid_price'), 1e12),
  sharesOffered: wholeCount(code('request.invalid')),
  tiers: array(
    strictObject({
      minShares: wholeCount(code('request.invalid')),
      allotPct: wholeBetween(1, 100),
    }),
  )
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .min(1, code('request.invalid'))
    .max(10, code('request.invalid')),
  depositPct: wholeBetween(1, 100),
  paymentHours: wholeBetween(1, 24 * 30),
  opensAt: requiredText(40),
  closesAt: requiredText(40),
});

export const auctionSaveRequest = strictObject({
  id: positiveId().notRequired(),
  version: wholeBetween(0, 2_147_483_647).notRequired(),
  symbol: symbolField(),
  sharesOffered: wholeCount(code('request.invalid')),
  reservePrice: wholeCount(code('trade.invalid_price'), 1e12),
  minShares: wholeCount(code('request.invalid')),
  opensAt: requiredText(40),
  closesAt: requiredText(40),
});

export const publishRequest = strictObject({
  id: positiveId(),
  version: wholeBetween(0, 2_147_483_647),
});

const staffWindowFields = { ...lifecycleStatusFields, createdBy: number().nullable().defined() };

export const staffOfferingsResponse = object({
  placements: array(
    placementDto.shape({ ...staffWindowFields, applications: number().integer().required() }),
  ).required(),
  auctions: array(
    auctionDto.shape({ ...staffWindowFields, bids: number().integer().required() }),
  ).required(),
});
export type StaffOfferingsDto = InferType<typeof staffOfferingsResponse>;
