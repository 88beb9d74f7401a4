import type { Currency, FundWindowDto } from '../../../contract';
import { CURRENCIES } from '../../../contract';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/connect';
import type { TradingCalendar } from '../../market/calendar';
import { loadCalendar } from '../../market/data-files';
import { seoulDayNumber, seoulMsOfDay, MINUTE_MS } from '../../market/seoul-time';
import { Refusal } from '../../refusal';
import { readSettings } from '../../settings';

/**
 * Money limits and windows shared by deposits and withdrawals. Limits are set in won
 * (`fund.*` settings); another currency's limit is its won equivalent at the feed's rate.
 */

let calendar: TradingCalendar | null = null;
/** The KRX calendar (holidays from the project's data file), loaded once. */
export function krxCalendar(): TradingCalendar {
  calendar ??= loadCalendar();
  return calendar;
}

/** Won per one major unit of the currency at the feed's current rate; KRW is 1. */
export function wonPerUnit(maru: Pick<AppContext, 'feed'>, currency: Currency): number {
  if (currency === 'KRW') return 1;
  // USDT is pegged to the US dollar; the feed quotes USD.
  const quoted = currency === 'USDT' ? 'USD' : currency;
  const rate = maru.feed.fxRates().find((r) => r.currency === quoted);
  if (rate === undefined || !(rate.krwPerUnit > 0)) throw new Refusal('exchange.no_rate');
  return rate.krwPerUnit;
}

/** An amount in minor units of `currency`, in whole won (rounded down). */
export function toWon(maru: Pick<AppContext, 'feed'>, currency: Currency, minor: number): number {
  const major = minor / 10 ** CURRENCIES[currency].minorDigits;
  return Math.floor(major * wonPerUnit(maru, currency));
}

/**
 * A limit set in won as minor units of `currency`, rounded so the limit is never looser: a
 * minimum rounds up, a maximum down.
 */
export function limitIn(
  maru: Pick<AppContext, 'feed'>,
  currency: Currency,
  won: number,
  kind: 'min' | 'max',
): number {
  const minor = (won / wonPerUnit(maru, currency)) * 10 ** CURRENCIES[currency].minorDigits;
  return kind === 'min' ? Math.ceil(minor - 1e-9) : Math.floor(minor + 1e-9);
}

export type FundWindowKind = 'deposit' | 'withdraw';

const hhmm = (minuteOfDay: number) =>
  `${String(Math.floor(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;

/** What a fund window is made of (`fund.<kind>Opens/Closes`, `fund.businessDaysOnly`). */
export interface FundWindowSettings {
  opens: number;
  closes: number;
  businessDaysOnly: boolean;
}

/** The window's settings, read in one query. */
export async function fundWindowSettings(
  db: Database,
  kind: FundWindowKind,
): Promise<FundWindowSettings> {
  if (kind === 'deposit') {
    const s = await readSettings(db, [
      'fund.depositOpens',
      'fund.depositCloses',
      'fund.businessDaysOnly',
    ]);
    return {
      opens: s['fund.depositOpens'],
      closes: s['fund.depositCloses'],
      businessDaysOnly: s['fund.businessDaysOnly'] === 1,
    };
  }
  const s = await readSettings(db, [
    'fund.withdrawOpens',
    'fund.withdrawCloses',
    'fund.businessDaysOnly',
  ]);
  return {
    opens: s['fund.withdrawOpens'],
    closes: s['fund.withdrawCloses'],
    businessDaysOnly: s['fund.businessDaysOnly'] === 1,
  };
}

/**
 * The deposit or withdrawal window at `now`: `fund.<kind>Opens/Closes` (inclusive minutes of the
 * Seoul day) on KRX business days when `fund.businessDaysOnly` is on. In demo mode the window is
 * around the clock (and says so), as the demo market is.
 */
export async function fundWindow(
  db: Database,
  maru: Pick<AppContext, 'config'>,
  kind: FundWindowKind,
  now: Date,
): Promise<FundWindowDto> {
  return fundWindowOf(maru, await fundWindowSettings(db, kind), now);
}

/** fundWindow from settings already read. */
export function fundWindowOf(
  maru: Pick<AppContext, 'config'>,
  { opens, closes, businessDaysOnly }: FundWindowSettings,
  now: Date,
): FundWindowDto {
  if (maru.config.market.demo) {
    return { opens: '00:00', closes: '23:59', businessDaysOnly: false, openNow: true, demo: true };
  }
  const ms = now.getTime();
  const minute = Math.floor(seoulMsOfDay(ms) / MINUTE_MS);
  const dayOpen = !businessDaysOnly || krxCalendar().isTradingDay(seoulDayNumber(ms));
  return {
    opens: hhmm(opens),
    closes: hhmm(closes),
    businessDaysOnly,
    openNow: dayOpen && minute >= opens && minute <= closes,
    demo: false,
  };
}

/** Refuses with fund_order.closed (naming the window) when the window is shut at `now`. */
export function refuseIfClosed(window: FundWindowDto): void {
  if (window.openNow) return;
  throw new Refusal('fund_order.closed', { window: `${window.opens}–${window.closes}` });
}
