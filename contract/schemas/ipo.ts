import { array, boolean, mixed, number, object, string } from 'yup';
import type { InferType } from 'yup';
import type { ErrorCode } from '../errors';
import { IPO_PHASES, IPO_RECORD_TABS, IPO_TABS } from '../ipo';
import type { IpoPhase, IpoRecordTab, IpoTab } from '../ipo';
import { lifecycleStatusFields } from '../lifecycles';
import { optionalText, requiredText, strictObject } from './fields';
import { historyStep } from './funds';
import { paging, positiveId } from './staff';
import { oneOfText, wholeCount } from './trade';

/**
 * IPO offerings, subscriptions and draws as the customer and staff read and send them (issue 12,
 * docs/ipo.md, docs/ipo-draw.md). Prices and amounts are whole won.
 */
const code = (c: ErrorCode) => c;
const isoTime = () => string().required();
const nullableTime = () => string().nullable().defined();
const nullableInt = () => number().integer().nullable().defined();

/** An offering with the spec's fields (new-share issue). */
export const ipoOffering = object({
  id: number().integer().required(),
  symbol: string().required(),
  /** Korean name; `nameEn` when the listing has one ('' otherwise). */
  name: string().required(),
  nameEn: string().required(),
  /** KOSPI or KOSDAQ. */
  market: string().required(),
  /** The sponsoring broker (주관사). */
  broker: string().required(),
  /** Subscription (offer) price per share. */
  offerPrice: number().integer().required(),
  /** The market price once listed (or the simulator's expected price); null before. */
  marketPrice: nullableInt(),
  /** Market price − offer price; null without a market price. */
  priceDiff: nullableInt(),
  /** (market − offer) ÷ offer in percent, two decimals; null without a market price. */
  premiumPct: number().nullable().defined(),
  sharesOffered: number().integer().required(),
  /** The minimum shares of one subscription (the equal allocation's minimum). */
  minShares: number().integer().required(),
  /** Subscriptions one account may make to this offering. */
  maxTimes: number().integer().required(),
  /** Available cash an account needs to subscribe at all (0: no minimum). */
  minFunds: number().integer().required(),
  /** The deposit's share of offer price × shares, in percent. */
  depositPct: number().integer().required(),
  /** The equal pool's share of the shares offered, in basis points (≥ 5,000). */
  equalShareBps: number().integer().required(),
  opensAt: isoTime(),
  closesAt: isoTime(),
  drawAt: isoTime(),
  paymentDeadline: isoTime(),
  listingAt: isoTime(),
  phase: mixed<IpoPhase>()
    .oneOf([...IPO_PHASES])
    .required(),
  /** Shares applied for ÷ shares offered once the window closed; null before. */
  competitionRate: number().nullable().defined(),
  /** Shares allotted ÷ shares applied for, in percent, after the draw; null before. */
  winningRate: number().nullable().defined(),
  /** Hex SHA-256 of the draw's seed, published when the window opens. */
  seedHash: string().required(),
  /** Seeded for the embedded default from a real KRX listing, not a real offering. */
  demo: boolean().required(),
});
export type IpoOfferingDto = InferType<typeof ipoOffering>;

export const ipoListRequest = strictObject({
  tab: oneOfText<IpoTab>(IPO_TABS, code('request.invalid')),
});
export const ipoListResponse = object({
  offerings: array(ipoOffering).required(),
});
export type IpoListDto = InferType<typeof ipoListResponse>;

/** A customer's subscription with its deposit, result and payment. */
export const ipoSubscription = object({
  id: number().integer().required(),
  subscriptionNo: string().required(),
  offeringId: number().integer().required(),
  symbol: string().required(),
  name: string().required(),
  nameEn: string().required(),
  offerPrice: number().integer().required(),
  shares: number().integer().required(),
  /** Held at subscribing. */
  deposit: number().integer().required(),
  /** Shares allotted by the draw; null before it. */
  allotted: nullableInt(),
  /** Offer price × allotted; null before the draw. */
  allottedAmount: nullableInt(),
  /** Still to pay from available cash; null before the draw. */
  due: nullableInt(),
  /** Paid up (deposit's part included) once paid; 0 before. */
  paid: number().integer().required(),
  /** Deposit released back to available cash (not won, waived, or the excess at payment). */
  refunded: number().integer().required(),
  ...lifecycleStatusFields,
  paymentDeadline: isoTime(),
  listingAt: isoTime(),
  /** The position the listed shares became. */
  orderId: nullableInt(),
  createdAt: isoTime(),
  updatedAt: isoTime(),
});
export type IpoSubscriptionDto = InferType<typeof ipoSubscription>;

export const ipoIdRequest = strictObject({ id: positiveId() });

export const ipoDetailResponse = object({
  offering: ipoOffering.required(),
  /** The seed, published after the draw; null before. */
  seed: string().nullable().defined(),
  /** My subscriptions to this offering, newest first. */
  subscriptions: array(ipoSubscription).required(),
  /** Available cash now (what a subscription's deposit comes from). */
  available: number().integer().required(),
});
export type IpoDetailDto = InferType<typeof ipoDetailResponse>;

export const ipoSubscribeRequest = strictObject({
  id: positiveId(),
  shares: wholeCount(code('request.invalid')),
  fundPassword: requiredText(64),
});

export const ipoSubscriptionDetailResponse = object({
  subscription: ipoSubscription.required(),
  history: array(historyStep).required(),
});
export type IpoSubscriptionDetailDto = InferType<typeof ipoSubscriptionDetailResponse>;

/** One row of the records, whichever tab: what the customer applied for and what came of it. */
export const ipoRecordRow = object({
  id: number().integer().required(),
  kind: mixed<IpoRecordTab>()
    .oneOf([...IPO_RECORD_TABS])
    .required(),
  /** The number the customer quotes (subscription number, application number…). */
  recordNo: string().required(),
  symbol: string().required(),
  name: string().required(),
  nameEn: string().required(),
  /** Price per share (offer, placement, bid or issue price). */
  price: number().integer().required(),
  shares: number().integer().required(),
  /** Shares won or allotted; null before the result. */
  allotted: nullableInt(),
  /** Amount held or paid; null when nothing is. */
  amount: nullableInt(),
  state: string().required(),
  createdAt: isoTime(),
});
export type IpoRecordRowDto = InferType<typeof ipoRecordRow>;

export const ipoRecordsRequest = strictObject({
  tab: oneOfText<IpoRecordTab>(IPO_RECORD_TABS, code('request.invalid')),
  ...paging,
});
export const ipoRecordsResponse = object({
  tab: string().required(),
  rows: array(ipoRecordRow).required(),
  page: number().integer().required(),
  pageSize: number().integer().required(),
  total: number().integer().required(),
});
export type IpoRecordsDto = InferType<typeof ipoRecordsResponse>;

const drawAllocationRow = object({
  /**
   * Hashed id of one subscription (each is one entry of the draw): hex SHA-256 of
   * `${offeringId}:${subscriptionId}:${seed}` (docs/ipo.md "Jobs").
   */
  id: string().required(),
  applied: number().integer().required(),
  equal: number().integer().required(),
  proportional: number().integer().required(),
  total: number().integer().required(),
});

/** The published draw: everything `npm run ipo:verify` needs to re-compute it. */
export const ipoDrawResponse = object({
  offeringId: number().integer().required(),
  rule: string().required(),
  seed: string().required(),
  seedHash: string().required(),
  sharesOffered: number().integer().required(),
  minShares: number().integer().required(),
  equalShareBps: number().integer().required(),
  drawnAt: isoTime(),
  /** Every subscription as (hashed account id, shares applied for), in id order. */
  inputs: array(
    object({ id: string().required(), shares: number().integer().required() }),
  ).required(),
  allocations: array(drawAllocationRow).required(),
  /** The customer's own hashed ids in this draw (one per subscription). */
  mine: array(string().required()).required(),
});
export type IpoDrawDto = InferType<typeof ipoDrawResponse>;

// ---- Staff ---------------------------------------------------------------------------------

const offeringFields = {
  symbol: requiredText(12).matches(/^[0-9A-Z]{6}$/, code('market.unknown_symbol')),
  name: requiredText(80),
  nameEn: optionalText(80),
  market: oneOfText(['KOSPI', 'KOSDAQ'] as const, code('request.invalid')),
  broker: requiredText(80),
  offerPrice: wholeCount(code('trade.invalid_price')),
  sharesOffered: wholeCount(code('request.invalid')),
  minShares: wholeCount(code('request.invalid')),
  maxTimes: wholeCount(code('request.invalid')),
  minFunds: number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .integer(code('request.invalid'))
    .min(0, code('request.invalid'))
    .max(1e12, code('request.invalid')),
  depositPct: number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .integer(code('request.invalid'))
    .min(0, code('request.invalid'))
    .max(100, code('request.invalid')),
  equalShareBps: number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .integer(code('request.invalid'))
    .min(5000, code('request.invalid'))
    .max(10_000, code('request.invalid')),
  opensAt: requiredText(40),
  closesAt: requiredText(40),
  drawAt: requiredText(40),
  paymentDeadline: requiredText(40),
  listingAt: requiredText(40),
};

export const ipoOfferingCreateRequest = strictObject(offeringFields);
/** Edit an offering that has not opened yet (`ipo.already_open` after). */
export const ipoOfferingUpdateRequest = strictObject({ id: positiveId(), ...offeringFields });
export const ipoOfferingsRequest = strictObject({ ...paging });

/** Staff's view: the offering with its state, totals and the draw's report once drawn. */
export const staffIpoOffering = ipoOffering.shape({
  /** draft (editable) → published (customers see it; the seed's hash is fixed). */
  status: mixed<'draft' | 'published'>().oneOf(['draft', 'published']).required(),
  subscriptions: number().integer().required(),
  sharesApplied: number().integer().required(),
  sharesAllotted: nullableInt(),
  drawnAt: nullableTime(),
  createdAt: isoTime(),
});
export type StaffIpoOfferingDto = InferType<typeof staffIpoOffering>;

export const ipoOfferingsResponse = object({
  rows: array(staffIpoOffering).required(),
  page: number().integer().required(),
  pageSize: number().integer().required(),
  total: number().integer().required(),
});

export const ipoOfferingDetailResponse = object({
  offering: staffIpoOffering.required(),
  /** Subscriptions by state (the draw's report). */
  byState: array(
    object({ state: string().required(), count: number().integer().required() }),
  ).required(),
  /** The published draw, once drawn. */
  draw: ipoDrawResponse.nullable().defined(),
});
