import type { SessionPhase, SessionState } from '../../contract/market';

export type { SessionPhase, SessionState };
import type { TradingCalendar } from './calendar';
import { hashSeed } from './random';
import { MINUTE_MS, dayToIsoDate, formatSeoul, seoulDayNumber, seoulMidnight } from './seoul-time';

/**
 * Phases of a KRX trading day in Asia/Seoul (MARKET-RULES.md, "Sessions"):
 *   08:30–08:40 pre-market closing-price trading, opening-auction orders accepted
 *   08:40–09:00 opening call auction (order entry only)
 *   09:00–15:20 continuous trading (the opening auction matches at 09:00 + a random 0–30 s)
 *   15:20–15:30 closing call auction (matches at 15:30 + a random 0–30 s)
 *   15:30–15:40 no trading
 *   15:40–16:00 after-hours closing-price trading
 *   16:00–18:00 after-hours single-price trading, matched every 10 minutes
 */

/** The phase boundaries of one trading day, in epoch ms. */
export interface DaySchedule {
  readonly day: number;
  readonly date: string;
  readonly preMarket: number;
  readonly openingAuction: number;
  /** The opening auction's match and the start of continuous trading. */
  readonly open: number;
  readonly closingAuction: number;
  /** The closing auction's match: the day's close. */
  readonly close: number;
  readonly afterHoursClosingPrice: number;
  readonly afterHoursSinglePrice: number;
  readonly end: number;
}

const at = (day: number, h: number, m: number) => seoulMidnight(day) + (h * 60 + m) * MINUTE_MS;
export const RANDOM_END_MS = 30_000;
/** After-hours single-price trading matches every 10 minutes. */
export const SINGLE_PRICE_INTERVAL_MS = 10 * MINUTE_MS;

/**
 * The schedule of a day. The random ends are drawn from the seed and the date, so a replayed day
 * has the same auction times whatever order days are asked for in.
 */
export function daySchedule(day: number, seed: string | number = 0): DaySchedule {
  const r = (label: string) => (hashSeed(`${seed}:${day}:${label}`) / 4294967296) * RANDOM_END_MS;
  return {
    day,
    date: dayToIsoDate(day),
    preMarket: at(day, 8, 30),
    openingAuction: at(day, 8, 40),
    open: at(day, 9, 0) + Math.floor(r('open')),
    closingAuction: at(day, 15, 20),
    close: at(day, 15, 30) + Math.floor(r('close')),
    afterHoursClosingPrice: at(day, 15, 40),
    afterHoursSinglePrice: at(day, 16, 0),
    end: at(day, 18, 0),
  };
}

export function phaseIn(s: DaySchedule, ms: number): SessionPhase {
  if (ms < s.preMarket) return 'closed';
  if (ms < s.openingAuction) return 'pre-market';
  if (ms < s.open) return 'opening-auction';
  if (ms < s.closingAuction) return 'continuous';
  if (ms < s.close) return 'closing-auction';
  if (ms < s.afterHoursClosingPrice) return 'post-close';
  if (ms < s.afterHoursSinglePrice) return 'after-hours-closing-price';
  if (ms < s.end) return 'after-hours-single-price';
  return 'closed';
}

/** The boundaries of a schedule in order, for finding the next change. */
function boundaries(s: DaySchedule): number[] {
  return [
    s.preMarket,
    s.openingAuction,
    s.open,
    s.closingAuction,
    s.close,
    s.afterHoursClosingPrice,
    s.afterHoursSinglePrice,
    s.end,
  ];
}

export interface SessionClockOptions {
  readonly calendar: TradingCalendar;
  /** Seeds the random auction ends. */
  readonly seed?: string | number;
  /**
   * Demo mode: continuous trading around the clock, every day. Each Seoul calendar day is a trading
   * day (the day still rolls over at midnight so limits and daily candles keep their meaning).
   */
  readonly demo?: boolean;
}

const LABELS: Record<SessionPhase, string> = {
  closed: 'Closed',
  'pre-market': 'Pre-market closing-price trading',
  'opening-auction': 'Opening call auction',
  continuous: 'Continuous trading',
  'closing-auction': 'Closing call auction',
  'post-close': 'Closed (after-hours from 15:40)',
  'after-hours-closing-price': 'After-hours closing-price trading',
  'after-hours-single-price': 'After-hours single-price trading',
};

/** Answers "what phase is the market in at t" with the calendar and the demo switch. */
export class SessionClock {
  private readonly calendar: TradingCalendar;
  private readonly seed: string | number;
  readonly demo: boolean;
  private cache: DaySchedule | undefined;

  constructor(options: SessionClockOptions) {
    this.calendar = options.calendar;
    this.seed = options.seed ?? 0;
    this.demo = options.demo ?? false;
  }

  isTradingDay(day: number): boolean {
    return this.demo || this.calendar.isTradingDay(day);
  }

  /** The schedule of a day (cached: the simulator asks many times per day). */
  schedule(day: number): DaySchedule {
    if (this.cache?.day !== day) this.cache = daySchedule(day, this.seed);
    return this.cache;
  }

  phaseAt(ms: number): SessionPhase {
    if (this.demo) return 'continuous';
    const day = seoulDayNumber(ms);
    if (!this.calendar.isTradingDay(day)) return 'closed';
    return phaseIn(this.schedule(day), ms);
  }

  /** The next instant after ms at which the phase changes (or the Seoul day, in demo mode). */
  nextChange(ms: number): number {
    const day = seoulDayNumber(ms);
    if (this.demo) return seoulMidnight(day + 1);
    if (this.calendar.isTradingDay(day)) {
      for (const b of boundaries(this.schedule(day))) if (b > ms) return b;
    }
    return daySchedule(this.calendar.nextTradingDay(day), this.seed).preMarket;
  }

  state(ms: number): SessionState {
    const day = seoulDayNumber(ms);
    const phase = this.phaseAt(ms);
    const trading = this.isTradingDay(day);
    const beforeEnd = trading && (this.demo || ms < this.schedule(day).end);
    const tradingDay = beforeEnd ? day : this.demo ? day + 1 : this.calendar.nextTradingDay(day);
    const next = this.demo ? null : this.nextChange(ms);
    return {
      phase,
      tradingDate: dayToIsoDate(tradingDay),
      isTradingDay: trading,
      nextChangeAt: next,
      nextChangeAtSeoul: next === null ? null : formatSeoul(next),
      demo: this.demo,
      label: this.demo
        ? 'Demo: market open around the clock (simulated, not KRX hours)'
        : LABELS[phase],
      timezone: 'Asia/Seoul',
    };
  }
}
