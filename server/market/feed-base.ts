/**
 * What the simulator and the replay feed share: the MarketFeed queries and streams over a
 * MarketState. Subclasses decide how prices arrive (advanceTo) and supply indices, FX and the
 * session.
 */
import { Observable } from 'rxjs';
import { adjustCandles, aggregateCandles, CandleStore } from './candles';
import type { BookDepth, CandleQuery, MarketFeed } from './feed';
import { INDEX_NAMES } from './indices';
import type { MarketState } from './market-state';
import type {
  Candle,
  CandleInterval,
  CorporateAction,
  FeedSessionState,
  FeedSource,
  FxRate,
  IndexName,
  IndexQuote,
  IndustryGroup,
  Instrument,
  InvestorFlows,
  Market,
  OrderBookSnapshot,
  Quote,
  RankingEntry,
  RankingKind,
  ShortSelling,
  Trade,
} from './types';

/** A tiny multicast list: subclasses publish, Observables subscribe. */
export class Broadcast<T> {
  private readonly listeners = new Set<(value: T) => void>();
  get active(): boolean {
    return this.listeners.size > 0;
  }
  emit(value: T): void {
    for (const fn of this.listeners) fn(value);
  }
  asObservable(): Observable<T> {
    return new Observable<T>((subscriber) => {
      const fn = (value: T) => subscriber.next(value);
      this.listeners.add(fn);
      return () => this.listeners.delete(fn);
    });
  }
}

export abstract class FeedBase implements MarketFeed {
  abstract readonly source: FeedSource;
  readonly simulated: boolean;
  protected readonly actions = new Map<string, CorporateAction[]>();
  /** Index levels as candles (the publisher feeds them once a second). */
  protected readonly indexCandleStore = new CandleStore(INDEX_NAMES.length);
  protected readonly indexBroadcast = new Broadcast<IndexQuote[]>();
  protected readonly fxBroadcast = new Broadcast<FxRate[]>();
  protected readonly sessionBroadcast = new Broadcast<FeedSessionState>();

  protected constructor(protected readonly state: MarketState) {
    this.simulated = state.simulated;
  }

  abstract now(): number;
  abstract advanceTo(t: number): void;
  abstract indices(): IndexQuote[];
  abstract fxRates(): FxRate[];
  abstract session(): FeedSessionState;

  /** Daily candles from before the feed started (synthetic or recorded); none by default. */
  protected dailyHistory(_i: number): Candle[] {
    return [];
  }

  protected indexOf(code: string): number | undefined {
    return this.state.codeIndex.get(code);
  }

  instruments(): readonly Instrument[] {
    return this.state.instruments;
  }

  instrument(code: string): Instrument | undefined {
    const i = this.indexOf(code);
    return i === undefined ? undefined : this.state.instruments[i];
  }

  quote(code: string): Quote | undefined {
    const i = this.indexOf(code);
    return i === undefined ? undefined : this.state.quote(i);
  }

  quotes(codes?: readonly string[]): Quote[] {
    if (!codes) return this.state.instruments.map((_, i) => this.state.quote(i));
    return codes.flatMap((c) => {
      const q = this.quote(c);
      return q ? [q] : [];
    });
  }

  book(code: string, depth: BookDepth = 10): OrderBookSnapshot | undefined {
    const i = this.indexOf(code);
    return i === undefined ? undefined : this.state.orderBook(i, depth);
  }

  trades(code: string, limit?: number): Trade[] {
    const i = this.indexOf(code);
    return i === undefined ? [] : this.state.recentTrades(i, limit);
  }

  corporateActions(code: string): CorporateAction[] {
    return [...(this.actions.get(code) ?? [])];
  }

  candles(code: string, interval: CandleInterval, query: CandleQuery = {}): Candle[] {
    const i = this.indexOf(code);
    if (i === undefined) return [];
    const actions = this.actions.get(code) ?? [];
    const adjust = query.adjust ?? 'backward';
    const history = this.dailyHistory(i);
    const daily = () => this.state.candles.seed(i, '1d', history);
    daily();
    let out: Candle[];
    if (interval === '1w' || interval === '1M') {
      // Weeks and months are built from adjusted days, so a bucket that spans an action is right.
      out = aggregateCandles(
        adjustCandles(this.state.candles.list(i, '1d'), actions, adjust),
        interval,
      );
    } else {
      out = adjustCandles(this.state.candles.list(i, interval), actions, adjust);
    }
    return query.limit === undefined ? out : out.slice(-query.limit);
  }

  indexCandles(name: IndexName, interval: CandleInterval, limit?: number): Candle[] {
    const k = INDEX_NAMES.indexOf(name);
    if (k < 0) return [];
    const out =
      interval === '1w' || interval === '1M'
        ? aggregateCandles(this.indexCandleStore.list(k, '1d'), interval)
        : this.indexCandleStore.list(k, interval);
    return limit === undefined ? out : out.slice(-limit);
  }

  investorFlows(scope: string): InvestorFlows | undefined {
    return this.state.investorFlows(scope);
  }

  shortSelling(code: string): ShortSelling | undefined {
    const i = this.indexOf(code);
    return i === undefined ? undefined : this.state.shortSelling(i);
  }

  rankings(kind: RankingKind, options: { market?: Market; limit?: number } = {}): RankingEntry[] {
    const s = this.state;
    const rows: number[] = [];
    for (let i = 0; i < s.n; i++) {
      if (!options.market || s.instruments[i]!.market === options.market) rows.push(i);
    }
    const rate = (i: number) => s.last[i]! / s.prevClose[i]! - 1;
    const key: Record<RankingKind, (i: number) => number> = {
      gainers: rate,
      losers: (i) => -rate(i),
      volume: (i) => s.volume[i]!,
      turnover: (i) => s.turnover[i]!,
      'market-cap': (i) => s.last[i]! * s.shares[i]!,
    };
    const by = key[kind];
    // Ties break on code so the order is stable and the same for the same market.
    rows.sort(
      (a, b) => by(b) - by(a) || (s.instruments[a]!.code < s.instruments[b]!.code ? -1 : 1),
    );
    return rows.slice(0, options.limit ?? 30).map((i, r) => {
      const q = s.quote(i);
      return {
        rank: r + 1,
        code: q.code,
        name: q.name,
        nameEn: q.nameEn,
        market: q.market,
        price: q.price,
        changeRate: q.changeRate,
        volume: q.volume,
        turnover: q.turnover,
        marketCap: q.marketCap,
      };
    });
  }

  industries(market?: Market): IndustryGroup[] {
    const s = this.state;
    const groups = new Map<string, number[]>();
    s.instruments.forEach((x, i) => {
      if (market && x.market !== market) return;
      const list = groups.get(x.industry) ?? [];
      list.push(i);
      groups.set(x.industry, list);
    });
    return [...groups.entries()]
      .map(([industry, members]) => {
        let capNow = 0;
        let capPrev = 0;
        let advancers = 0;
        let decliners = 0;
        let turnover = 0;
        let leader = members[0]!;
        let best = -Infinity;
        for (const i of members) {
          const last = s.last[i]!;
          const prev = s.prevClose[i]!;
          capNow += last * s.shares[i]!;
          capPrev += prev * s.shares[i]!;
          turnover += s.turnover[i]!;
          if (last > prev) advancers++;
          else if (last < prev) decliners++;
          if (last / prev > best) {
            best = last / prev;
            leader = i;
          }
        }
        return {
          industry,
          industryNames: s.instruments[members[0]!]!.industryNames,
          count: members.length,
          changeRate: Math.round((capNow / capPrev - 1) * 1e6) / 1e6,
          advancers,
          decliners,
          unchanged: members.length - advancers - decliners,
          turnover,
          leader: s.instruments[leader]!.code,
        };
      })
      .sort((a, b) => b.changeRate - a.changeRate || (a.industry < b.industry ? -1 : 1));
  }

  /** An Observable over one symbol's listener list; unknown codes complete at once. */
  private symbolStream<T>(
    code: string,
    attach: (i: number, fn: (value: T) => void) => () => void,
  ): Observable<T> {
    return new Observable<T>((subscriber) => {
      const i = this.indexOf(code);
      if (i === undefined) {
        subscriber.complete();
        return undefined;
      }
      return attach(i, (value) => subscriber.next(value));
    });
  }

  quotes$(code: string): Observable<Quote> {
    return this.symbolStream(code, (i, fn) => this.state.onQuote(i, fn));
  }

  book$(code: string, depth: BookDepth = 10): Observable<OrderBookSnapshot> {
    return this.symbolStream(code, (i, fn) => this.state.onBook(i, depth, fn));
  }

  trades$(code: string): Observable<Trade> {
    return this.symbolStream(code, (i, fn) => this.state.onTrade(i, fn));
  }

  candles$(code: string, interval: CandleInterval): Observable<Candle> {
    return this.symbolStream(code, (i, fn) => this.state.onCandle(i, interval, fn));
  }

  indices$(): Observable<IndexQuote[]> {
    return this.indexBroadcast.asObservable();
  }

  fx$(): Observable<FxRate[]> {
    return this.fxBroadcast.asObservable();
  }

  session$(): Observable<FeedSessionState> {
    return this.sessionBroadcast.asObservable();
  }
}
