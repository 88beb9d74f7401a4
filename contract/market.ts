import type { Currency } from './money';
import type { IndustryNames } from './names';

/**
 * What the market feed publishes (the wire types of the market API and the /market socket). Prices of stocks are integer KRW; index levels and FX rates are
 * plain numbers (they are not money). Times are epoch ms; Seoul wall time is derived where shown.
 */

export type Market = 'KOSPI' | 'KOSDAQ';
export type IndexName = 'KOSPI' | 'KOSDAQ' | 'KOSPI200';
export type FeedSource = 'simulator' | 'replay' | 'broker';

export interface Instrument {
  readonly code: string;
  readonly nameKo: string;
  readonly nameEn: string;
  readonly market: Market;
  /** KRX/KIND industry (KSIC-based, Korean): the key industries are grouped by. */
  readonly industry: string;
  /** The industry's name in each language; pick the shown one with `industryNameIn`. */
  readonly industryNames: IndustryNames;
  readonly listedShares: number;
  /** The close on the listing file's date: the simulator's first base price. */
  readonly referencePrice: number;
  /** Standard deviation of daily log returns (calibrated or by size; see docs/market.md). */
  readonly dailyVol: number;
  /** Sensitivity to its market's index. */
  readonly beta: number;
  /** Member of the (approximated) KOSPI200: the dynamic VI threshold is 3 % instead of 6 %. */
  readonly kospi200: boolean;
}

/** The aggressor side of a trade: 'buy' when a buyer lifted the ask. */
export type TradeSide = 'buy' | 'sell';
/** Regular = auctions and continuous trading; off-hours = pre-market and after-hours trading. */
export type TradeSession = 'regular' | 'off-hours';

export interface Trade {
  readonly code: string;
  readonly time: number;
  readonly price: number;
  readonly qty: number;
  readonly side: TradeSide;
  readonly session: TradeSession;
  /** Set when the trade is the match of a call auction (opening, closing, VI, single-price). */
  readonly auction: boolean;
  /** Sequence number of the trade within the symbol's day (1-based). */
  readonly seq: number;
}

export interface Quote {
  readonly code: string;
  /** Korean name (KRX 종목약명); pick the shown one with `stockNameIn`. */
  readonly name: string;
  readonly nameEn: string;
  readonly market: Market;
  readonly time: number;
  /** Last regular-session price (the previous close before the first trade of the day). */
  readonly price: number;
  readonly prevClose: number;
  readonly change: number;
  /** Fraction: 0.0123 = +1.23 %. */
  readonly changeRate: number;
  readonly open: number | null;
  readonly high: number | null;
  readonly low: number | null;
  /** Day volume in shares, all sessions. */
  readonly volume: number;
  /** Day traded value in KRW, all sessions. */
  readonly turnover: number;
  readonly marketCap: number;
  readonly upperLimit: number;
  readonly lowerLimit: number;
  readonly bid: number | null;
  readonly ask: number | null;
  /** True while a volatility interruption's call auction runs. */
  readonly vi: boolean;
  /** True while the symbol's market is halted (circuit breaker). */
  readonly halted: boolean;
  /** Last after-hours single-price match, if any today. */
  readonly afterHoursPrice: number | null;
  readonly simulated: boolean;
}

export interface BookLevel {
  readonly price: number;
  readonly qty: number;
}

export interface OrderBookSnapshot {
  readonly code: string;
  readonly time: number;
  /** Best first. Levels beyond a price limit are absent. */
  readonly bids: readonly BookLevel[];
  readonly asks: readonly BookLevel[];
  readonly totalBidQty: number;
  readonly totalAskQty: number;
  /** True during a call auction: the levels are indicative, nothing trades until the match. */
  readonly auction: boolean;
  readonly simulated: boolean;
}

export type CandleInterval = '1m' | '5m' | '15m' | '30m' | '1d' | '1w' | '1M';
export const CANDLE_INTERVALS: readonly CandleInterval[] = [
  '1m',
  '5m',
  '15m',
  '30m',
  '1d',
  '1w',
  '1M',
];

export interface Candle {
  /** Epoch ms of the bucket start (Seoul midnight for days, Monday for weeks, the 1st for months). */
  readonly start: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
  readonly volume: number;
  readonly turnover: number;
}

export type Adjustment = 'none' | 'backward' | 'forward';

/**
 * A corporate action as a price factor: prices before `date` times `factor` are comparable with
 * prices from `date` on. A 1:5 split has factor 0.2; a rights issue a factor just below 1.
 */
export interface CorporateAction {
  readonly code: string;
  /** First trading date on the new basis (YYYY-MM-DD, Seoul). */
  readonly date: string;
  readonly factor: number;
  readonly kind: 'split' | 'reverse-split' | 'rights' | 'bonus' | 'other';
}

export interface IndexQuote {
  readonly name: IndexName;
  readonly time: number;
  readonly value: number;
  readonly prevClose: number;
  readonly change: number;
  readonly changeRate: number;
  readonly open: number | null;
  readonly high: number | null;
  readonly low: number | null;
  readonly simulated: boolean;
}

export type InvestorType = 'individual' | 'foreign' | 'institution';
export interface InvestorFlowSide {
  readonly buyQty: number;
  readonly sellQty: number;
  readonly netQty: number;
  readonly buyAmount: number;
  readonly sellAmount: number;
  readonly netAmount: number;
}
export interface InvestorFlows {
  /** A stock code or a market name. */
  readonly scope: string;
  readonly date: string;
  readonly byType: Readonly<Record<InvestorType, InvestorFlowSide>>;
  readonly simulated: boolean;
}

export interface ShortSelling {
  readonly code: string;
  readonly date: string;
  readonly shortQty: number;
  readonly shortAmount: number;
  readonly volume: number;
  /** Short volume over total volume. */
  readonly ratio: number;
  readonly simulated: boolean;
}

export type RankingKind = 'gainers' | 'losers' | 'volume' | 'turnover' | 'market-cap';
export interface RankingEntry {
  readonly rank: number;
  readonly code: string;
  /** Korean name; pick the shown one with `stockNameIn`. */
  readonly name: string;
  readonly nameEn: string;
  readonly market: Market;
  readonly price: number;
  readonly changeRate: number;
  readonly volume: number;
  readonly turnover: number;
  readonly marketCap: number;
}

export interface IndustryGroup {
  readonly industry: string;
  readonly industryNames: IndustryNames;
  readonly count: number;
  /** Market-cap-weighted change of its members since the previous close. */
  readonly changeRate: number;
  readonly advancers: number;
  readonly decliners: number;
  readonly unchanged: number;
  readonly turnover: number;
  /** The member with the largest change. */
  readonly leader: string;
}

/** The currencies with an FX rate against KRW (the spec's exchange list, plus USDT). */
export const FX_CURRENCIES: readonly Currency[] = [
  'CNY',
  'TWD',
  'HKD',
  'USD',
  'THB',
  'JPY',
  'VND',
  'MYR',
  'KRW',
  'USDT',
];

/**
 * How many units of a currency its rate is quoted for. Korean banks and brokerage apps quote the
 * yen and the dong per 100 ("100엔 = 940.00원"): one yen or dong is too small a number to read.
 * The one place that knows it; the feed sends it with every rate and the screens multiply by it.
 */
export const FX_QUOTE_UNITS: Readonly<Record<Currency, number>> = {
  KRW: 1,
  USD: 1,
  USDT: 1,
  CNY: 1,
  TWD: 1,
  HKD: 1,
  THB: 1,
  JPY: 100,
  VND: 100,
  MYR: 1,
};

/** A rate as quoted: KRW and its change for `quoteUnit` units of the currency. */
export function quotedFxRate(rate: Pick<FxRate, 'currency' | 'krwPerUnit' | 'change'>): {
  quoteUnit: number;
  krw: number;
  change: number;
} {
  const quoteUnit = FX_QUOTE_UNITS[rate.currency];
  return { quoteUnit, krw: rate.krwPerUnit * quoteUnit, change: rate.change * quoteUnit };
}

export interface FxRate {
  readonly currency: Currency;
  /** KRW for one unit of the currency. */
  readonly krwPerUnit: number;
  /** Units the rate is quoted for on screens (100 for JPY and VND): `FX_QUOTE_UNITS`. */
  readonly quoteUnit: number;
  readonly prevClose: number;
  readonly change: number;
  readonly changeRate: number;
  readonly time: number;
  readonly simulated: boolean;
}

export interface FeedSessionState extends SessionState {
  readonly source: FeedSource;
  readonly simulated: boolean;
  /** Markets under a circuit-breaker halt. */
  readonly haltedMarkets: readonly Market[];
}

/** The market's phase in Asia/Seoul time. */
export type SessionPhase =
  | 'closed'
  | 'pre-market'
  | 'opening-auction'
  | 'continuous'
  | 'closing-auction'
  | 'post-close'
  | 'after-hours-closing-price'
  | 'after-hours-single-price';

export interface SessionState {
  readonly phase: SessionPhase;
  /** The trading day this instant belongs to, or the next one when the market is closed for the day. */
  readonly tradingDate: string;
  readonly isTradingDay: boolean;
  /** Epoch ms of the next phase change (null in demo mode, where nothing changes but the date). */
  readonly nextChangeAt: number | null;
  readonly nextChangeAtSeoul: string | null;
  readonly demo: boolean;
  /** Human-readable label; in demo mode it says so, so no screen can pass it off as the real hours. */
  readonly label: string;
  readonly timezone: 'Asia/Seoul';
}
