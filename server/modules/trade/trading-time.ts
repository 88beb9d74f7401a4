import type { FeedSessionState, LockRule, Market } from '../../../contract';
import type { TradingCalendar } from '../../market/calendar';
import { loadCalendar } from '../../market/data-files';
import { MINUTE_MS, SEOUL_OFFSET_MS, seoulDayNumber, seoulMidnight } from '../../market/seoul-time';

/**
 * When orders may be placed and what the clock does to them (docs/trading.md "Trading time"):
 * orders are taken during continuous trading (09:00–15:20 Seoul on KRX trading days), or at any
 * time in demo mode. The session's end is when continuous trading ends, 15:20 (in demo mode,
 * Seoul midnight): unfilled orders expire then, and day-trading positions are closed.
 */

let calendar: TradingCalendar | null = null;
/** The KRX calendar (holidays are data: server/market/data/holidays.csv), read once. */
function krxCalendar(): TradingCalendar {
  calendar ??= loadCalendar();
  return calendar;
}

const CONTINUOUS_OPEN_MIN = 9 * 60;
const CONTINUOUS_END_MIN = 15 * 60 + 20;

/**
 * Orders in a stock of `market` are taken now: demo mode, or continuous trading on a trading day
 * with that market not halted by a circuit breaker.
 */
export function tradingOpen(session: FeedSessionState, market: Market | null): boolean {
  if (session.demo) return true;
  return (
    session.phase === 'continuous' && (market === null || !session.haltedMarkets.includes(market))
  );
}

/** The end of the session `at` belongs to (or of the next one, outside a session). */
export function sessionEndAfter(at: Date, demo: boolean): Date {
  const ms = at.getTime();
  let day = seoulDayNumber(ms);
  if (demo) return new Date(seoulMidnight(day + 1));
  const cal = krxCalendar();
  const endOf = (d: number) => seoulMidnight(d) + CONTINUOUS_END_MIN * MINUTE_MS;
  while (!cal.isTradingDay(day) || endOf(day) <= ms) day += 1;
  return new Date(endOf(day));
}

/** The opening of the `count`th trading day after `at`'s Seoul day (T+N). */
function nthTradingDayOpen(at: Date, count: number): number {
  const cal = krxCalendar();
  let day = seoulDayNumber(at.getTime());
  for (let left = count; left > 0;) {
    day += 1;
    if (cal.isTradingDay(day)) left -= 1;
  }
  return seoulMidnight(day) + CONTINUOUS_OPEN_MIN * MINUTE_MS;
}

/** From when a position filled at `filledAt` may be closed under the product's lock rule. */
export function unlockAtOf(lock: LockRule, filledAt: Date): Date {
  if (lock.count <= 0) return filledAt;
  if (lock.kind === 'minutes') return new Date(filledAt.getTime() + lock.count * MINUTE_MS);
  return new Date(nthTradingDayOpen(filledAt, lock.count));
}

/** Sale proceeds settle on the second trading day after the close (T+2), from its start. */
export function settlesAtOf(closedAt: Date): Date {
  return new Date(nthTradingDayOpen(closedAt, 2) - CONTINUOUS_OPEN_MIN * MINUTE_MS);
}

/** A time as the customer reads it in a refusal: `2026.11.26 09:00` in Seoul. */
export function seoulWords(at: Date): string {
  const d = new Date(at.getTime() + SEOUL_OFFSET_MS).toISOString();
  return `${d.slice(0, 4)}.${d.slice(5, 7)}.${d.slice(8, 10)} ${d.slice(11, 16)}`;
}

/** The Seoul day's start of `at`, for "today's" figures. */
export function seoulDayStart(at: Date): Date {
  return new Date(seoulMidnight(seoulDayNumber(at.getTime())));
}
