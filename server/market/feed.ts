/**
 * The MarketFeed interface: everything the server reads about the market goes through it, so the
 * simulator, the replay feed and a future broker adapter are interchangeable (ARCHITECTURE.md,
 * rule 4). Snapshots are plain method calls; live data are RxJS Observables whose names end in $.
 * Every payload says whether it is simulated.
 */
import type { Observable } from 'rxjs';
import type {
  Adjustment,
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

export type BookDepth = 5 | 10;

export interface CandleQuery {
  /** Default 'backward' (adjusted prices, the usual chart view). */
  readonly adjust?: Adjustment;
  /** The most recent `limit` candles. */
  readonly limit?: number;
}

export interface MarketFeed {
  readonly source: FeedSource;
  /** True unless prices come from a real market. Screens must say so when true. */
  readonly simulated: boolean;

  /** The feed's current time (epoch ms). */
  now(): number;
  /** Processes everything up to time t. Drivers call it from a clock (see clock.ts). */
  advanceTo(t: number): void;

  instruments(): readonly Instrument[];
  instrument(code: string): Instrument | undefined;
  quote(code: string): Quote | undefined;
  quotes(codes?: readonly string[]): Quote[];
  book(code: string, depth?: BookDepth): OrderBookSnapshot | undefined;
  /** Most recent trades first. */
  trades(code: string, limit?: number): Trade[];
  candles(code: string, interval: CandleInterval, query?: CandleQuery): Candle[];
  corporateActions(code: string): CorporateAction[];
  indices(): IndexQuote[];
  indexCandles(name: IndexName, interval: CandleInterval, limit?: number): Candle[];
  /** By stock code or by market ('KOSPI' / 'KOSDAQ'). */
  investorFlows(scope: string): InvestorFlows | undefined;
  shortSelling(code: string): ShortSelling | undefined;
  rankings(kind: RankingKind, options?: { market?: Market; limit?: number }): RankingEntry[];
  industries(market?: Market): IndustryGroup[];
  fxRates(): FxRate[];
  session(): FeedSessionState;

  quotes$(code: string): Observable<Quote>;
  book$(code: string, depth?: BookDepth): Observable<OrderBookSnapshot>;
  trades$(code: string): Observable<Trade>;
  /** The forming candle after each trade; a new `start` means the previous one closed. */
  candles$(code: string, interval: CandleInterval): Observable<Candle>;
  /** All three indices, published once a second while they move. */
  indices$(): Observable<IndexQuote[]>;
  fx$(): Observable<FxRate[]>;
  /** Emits on every phase change and halt. */
  session$(): Observable<FeedSessionState>;
}
