import { number } from 'yup';
import type { InferType, NumberSchema } from 'yup';
import type { ErrorCode } from './errors';

/**
 * Settings staff change at run time (the `settings` table), each with its code default and the
 * schema a new value must pass.
 */
const code = (c: ErrorCode) => c;

const wholeNumber = (min: number, max: number) =>
  number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .integer(code('request.invalid'))
    .min(min, code('request.invalid'))
    .max(max, code('request.invalid'));

export interface SettingDefinition<T extends number> {
  default: T;
  schema: NumberSchema<T>;
  /** What the back office's input shows after the number. */
  unit: SettingUnit;
}

/**
 * How a value reads: `won` is whole won (limits in other currencies are their won equivalent at
 * the feed's rate), `minuteOfDay` is minutes after 00:00 Asia/Seoul (540 = 09:00), `switch` is
 * 0 (off) or 1 (on), `basisPoints` is hundredths of a percent.
 */
export const SETTING_UNITS = [
  'hours',
  'minutes',
  'seconds',
  'won',
  'minuteOfDay',
  'switch',
  'basisPoints',
] as const;
export type SettingUnit = (typeof SETTING_UNITS)[number];

const MAX_WON = 1_000_000_000_000;
const won = (dflt: number) =>
  ({ default: dflt, schema: wholeNumber(0, MAX_WON), unit: 'won' }) as const;
const minuteOfDay = (dflt: number) =>
  ({ default: dflt, schema: wholeNumber(0, 24 * 60 - 1), unit: 'minuteOfDay' }) as const;
const onOff = (dflt: 0 | 1) =>
  ({ default: dflt, schema: wholeNumber(0, 1), unit: 'switch' }) as const;

export const SETTINGS = {
  /** How long a KYC submission may wait for a reviewer before it is flagged overdue. */
  'kyc.reviewHours': {
    default: 24,
    schema: wholeNumber(1, 24 * 30),
    unit: 'hours',
  },
  // Money (docs/money.md): edited in the back office's fund settings (audited). In demo mode
  // (MARU_MARKET_DEMO=1) the windows are around the clock whatever these say, and the screens
  // say so.
  /** One deposit's least and most, in won or its equivalent. */
  'fund.depositMin': won(10_000),
  'fund.depositMax': won(100_000_000),
  /** The deposit window (spec: 00:00–23:59 on working days). */
  'fund.depositOpens': minuteOfDay(0),
  'fund.depositCloses': minuteOfDay(24 * 60 - 1),
  /** Deposits below this are credited at once, recorded as `system`; 0 turns it off. */
  'fund.depositAutoApproveBelow': won(0),
  /** One withdrawal's least (spec: 100,000 won) and most. */
  'fund.withdrawMin': won(100_000),
  'fund.withdrawMax': won(50_000_000),
  /** The withdrawal window on KRX business days (spec: 09:00–15:30). */
  'fund.withdrawOpens': minuteOfDay(9 * 60),
  'fund.withdrawCloses': minuteOfDay(15 * 60 + 30),
  /** Windows hold on KRX business days only (1) or every day (0). */
  'fund.businessDaysOnly': onOff(1),
  /** Above this a withdrawal needs a second, different staff member's approval. */
  'fund.fourEyesAbove': won(10_000_000),
  /** How long a deposit or withdrawal may wait for staff before it is flagged. */
  'fund.serviceMinutes': { default: 120, schema: wholeNumber(5, 7 * 24 * 60), unit: 'minutes' },
  /** The house's spread on currency exchange, on top of the feed's mid rate. */
  'fund.exchangeSpread': { default: 50, schema: wholeNumber(0, 1_000), unit: 'basisPoints' },
  /** How long an exchange quote holds. */
  'fund.quoteSeconds': { default: 30, schema: wholeNumber(5, 600), unit: 'seconds' },
  // IPO subscriptions (issue 12): the subscription channel; off refuses ipo.channel_closed.
  'ipo.enabled': onOff(1),
  // Service (issue 13, docs/service.md)
  /**
   * The commission an approved seat account's orders pay on each leg, when lower than the
   * product's (1 basis point = 0.01 % = 100 ppm).
   */
  'seat.commission': { default: 1, schema: wholeNumber(0, 100), unit: 'basisPoints' },
  // Customer service (issue 13, docs/support.md): the hours the customer sees beside the chat
  'support.opens': minuteOfDay(540),
  'support.closes': minuteOfDay(1_080),
} as const satisfies Record<string, SettingDefinition<number>>;

export type SettingKey = keyof typeof SETTINGS;
export type SettingValue<K extends SettingKey> = InferType<(typeof SETTINGS)[K]['schema']>;
export const SETTING_KEYS = Object.keys(SETTINGS) as SettingKey[];

/** The money settings: what `/fundSettings/get` lists and `/fundSettings/set` may change. */
export const FUND_SETTING_KEYS = SETTING_KEYS.filter((k) => k.startsWith('fund.'));

export function isSettingKey(value: unknown): value is SettingKey {
  return typeof value === 'string' && Object.hasOwn(SETTINGS, value);
}
