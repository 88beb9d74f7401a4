/**
 * A MarketFeed that plays recorded ticks from a file (format: docs/market.md, "Replay files").
 * Stock rows are trades; rows whose code is an index name set that index's level. The feed builds
 * quotes, books, candles and day statistics from the trades with the same machinery as the
 * simulator, so everything downstream cannot tell the two apart except by `source`.
 *
 * The recording is trusted: prices are not re-checked against tick or limit rules (adjusted history
 * can break them), but the limits shown widen to include any recorded price so books stay sane.
 */
import type { TradingCalendar } from './calendar';
import { parseCsvRecords } from './csv';
import { loadCalendar, loadFxReference, loadInstruments, type FxReference } from './data-files';
import { FeedBase } from './feed-base';
import { FxBoard } from './fx';
import { INDEX_NAMES } from './indices';
import { MarketState } from './market-state';
import { SessionClock } from './sessions';
import { seoulDayNumber } from './seoul-time';
import type { FeedSessionState, FxRate, IndexName, IndexQuote, Instrument } from './types';

export interface RecordedTick {
  readonly time: number;
  readonly code: string;
  readonly price: number;
  readonly qty: number;
  /** 'B' buyer-initiated, 'S' seller-initiated, '' unknown (inferred from the tick direction). */
  readonly side: 'B' | 'S' | '';
}

/** Parses a maru-ticks v1 file. Times are ISO 8601 with an offset, or epoch milliseconds. */
export function parseTicks(text: string): RecordedTick[] {
  return parseCsvRecords(text).map((r, k) => {
    const rawTime = r.time ?? '';
    const time = /^\d+$/.test(rawTime) ? Number(rawTime) : Date.parse(rawTime);
    const price = Number(r.price);
    const qty = Number(r.qty || 0);
    const side = r.side === 'B' || r.side === 'S' ? r.side : '';
    if (!Number.isFinite(time) || !(price > 0) || !(qty >= 0) || !r.code) {
      throw new Error(`Tick file row ${k + 2} is not a valid tick`);
    }
    return { time, code: r.code, price, qty, side };
  });
}

export interface ReplayOptions {
  /** The recording: file text or parsed ticks. */
  readonly ticks: string | readonly RecordedTick[];
  /**
   * Epoch ms at which the first tick plays. Default: the recorded time, so drive the feed with a
   * clock set to the recording's dates. With a start, the whole recording shifts by the same amount.
   */
  readonly start?: number;
  /** Names and sizes for the recorded codes; default the project's universe file. */
  readonly instruments?: readonly Instrument[];
  readonly calendar?: TradingCalendar;
  readonly fxReference?: readonly FxReference[];
  readonly seed?: string | number;
}

export class ReplayFeed extends FeedBase {
  readonly source = 'replay' as const;
  private readonly ticks: readonly RecordedTick[];
  private readonly offset: number;
  private cursor = 0;
  private time: number;
  private readonly sessions: SessionClock;
  private readonly fx: FxBoard;
  private readonly index = INDEX_NAMES.map(() => ({
    value: 0,
    prevClose: 0,
    open: 0,
    high: 0,
    low: 0,
    day: -1,
    time: 0,
  }));

  constructor(options: ReplayOptions) {
    const ticks = (
      typeof options.ticks === 'string' ? parseTicks(options.ticks) : [...options.ticks]
    )
      .map((t, k) => ({ t, k }))
      // A stable sort by time: rows recorded at the same instant keep the file's order.
      .sort((a, b) => a.t.time - b.t.time || a.k - b.k)
      .map(({ t }) => t);
    const universe = options.instruments ?? loadInstruments();
    const known = new Map(universe.map((x) => [x.code, x]));
    const codes = [...new Set(ticks.map((t) => t.code))].filter(
      (c) => !INDEX_NAMES.includes(c as IndexName),
    );
    const firstPrice = new Map<string, number>();
    for (const t of ticks) if (!firstPrice.has(t.code)) firstPrice.set(t.code, t.price);
    const instruments = codes.sort().map(
      (code): Instrument =>
        known.get(code) ?? {
          code,
          nameKo: code,
          nameEn: code,
          market: 'KOSPI',
          industry: '',
          industryNames: { ko: '', en: '', 'zh-CN': '', 'zh-TW': '' },
          listedShares: 0,
          referencePrice: firstPrice.get(code)!,
          dailyVol: 0.02,
          beta: 1,
          kospi200: false,
        },
    );
    const seed = options.seed ?? 'replay';
    super(new MarketState(instruments, seed, true));
    this.ticks = ticks;
    const first = ticks[0]?.time ?? options.start ?? 0;
    this.offset = options.start === undefined ? 0 : options.start - first;
    this.time = first + this.offset - 1;
    this.sessions = new SessionClock({ calendar: options.calendar ?? loadCalendar(), seed });
    this.fx = new FxBoard(options.fxReference ?? loadFxReference(), seed);
    // Before a symbol's first recorded day, its base is its first recorded price.
    instruments.forEach((x, i) => {
      const p = firstPrice.get(x.code)!;
      this.state.rollDay(i, -1, p);
    });
  }

  now(): number {
    return this.time;
  }

  /** True once every recorded tick has played. */
  get finished(): boolean {
    return this.cursor >= this.ticks.length;
  }

  advanceTo(t: number): void {
    if (!(t > this.time)) return;
    const touchedIndex = new Set<number>();
    while (this.cursor < this.ticks.length) {
      const tick = this.ticks[this.cursor]!;
      const time = tick.time + this.offset;
      if (time > t) break;
      this.cursor++;
      const k = INDEX_NAMES.indexOf(tick.code as IndexName);
      if (k >= 0) {
        this.playIndex(k, time, tick.price);
        touchedIndex.add(k);
      } else this.playTrade(tick, time);
    }
    this.time = t;
    this.fx.step(t);
    if (touchedIndex.size && this.indexBroadcast.active) this.indexBroadcast.emit(this.indices());
    if (this.fxBroadcast.active) this.fxBroadcast.emit(this.fxRates());
  }

  private playTrade(tick: RecordedTick, time: number): void {
    const s = this.state;
    const i = s.codeIndex.get(tick.code);
    if (i === undefined) return;
    const day = seoulDayNumber(time);
    if (s.day[i] !== day) {
      s.rollDay(i, day, s.last[i]!);
      s.clearTape(i);
    }
    if (tick.price > s.upper[i]!) s.upper[i] = tick.price;
    if (tick.price < s.lower[i]!) s.lower[i] = tick.price;
    const buyer = tick.side === '' ? tick.price >= s.last[i]! : tick.side === 'B';
    s.recordTrade(i, {
      time,
      price: tick.price,
      qty: tick.qty,
      buyerInitiated: buyer,
      offHours: false,
      auction: false,
      // Recordings carry no investor types: flows stay empty rather than invented.
      buyerType: 0,
      sellerType: 0,
      short: false,
    });
  }

  private playIndex(k: number, time: number, value: number): void {
    const x = this.index[k]!;
    const day = seoulDayNumber(time);
    if (x.day !== day) {
      x.prevClose = x.value || value;
      x.open = value;
      x.high = value;
      x.low = value;
      x.day = day;
    }
    x.value = value;
    x.time = time;
    if (value > x.high) x.high = value;
    if (value < x.low) x.low = value;
    this.indexCandleStore.add(k, time, value, 0);
  }

  indices(): IndexQuote[] {
    return INDEX_NAMES.flatMap((name, k) => {
      const x = this.index[k]!;
      if (x.day < 0) return [];
      return [
        {
          name,
          time: x.time,
          value: x.value,
          prevClose: x.prevClose,
          change: Math.round((x.value - x.prevClose) * 100) / 100,
          changeRate: Math.round((x.value / x.prevClose - 1) * 1e6) / 1e6,
          open: x.open,
          high: x.high,
          low: x.low,
          simulated: true,
        },
      ];
    });
  }

  fxRates(): FxRate[] {
    return this.fx.rates(true);
  }

  session(): FeedSessionState {
    return {
      ...this.sessions.state(this.time),
      source: this.source,
      simulated: true,
      haltedMarkets: [],
    };
  }
}
