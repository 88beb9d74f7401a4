/**
 * Candles built from trades, and their adjustment for corporate actions.
 *
 * The store keeps each symbol's open candle per interval in one preallocated Float64Array, so a
 * trade costs a comparison and a few stores per interval; a candle object is made only when a bucket
 * closes (at most once a minute per symbol) or when someone asks.
 */
import {
  DAY_MS,
  MINUTE_MS,
  SEOUL_OFFSET_MS,
  seoulDayNumber,
  seoulMidnight,
  weekdayOfDay,
} from './seoul-time';
import type { Adjustment, Candle, CandleInterval, CorporateAction } from './types';
import { CANDLE_INTERVALS } from './types';

const MINUTES: Partial<Record<CandleInterval, number>> = { '1m': 1, '5m': 5, '15m': 15, '30m': 30 };

/** The [start, end) of the bucket holding t, in Asia/Seoul. */
export function bucketOf(interval: CandleInterval, t: number): [start: number, end: number] {
  const minutes = MINUTES[interval];
  if (minutes !== undefined) {
    const size = minutes * MINUTE_MS;
    const start = t - ((((t + SEOUL_OFFSET_MS) % size) + size) % size);
    return [start, start + size];
  }
  const day = seoulDayNumber(t);
  if (interval === '1d') return [seoulMidnight(day), seoulMidnight(day + 1)];
  if (interval === '1w') {
    const monday = day - ((weekdayOfDay(day) + 6) % 7);
    return [seoulMidnight(monday), seoulMidnight(monday + 7)];
  }
  const d = new Date(day * DAY_MS);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) / DAY_MS;
  const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) / DAY_MS;
  return [seoulMidnight(first), seoulMidnight(next)];
}

// Field offsets inside one open candle's slot.
const START = 0;
const END = 1;
const OPEN = 2;
const HIGH = 3;
const LOW = 4;
const CLOSE = 5;
const VOLUME = 6;
const TURNOVER = 7;
const FIELDS = 8;

export interface CandleStoreOptions {
  readonly intervals?: readonly CandleInterval[];
  /** Completed candles kept per symbol and interval (oldest dropped first). */
  readonly historyLimit?: number;
}

export class CandleStore {
  readonly intervals: readonly CandleInterval[];
  private readonly k: number;
  private readonly open: Float64Array;
  private readonly done: Candle[][];
  private readonly historyLimit: number;

  constructor(
    readonly size: number,
    options: CandleStoreOptions = {},
  ) {
    this.intervals = options.intervals ?? CANDLE_INTERVALS;
    this.k = this.intervals.length;
    this.historyLimit = options.historyLimit ?? 2_000;
    this.open = new Float64Array(size * this.k * FIELDS);
    // END = 0 marks "no open candle": any trade time is past it.
    this.done = Array.from({ length: size * this.k }, () => []);
  }

  /** Adds a trade to every interval's open candle, closing buckets the trade has moved past. */
  add(i: number, t: number, price: number, qty: number): void {
    const o = this.open;
    for (let k = 0; k < this.k; k++) {
      const base = (i * this.k + k) * FIELDS;
      if (t >= o[base + END]! || t < o[base + START]!) {
        this.roll(i, k, t);
        o[base + OPEN] = price;
        o[base + HIGH] = price;
        o[base + LOW] = price;
        o[base + VOLUME] = 0;
        o[base + TURNOVER] = 0;
      } else {
        if (price > o[base + HIGH]!) o[base + HIGH] = price;
        if (price < o[base + LOW]!) o[base + LOW] = price;
      }
      o[base + CLOSE] = price;
      o[base + VOLUME] = o[base + VOLUME]! + qty;
      o[base + TURNOVER] = o[base + TURNOVER]! + price * qty;
    }
  }

  private roll(i: number, k: number, t: number): void {
    const base = (i * this.k + k) * FIELDS;
    const o = this.open;
    if (o[base + END]! > 0) this.push(i, k, this.read(base));
    const [start, end] = bucketOf(this.intervals[k]!, t);
    o[base + START] = start;
    o[base + END] = end;
  }

  private push(i: number, k: number, candle: Candle): void {
    const list = this.done[i * this.k + k]!;
    list.push(candle);
    if (list.length > this.historyLimit) list.splice(0, list.length - this.historyLimit);
  }

  private read(base: number): Candle {
    const o = this.open;
    return {
      start: o[base + START]!,
      open: o[base + OPEN]!,
      high: o[base + HIGH]!,
      low: o[base + LOW]!,
      close: o[base + CLOSE]!,
      volume: o[base + VOLUME]!,
      turnover: o[base + TURNOVER]!,
    };
  }

  private slot(interval: CandleInterval): number {
    const k = this.intervals.indexOf(interval);
    if (k < 0) throw new Error(`Interval ${interval} is not kept`);
    return k;
  }

  /** The open (still-forming) candle, or null before the symbol's first trade. */
  current(i: number, interval: CandleInterval): Candle | null {
    const base = (i * this.k + this.slot(interval)) * FIELDS;
    return this.open[base + END]! > 0 ? this.read(base) : null;
  }

  /** Completed candles followed by the open one, oldest first. */
  list(i: number, interval: CandleInterval): Candle[] {
    const k = this.slot(interval);
    const current = this.current(i, interval);
    const done = this.done[i * this.k + k]!;
    return current ? [...done, current] : [...done];
  }

  /**
   * Puts history in front of what was built from trades (e.g. daily bars from before the feed
   * started). Candles at or after the first built one are ignored, so seeding twice is harmless.
   */
  seed(i: number, interval: CandleInterval, history: readonly Candle[]): void {
    const k = this.slot(interval);
    const list = this.done[i * this.k + k]!;
    const firstBuilt = list[0]?.start ?? this.current(i, interval)?.start ?? Infinity;
    const earlier = history.filter((c) => c.start < firstBuilt);
    list.unshift(...earlier);
    if (list.length > this.historyLimit) list.splice(0, list.length - this.historyLimit);
  }
}

/**
 * Applies corporate actions to a candle series.
 * - backward (수정주가, the usual chart view): candles before each action's date are rescaled to the
 *   current basis; the latest candles show what trades today.
 * - forward: candles from each action's date on are rescaled to the old basis, so the earliest
 *   candles stay as they traded.
 * - none: as traded.
 * Prices round to whole won (adjusted history is not on the tick grid, as in any adjusted series);
 * volumes scale inversely so traded value is kept.
 */
export function adjustCandles(
  candles: readonly Candle[],
  actions: readonly CorporateAction[],
  mode: Adjustment,
): Candle[] {
  if (mode === 'none' || actions.length === 0) return candles.slice();
  const cuts = actions.map((a) => ({ at: seoulMidnight(isoDay(a.date)), factor: a.factor }));
  return candles.map((c) => {
    let factor = 1;
    for (const cut of cuts) {
      if (mode === 'backward' && c.start < cut.at) factor *= cut.factor;
      if (mode === 'forward' && c.start >= cut.at) factor /= cut.factor;
    }
    if (factor === 1) return c;
    return {
      start: c.start,
      open: Math.round(c.open * factor),
      high: Math.round(c.high * factor),
      low: Math.round(c.low * factor),
      close: Math.round(c.close * factor),
      volume: Math.round(c.volume / factor),
      turnover: c.turnover,
    };
  });
}

function isoDay(date: string): number {
  return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** Aggregates (daily) candles into weeks or months, e.g. after adjusting the days. */
export function aggregateCandles(candles: readonly Candle[], interval: CandleInterval): Candle[] {
  const out: Candle[] = [];
  let cur: { -readonly [K in keyof Candle]: Candle[K] } | undefined;
  for (const c of candles) {
    const [start] = bucketOf(interval, c.start);
    if (!cur || cur.start !== start) {
      if (cur) out.push(cur);
      cur = { ...c, start };
    } else {
      cur.high = Math.max(cur.high, c.high);
      cur.low = Math.min(cur.low, c.low);
      cur.close = c.close;
      cur.volume += c.volume;
      cur.turnover += c.turnover;
    }
  }
  if (cur) out.push(cur);
  return out;
}
