/**
 * Per-symbol market state shared by the simulator and the replay feed: last price, day OHLC,
 * volume, limits, book touch, candles, investor flows, short selling and a short tape of recent
 * trades. All of it lives in typed arrays sized once, so recording a trade allocates nothing unless
 * someone is listening to that symbol.
 */
import { CandleStore } from './candles';
import { typicalLevelSize } from './instruments';
import { OrderBookStore } from './order-book';
import { priceLimits, type PriceLimits } from './price-limits';
import { dayToIsoDate } from './seoul-time';
import type {
  Candle,
  CandleInterval,
  Instrument,
  InvestorFlowSide,
  InvestorFlows,
  InvestorType,
  OrderBookSnapshot,
  Quote,
  ShortSelling,
  Trade,
} from './types';

export const INVESTOR_TYPES: readonly InvestorType[] = ['individual', 'foreign', 'institution'];
/** Recent trades kept per symbol for `trades()`. */
export const TAPE_LENGTH = 64;

// Trade flag bits on the tape.
const FLAG_BUY = 1;
const FLAG_OFF_HOURS = 2;
const FLAG_AUCTION = 4;

export interface TradeInput {
  readonly time: number;
  readonly price: number;
  readonly qty: number;
  readonly buyerInitiated: boolean;
  readonly offHours: boolean;
  readonly auction: boolean;
  /** Index into INVESTOR_TYPES. */
  readonly buyerType: number;
  readonly sellerType: number;
  readonly short: boolean;
}

type Listener<T> = (value: T) => void;
interface BookListener {
  readonly depth: number;
  readonly fn: Listener<OrderBookSnapshot>;
}
interface CandleListener {
  readonly interval: CandleInterval;
  readonly fn: Listener<Candle>;
}

export class MarketState {
  readonly n: number;
  readonly codeIndex: Map<string, number>;
  readonly last: Int32Array;
  readonly prevClose: Int32Array;
  readonly open: Int32Array;
  readonly high: Int32Array;
  readonly low: Int32Array;
  readonly upper: Int32Array;
  readonly lower: Int32Array;
  readonly afterHoursPrice: Int32Array;
  readonly volume: Float64Array;
  readonly turnover: Float64Array;
  readonly lastTime: Float64Array;
  readonly seq: Uint32Array;
  readonly shares: Float64Array;
  /** End of a VI call auction (epoch ms), 0 when none. */
  readonly viUntil: Float64Array;
  readonly halted: Uint8Array;
  /** Per symbol: [type][buyQty, sellQty, buyAmount, sellAmount]. */
  readonly flows: Float64Array;
  readonly shortQty: Float64Array;
  readonly shortAmount: Float64Array;
  readonly book: OrderBookStore;
  readonly candles: CandleStore;
  /** The trading day (Seoul day number) of each symbol's day fields. */
  readonly day: Int32Array;
  /** True while the whole market is in a call auction (books are indicative). */
  marketAuction = false;

  private readonly tapeTime: Float64Array;
  private readonly tapePrice: Int32Array;
  private readonly tapeQty: Float64Array;
  private readonly tapeFlags: Uint8Array;
  private readonly tapeSeq: Uint32Array;
  private readonly tapeCount: Uint32Array;

  /** Non-zero when anything listens to the symbol: the only case in which a trade builds objects. */
  private readonly watched: Uint16Array;
  private readonly tradeListeners: (Set<Listener<Trade>> | undefined)[];
  private readonly quoteListeners: (Set<Listener<Quote>> | undefined)[];
  private readonly bookListeners: (Set<BookListener> | undefined)[];
  private readonly candleListeners: (Set<CandleListener> | undefined)[];

  constructor(
    readonly instruments: readonly Instrument[],
    readonly seed: string | number,
    readonly simulated: boolean,
  ) {
    const n = instruments.length;
    this.n = n;
    this.codeIndex = new Map(instruments.map((x, i) => [x.code, i]));
    this.last = new Int32Array(n);
    this.prevClose = new Int32Array(n);
    this.open = new Int32Array(n);
    this.high = new Int32Array(n);
    this.low = new Int32Array(n);
    this.upper = new Int32Array(n);
    this.lower = new Int32Array(n);
    this.afterHoursPrice = new Int32Array(n);
    this.volume = new Float64Array(n);
    this.turnover = new Float64Array(n);
    this.lastTime = new Float64Array(n);
    this.seq = new Uint32Array(n);
    this.shares = Float64Array.from(instruments, (x) => x.listedShares);
    this.viUntil = new Float64Array(n);
    this.halted = new Uint8Array(n);
    this.flows = new Float64Array(n * 12);
    this.shortQty = new Float64Array(n);
    this.shortAmount = new Float64Array(n);
    this.day = new Int32Array(n);
    this.book = new OrderBookStore(n, seed);
    this.candles = new CandleStore(n);
    this.tapeTime = new Float64Array(n * TAPE_LENGTH);
    this.tapePrice = new Int32Array(n * TAPE_LENGTH);
    this.tapeQty = new Float64Array(n * TAPE_LENGTH);
    this.tapeFlags = new Uint8Array(n * TAPE_LENGTH);
    this.tapeSeq = new Uint32Array(n * TAPE_LENGTH);
    this.tapeCount = new Uint32Array(n);
    this.watched = new Uint16Array(n);
    this.tradeListeners = new Array<undefined>(n);
    this.quoteListeners = new Array<undefined>(n);
    this.bookListeners = new Array<undefined>(n);
    this.candleListeners = new Array<undefined>(n);
    instruments.forEach((x, i) => {
      this.book.setDepthUnit(i, typicalLevelSize(x));
      this.rollDay(i, 0, x.referencePrice);
    });
  }

  limits(i: number): PriceLimits {
    return { upper: this.upper[i]!, lower: this.lower[i]! };
  }

  /** Starts a new trading day for symbol i with the given base price (usually yesterday's close). */
  rollDay(i: number, day: number, base: number): void {
    const limits = priceLimits(base);
    this.day[i] = day;
    this.prevClose[i] = base;
    this.last[i] = base;
    this.upper[i] = limits.upper;
    this.lower[i] = limits.lower;
    this.open[i] = 0;
    this.high[i] = 0;
    this.low[i] = 0;
    this.afterHoursPrice[i] = 0;
    this.volume[i] = 0;
    this.turnover[i] = 0;
    this.seq[i] = 0;
    this.viUntil[i] = 0;
    this.shortQty[i] = 0;
    this.shortAmount[i] = 0;
    this.flows.fill(0, i * 12, i * 12 + 12);
    this.book.centre(i, base, limits);
  }

  /** Hot path: records one trade. Regular trades move the price; off-hours ones only add volume. */
  recordTrade(i: number, tr: TradeInput): void {
    const { time, price, qty } = tr;
    const amount = price * qty;
    const s = ++this.seq[i]!;
    this.lastTime[i] = time;
    this.volume[i] = this.volume[i]! + qty;
    this.turnover[i] = this.turnover[i]! + amount;
    if (tr.offHours) {
      this.afterHoursPrice[i] = price;
    } else {
      this.last[i] = price;
      if (this.open[i] === 0) this.open[i] = price;
      if (price > this.high[i]!) this.high[i] = price;
      if (this.low[i] === 0 || price < this.low[i]!) this.low[i] = price;
      this.book.afterTrade(i, price, tr.buyerInitiated, this.limits(i));
      this.candles.add(i, time, price, qty);
    }
    const f = i * 12;
    const fl = this.flows;
    const b = f + tr.buyerType * 4;
    const sl = f + tr.sellerType * 4;
    fl[b] = fl[b]! + qty;
    fl[sl + 1] = fl[sl + 1]! + qty;
    fl[b + 2] = fl[b + 2]! + amount;
    fl[sl + 3] = fl[sl + 3]! + amount;
    if (tr.short) {
      this.shortQty[i] = this.shortQty[i]! + qty;
      this.shortAmount[i] = this.shortAmount[i]! + amount;
    }
    const slot = i * TAPE_LENGTH + (this.tapeCount[i]! % TAPE_LENGTH);
    this.tapeCount[i] = this.tapeCount[i]! + 1;
    this.tapeTime[slot] = time;
    this.tapePrice[slot] = price;
    this.tapeQty[slot] = qty;
    this.tapeSeq[slot] = s;
    this.tapeFlags[slot] =
      (tr.buyerInitiated ? FLAG_BUY : 0) |
      (tr.offHours ? FLAG_OFF_HOURS : 0) |
      (tr.auction ? FLAG_AUCTION : 0);
    if (this.watched[i]) this.publishTrade(i, slot);
  }

  private tradeAt(i: number, slot: number): Trade {
    const flags = this.tapeFlags[slot]!;
    return {
      code: this.instruments[i]!.code,
      time: this.tapeTime[slot]!,
      price: this.tapePrice[slot]!,
      qty: this.tapeQty[slot]!,
      side: flags & FLAG_BUY ? 'buy' : 'sell',
      session: flags & FLAG_OFF_HOURS ? 'off-hours' : 'regular',
      auction: (flags & FLAG_AUCTION) !== 0,
      seq: this.tapeSeq[slot]!,
    };
  }

  private publishTrade(i: number, slot: number): void {
    const trades = this.tradeListeners[i];
    if (trades?.size) {
      const trade = this.tradeAt(i, slot);
      for (const fn of trades) fn(trade);
    }
    const candles = this.candleListeners[i];
    if (candles?.size && !(this.tapeFlags[slot]! & FLAG_OFF_HOURS)) {
      for (const l of candles) {
        const c = this.candles.current(i, l.interval);
        if (c) l.fn(c);
      }
    }
    this.publishStatus(i);
  }

  /** Publishes the quote and book of a symbol (after a trade, or when its status changed). */
  publishStatus(i: number): void {
    if (!this.watched[i]) return;
    const quotes = this.quoteListeners[i];
    if (quotes?.size) {
      const q = this.quote(i);
      for (const fn of quotes) fn(q);
    }
    const books = this.bookListeners[i];
    if (books?.size) {
      const full = this.orderBook(i, 10);
      for (const l of books) {
        l.fn(
          l.depth >= 10
            ? full
            : { ...full, bids: full.bids.slice(0, l.depth), asks: full.asks.slice(0, l.depth) },
        );
      }
    }
  }

  /** Recent trades, newest first. */
  recentTrades(i: number, limit = TAPE_LENGTH): Trade[] {
    const count = this.tapeCount[i]!;
    const out: Trade[] = [];
    for (let k = 1; k <= Math.min(limit, count, TAPE_LENGTH); k++) {
      out.push(this.tradeAt(i, i * TAPE_LENGTH + ((count - k) % TAPE_LENGTH)));
    }
    return out;
  }

  /** Forgets the tape (a new day). */
  clearTape(i: number): void {
    this.tapeCount[i] = 0;
  }

  inAuction(i: number): boolean {
    return this.marketAuction || this.viUntil[i]! > 0 || this.halted[i] === 1;
  }

  quote(i: number): Quote {
    const x = this.instruments[i]!;
    const price = this.last[i]!;
    const prev = this.prevClose[i]!;
    const bid = this.book.bid[i]!;
    const ask = this.book.ask[i]!;
    return {
      code: x.code,
      name: x.nameKo,
      nameEn: x.nameEn,
      market: x.market,
      time: this.lastTime[i]!,
      price,
      prevClose: prev,
      change: price - prev,
      changeRate: Math.round((price / prev - 1) * 1e6) / 1e6,
      open: this.open[i] || null,
      high: this.high[i] || null,
      low: this.low[i] || null,
      volume: this.volume[i]!,
      turnover: this.turnover[i]!,
      marketCap: price * this.shares[i]!,
      upperLimit: this.upper[i]!,
      lowerLimit: this.lower[i]!,
      bid: bid || null,
      ask: ask || null,
      vi: this.viUntil[i]! > 0,
      halted: this.halted[i] === 1,
      afterHoursPrice: this.afterHoursPrice[i] || null,
      simulated: this.simulated,
    };
  }

  orderBook(i: number, depth: number): OrderBookSnapshot {
    const { bids, asks } = this.book.levels(i, depth, this.limits(i));
    let totalBidQty = 0;
    let totalAskQty = 0;
    for (const l of bids) totalBidQty += l.qty;
    for (const l of asks) totalAskQty += l.qty;
    return {
      code: this.instruments[i]!.code,
      time: this.lastTime[i]!,
      bids,
      asks,
      totalBidQty,
      totalAskQty,
      auction: this.inAuction(i),
      simulated: this.simulated,
    };
  }

  private flowSides(indices: Iterable<number>): Record<InvestorType, InvestorFlowSide> {
    const acc = new Float64Array(12);
    for (const i of indices)
      for (let k = 0; k < 12; k++) acc[k] = acc[k]! + this.flows[i * 12 + k]!;
    const side = (t: number): InvestorFlowSide => {
      const [buyQty, sellQty, buyAmount, sellAmount] = [0, 1, 2, 3].map((k) => acc[t * 4 + k]!) as [
        number,
        number,
        number,
        number,
      ];
      return {
        buyQty,
        sellQty,
        netQty: buyQty - sellQty,
        buyAmount,
        sellAmount,
        netAmount: buyAmount - sellAmount,
      };
    };
    return { individual: side(0), foreign: side(1), institution: side(2) };
  }

  investorFlows(scope: string): InvestorFlows | undefined {
    const i = this.codeIndex.get(scope);
    let members: number[];
    if (i !== undefined) members = [i];
    else if (scope === 'KOSPI' || scope === 'KOSDAQ') {
      members = [];
      this.instruments.forEach((x, k) => {
        if (x.market === scope) members.push(k);
      });
    } else return undefined;
    return {
      scope,
      date: dayToIsoDate(this.day[members[0] ?? 0] ?? 0),
      byType: this.flowSides(members),
      simulated: this.simulated,
    };
  }

  shortSelling(i: number): ShortSelling {
    const volume = this.volume[i]!;
    return {
      code: this.instruments[i]!.code,
      date: dayToIsoDate(this.day[i]!),
      shortQty: this.shortQty[i]!,
      shortAmount: this.shortAmount[i]!,
      volume,
      ratio: volume > 0 ? Math.round((this.shortQty[i]! / volume) * 1e6) / 1e6 : 0,
      simulated: this.simulated,
    };
  }

  // ---- listeners: each returns its own removal, for Observable teardown ----

  private watch<T>(lists: (Set<T> | undefined)[], i: number, item: T): () => void {
    const set = (lists[i] ??= new Set());
    set.add(item);
    this.watched[i] = this.watched[i]! + 1;
    return () => {
      if (set.delete(item)) this.watched[i] = this.watched[i]! - 1;
    };
  }

  onTrade(i: number, fn: Listener<Trade>): () => void {
    return this.watch(this.tradeListeners, i, fn);
  }
  onQuote(i: number, fn: Listener<Quote>): () => void {
    return this.watch(this.quoteListeners, i, fn);
  }
  onBook(i: number, depth: number, fn: Listener<OrderBookSnapshot>): () => void {
    return this.watch(this.bookListeners, i, { depth, fn });
  }
  onCandle(i: number, interval: CandleInterval, fn: Listener<Candle>): () => void {
    return this.watch(this.candleListeners, i, { interval, fn });
  }
}
