import { parseCsvRecords } from './csv';
import { dayToIsoDate, isoDateToDay, weekdayOfDay } from './seoul-time';

/** A weekday on which KRX is closed. Weekends are always closed and are not listed. */
export interface Holiday {
  readonly date: string;
  readonly name: string;
  /** verified / corroborated / projected: how sure the source is (see docs/market.md). */
  readonly status: string;
}

/**
 * The KRX trading calendar. Holidays are data (server/market/data/holidays.csv), because future
 * years are projections and KRX announces ad-hoc closures (elections); editing the file is the fix.
 */
export class TradingCalendar {
  private readonly closed: Set<number>;
  private readonly names: Map<number, string>;
  /** Years the holiday list covers; outside them only weekends are known to be closed. */
  readonly years: readonly number[];

  constructor(holidays: readonly Holiday[]) {
    this.closed = new Set(holidays.map((h) => isoDateToDay(h.date)));
    this.names = new Map(holidays.map((h) => [isoDateToDay(h.date), h.name]));
    this.years = [...new Set(holidays.map((h) => Number(h.date.slice(0, 4))))].sort();
  }

  static fromCsv(text: string): TradingCalendar {
    return new TradingCalendar(
      parseCsvRecords(text).map((r) => ({
        date: r.date ?? '',
        name: r.name ?? '',
        status: r.status ?? '',
      })),
    );
  }

  isTradingDay(day: number): boolean {
    const wd = weekdayOfDay(day);
    return wd !== 0 && wd !== 6 && !this.closed.has(day);
  }

  isTradingDate(date: string): boolean {
    return this.isTradingDay(isoDateToDay(date));
  }

  holidayName(date: string): string | undefined {
    return this.names.get(isoDateToDay(date));
  }

  /** The first trading day strictly after the given one. */
  nextTradingDay(day: number): number {
    let d = day + 1;
    while (!this.isTradingDay(d)) d++;
    return d;
  }

  /** The last trading day strictly before the given one. */
  previousTradingDay(day: number): number {
    let d = day - 1;
    while (!this.isTradingDay(d)) d--;
    return d;
  }

  /** Trading days in [from, to] as ISO dates. */
  tradingDates(from: string, to: string): string[] {
    const out: string[] = [];
    for (let d = isoDateToDay(from); d <= isoDateToDay(to); d++) {
      if (this.isTradingDay(d)) out.push(dayToIsoDate(d));
    }
    return out;
  }
}
