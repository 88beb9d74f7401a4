import { array, boolean, mixed, number, object, string } from 'yup';
import type { InferType } from 'yup';
import type { ErrorCode } from '../errors';
import { lifecycleStatusFields } from '../lifecycles';
import { optionalText, requiredText, strictObject } from './fields';
import { fundRejectRequest } from './funds-staff';
import { paging, positiveId } from './staff';

/**
 * Corporate actions as customers and staff send and read them (issue 12, docs/corporate-
 * actions.md): cash dividends paid to holders on the record date, net of the 15.4 % withholding
 * tax, and rights issues holders apply for. Amounts are whole won; times ISO 8601.
 */
const code = (c: ErrorCode) => c;

export const CORPORATE_KINDS = ['dividend', 'rights'] as const;
export type CorporateKind = (typeof CORPORATE_KINDS)[number];

/** Withholding tax on dividends in parts per million: 14 % income tax + 1.4 % local tax. */
export const DIVIDEND_TAX_PPM = 154_000;

/** A dividend's tax and net for `gross` won: the tax rounds down, as withheld whole won. */
export function dividendSplit(gross: number): { tax: number; net: number } {
  const tax = Math.floor((gross * DIVIDEND_TAX_PPM) / 1_000_000);
  return { tax, net: gross - tax };
}

/** New shares a holding of `shares` is entitled to at `ratioPpm` millionths a share (rounded down). */
export function rightsEntitled(shares: number, ratioPpm: number): number {
  return Math.floor((shares * ratioPpm) / 1_000_000);
}

const wholeCount = (invalid: ErrorCode) =>
  number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .test('whole', invalid, (v) => v === undefined || (Number.isSafeInteger(v) && v > 0));

const optionalWhole = () =>
  number()
    .typeError(code('request.wrong_type'))
    .nullable()
    .test(
      'whole',
      code('request.invalid'),
      (v) => v === undefined || v === null || (Number.isSafeInteger(v) && v > 0),
    );

const isoTime = () => string().required();
const nullableTime = () => string().nullable().defined();

// ---- Customer ------------------------------------------------------------------------------

export const corporateApplyRequest = strictObject({
  id: positiveId(),
  shares: wholeCount(code('trade.invalid_lots')),
  fundPassword: optionalText(64),
});
export type CorporateApplyRequest = InferType<typeof corporateApplyRequest>;

const rightsApplicationRow = object({
  id: number().integer().required(),
  actionId: number().integer().required(),
  symbol: string().required(),
  name: string().required(),
  /** The issue price per share (won). */
  price: number().integer().required(),
  shares: number().integer().required(),
  /** Held from applying: price × shares. */
  amount: number().integer().required(),
  ...lifecycleStatusFields,
  reason: string().nullable().defined(),
  /** The position it became once listed. */
  orderId: number().integer().nullable().defined(),
  createdAt: isoTime(),
});
export type RightsApplicationDto = InferType<typeof rightsApplicationRow>;

export const corporateListResponse = object({
  /**
   * The calendar's actions still to come (announced, record date ahead), soonest first: holding
   * the symbol's shares on the record date entitles a customer to them.
   */
  upcoming: array(
    object({
      id: number().integer().required(),
      kind: string()
        .oneOf([...CORPORATE_KINDS])
        .required(),
      symbol: string().required(),
      name: string().required(),
      recordAt: isoTime(),
      payAt: isoTime(),
      windowClosesAt: nullableTime(),
      perShare: number().integer().nullable().defined(),
      issuePrice: number().integer().nullable().defined(),
      ratioPpm: number().integer().nullable().defined(),
      demo: boolean().required(),
    }),
  ).required(),
  /** Dividends the record date entitled me to, newest record date first. */
  dividends: array(
    object({
      actionId: number().integer().required(),
      symbol: string().required(),
      name: string().required(),
      recordAt: isoTime(),
      payAt: isoTime(),
      sharesHeld: number().integer().required(),
      perShare: number().integer().required(),
      gross: number().integer().required(),
      tax: number().integer().required(),
      net: number().integer().required(),
      /** When it was paid; null until the payment date. */
      paidAt: nullableTime(),
      /** The action's state (the payment's state for this row). */
      state: string().required(),
      demo: boolean().required(),
    }),
  ).required(),
  /** Rights issues the record date entitled me to, newest first. */
  rights: array(
    object({
      id: number().integer().required(),
      symbol: string().required(),
      name: string().required(),
      recordAt: isoTime(),
      windowClosesAt: isoTime(),
      listingAt: isoTime(),
      issuePrice: number().integer().required(),
      ratioPpm: number().integer().required(),
      sharesHeld: number().integer().required(),
      entitled: number().integer().required(),
      /** Shares applied for and not refused or lapsed. */
      applied: number().integer().required(),
      /** Taking applications now. */
      open: boolean().required(),
      state: string().required(),
      demo: boolean().required(),
    }),
  ).required(),
  /** My applications, newest first. */
  applications: array(rightsApplicationRow).required(),
});
export type CorporateListDto = InferType<typeof corporateListResponse>;
export type DividendRowDto = CorporateListDto['dividends'][number];
export type RightsOfferDto = CorporateListDto['rights'][number];
export type UpcomingActionDto = CorporateListDto['upcoming'][number];

/** What `/ipo/records` tab `allotments` reads (rightsAllotmentRecords, server/modules/corporate). */
export const rightsAllotmentRecordsPage = object({
  rows: array(
    object({
      id: number().integer().required(),
      actionId: number().integer().required(),
      symbol: string().required(),
      price: number().integer().required(),
      shares: number().integer().required(),
      amount: number().integer().required(),
      state: string().required(),
      reason: string().nullable().defined(),
      orderId: number().integer().nullable().defined(),
      listingAt: isoTime(),
      createdAt: isoTime(),
    }),
  ).required(),
  page: number().integer().required(),
  pageSize: number().integer().required(),
  total: number().integer().required(),
});
export type RightsAllotmentRecordsPage = InferType<typeof rightsAllotmentRecordsPage>;

// ---- Staff ---------------------------------------------------------------------------------

const kind = () =>
  mixed<CorporateKind>((v): v is CorporateKind => typeof v === 'string')
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .oneOf([...CORPORATE_KINDS], code('request.invalid'));

/** An ISO 8601 time; whether it fits the others is the service's check (corporate.invalid_dates). */
const isTime = (v: string | null | undefined) =>
  v === undefined || v === null || Number.isFinite(Date.parse(v));

/** A term of the other kind must be left out (or null): a dividend has no issue price. */
const onlyFor = (only: CorporateKind) => ({
  name: 'kind',
  message: code('request.invalid'),
  test: (v: unknown, context: { parent: unknown }) =>
    (context.parent as { kind?: unknown }).kind === only || v === undefined || v === null,
});

const actionTerms = {
  kind: kind(),
  recordAt: requiredText(40).test('time', code('request.invalid'), isTime),
  payAt: requiredText(40).test('time', code('request.invalid'), isTime),
  /** Rights only: when applications close (between the record and the listing date). */
  windowClosesAt: optionalText(40)
    .nullable()
    .test('time', code('request.invalid'), isTime)
    .test(onlyFor('rights')),
  /** Dividend only: won per share. */
  perShare: optionalWhole().test(onlyFor('dividend')),
  /** Rights only: the issue price (won). */
  issuePrice: optionalWhole().test(onlyFor('rights')),
  /** Rights only: new shares per share held, in millionths (200000 = 1 for 5). */
  ratioPpm: optionalWhole().test(onlyFor('rights')),
};

export const corporateCreateRequest = strictObject({
  symbol: requiredText(12).matches(/^[0-9A-Z]{6}$/, code('market.unknown_symbol')),
  ...actionTerms,
});
export type CorporateCreateRequest = InferType<typeof corporateCreateRequest>;

export const corporateEditRequest = strictObject({
  id: positiveId(),
  version: positiveId().min(0, code('request.invalid')),
  ...actionTerms,
});
export type CorporateEditRequest = InferType<typeof corporateEditRequest>;

export const corporateCancelRequest = fundRejectRequest;
export const corporateRefuseRequest = fundRejectRequest;

export const corporateAction = object({
  id: number().integer().required(),
  symbol: string().required(),
  name: string().required(),
  kind: string()
    .oneOf([...CORPORATE_KINDS])
    .required(),
  recordAt: isoTime(),
  payAt: isoTime(),
  windowClosesAt: nullableTime(),
  perShare: number().integer().nullable().defined(),
  issuePrice: number().integer().nullable().defined(),
  ratioPpm: number().integer().nullable().defined(),
  /** The factor the simulator's prices take on the record date, in millionths. */
  priceFactorPpm: number().integer().required(),
  ...lifecycleStatusFields,
  cancelReason: string().nullable().defined(),
  /** Holders written down on the record date. */
  holders: number().integer().required(),
  /** Dividends: net paid in total; rights: shares applied for (not refused or lapsed). */
  paidNet: number().integer().required(),
  taxWithheld: number().integer().required(),
  sharesApplied: number().integer().required(),
  /** Announced and before its record date: staff may still edit it. */
  editable: boolean().required(),
  demo: boolean().required(),
  createdAt: isoTime(),
});
export type CorporateActionDto = InferType<typeof corporateAction>;

export const corporateCalendarRequest = strictObject({ ...paging });

export const corporateCalendarResponse = object({
  items: array(corporateAction).required(),
  page: number().integer().required(),
  pageSize: number().integer().required(),
  total: number().integer().required(),
});
export type CorporateCalendarDto = InferType<typeof corporateCalendarResponse>;

export const corporateApplicationsRequest = strictObject({ id: positiveId() });
export const corporateApplicationsResponse = object({
  rows: array(
    rightsApplicationRow.shape({
      customerId: number().integer().required(),
      account: string().required(),
    }),
  ).required(),
});
export type CorporateApplicationsDto = InferType<typeof corporateApplicationsResponse>;
