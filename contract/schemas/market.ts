import { array, boolean, mixed, number, object, string } from 'yup';
import { strictObject, text } from './fields';
import type { InferType } from 'yup';
import type { Currency } from '../money';
import { CANDLE_INTERVALS, FX_CURRENCIES } from '../market';
import type {
  Adjustment,
  CandleInterval,
  FeedSource,
  IndexName,
  Market,
  RankingKind,
} from '../market';
import type { ErrorCode } from '../errors';

/**
 * The market calls: quotes, candles, rankings and the watchlist. Every field is required (an
 * "all markets" filter is the value 'all', not a missing field), so a request always says what it
 * means and the bad-input matrix can expect a refusal for each missing field. Every answer carries
 * `feed`, which says whether the prices are simulated: no screen can show them as real.
 */

const code = (c: ErrorCode) => c;
/** A choice among fixed words: a non-string is a wrong type, another word is invalid. */
function choice<T extends string>(words: readonly T[]) {
  return mixed<T>((value): value is T => typeof value === 'string')
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .oneOf([...words], code('request.invalid'));
}

/** KRX short codes are six letters or digits ('005930', '0126Z0'). */
export const STOCK_CODE_PATTERN = /^[0-9A-Z]{6}$/;
export const INDEX_NAMES: readonly IndexName[] = ['KOSPI', 'KOSDAQ', 'KOSPI200'];
export const MARKET_FILTERS = ['all', 'KOSPI', 'KOSDAQ'] as const;
export type MarketFilter = (typeof MARKET_FILTERS)[number];
export const CHART_RANGES = ['1w', '1m', '3m', '6m', '1y'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const ADJUSTMENTS: readonly Adjustment[] = ['none', 'forward', 'backward'];
/** Every candle interval the feed builds is a chart period. */
export const CHART_INTERVALS: readonly CandleInterval[] = CANDLE_INTERVALS;
export const RANKING_CHOICES: readonly RankingKind[] = [
  'gainers',
  'losers',
  'volume',
  'turnover',
  'market-cap',
];
/** The stock type of the spec's watchlist call ("the stock type is krw"). */
export const WATCHLIST_TYPES = ['krw'] as const;
/** How many symbols one customer may watch. */
export const WATCHLIST_MAX = 100;
export const SEARCH_MAX_LENGTH = 40;
export const LIST_LIMIT_MAX = 100;

const stockCode = () =>
  text()
    .required(code('request.required'))
    .max(12, code('request.too_long'))
    .matches(STOCK_CODE_PATTERN, code('request.invalid'));

const listLimit = () =>
  number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .integer(code('request.invalid'))
    .min(1, code('request.invalid'))
    .max(LIST_LIMIT_MAX, code('request.invalid'));

// ---- requests ----

export const stockDetailRequest = strictObject({ code: stockCode() });
export type StockDetailRequest = InferType<typeof stockDetailRequest>;

export const indexDetailRequest = strictObject({ name: choice(INDEX_NAMES) });
export type IndexDetailRequest = InferType<typeof indexDetailRequest>;

export const candlesRequest = strictObject({
  /** A stock code or an index name. */
  symbol: text()
    .required(code('request.required'))
    .max(12, code('request.too_long'))
    .test(
      'symbol',
      code('request.invalid'),
      (v) => STOCK_CODE_PATTERN.test(v) || (INDEX_NAMES as readonly string[]).includes(v),
    ),
  interval: choice(CHART_INTERVALS),
  range: choice(CHART_RANGES),
  adjust: choice(ADJUSTMENTS),
});
export type CandlesRequest = InferType<typeof candlesRequest>;

export const rankingsRequest = strictObject({
  kind: choice(RANKING_CHOICES),
  market: choice(MARKET_FILTERS),
  limit: listLimit(),
});
export type RankingsRequest = InferType<typeof rankingsRequest>;

export const industriesRequest = strictObject({ market: choice(MARKET_FILTERS) });
export type IndustriesRequest = InferType<typeof industriesRequest>;

export const investorTrendsRequest = strictObject({
  /** A market ('KOSPI', 'KOSDAQ') or a stock code. */
  scope: text()
    .required(code('request.required'))
    .max(12, code('request.too_long'))
    .test(
      'scope',
      code('request.invalid'),
      (v) => STOCK_CODE_PATTERN.test(v) || v === 'KOSPI' || v === 'KOSDAQ',
    ),
});
export type InvestorTrendsRequest = InferType<typeof investorTrendsRequest>;

export const shortSellingRequest = strictObject({
  market: choice(MARKET_FILTERS),
  limit: listLimit(),
});
export type ShortSellingRequest = InferType<typeof shortSellingRequest>;

export const searchRequest = strictObject({
  keyword: text()
    .required(code('request.required'))
    .max(SEARCH_MAX_LENGTH, code('request.too_long'))
    .test('not-blank', code('request.required'), (v) => v.trim().length > 0),
  limit: listLimit(),
});
export type SearchRequest = InferType<typeof searchRequest>;

export const watchlistRequest = strictObject({ type: choice(WATCHLIST_TYPES) });
export type WatchlistRequest = InferType<typeof watchlistRequest>;

export const watchlistAddRequest = strictObject({ symbol: stockCode() });
export type WatchlistAddRequest = InferType<typeof watchlistAddRequest>;

export const watchlistRemoveRequest = strictObject({
  symbols: array()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .min(1, code('request.required'))
    .max(WATCHLIST_MAX, code('request.too_long'))
    .of(stockCode()),
});
export type WatchlistRemoveRequest = InferType<typeof watchlistRemoveRequest>;

// ---- responses ----

/** An industry's name in each language (contract/names.ts). */
const industryNames = () =>
  object({
    ko: string().defined(),
    en: string().defined(),
    'zh-CN': string().defined(),
    'zh-TW': string().defined(),
  }).required();

const marketField = () =>
  mixed<Market>()
    .oneOf(['KOSPI', 'KOSDAQ'] as const)
    .required();
const int = () => number().integer().required();
const num = () => number().required();
const nullableNum = () => number().nullable().defined();

/** Where the prices come from; `simulated` is true for the simulator and the replay. */
export const feedInfo = object({
  simulated: boolean().required(),
  source: mixed<FeedSource>()
    .oneOf(['simulator', 'replay', 'broker'] as const)
    .required(),
  demo: boolean().required(),
  /** The session's label, e.g. "Demo: market open around the clock (simulated, not KRX hours)". */
  label: string().required(),
});
export type FeedInfoDto = InferType<typeof feedInfo>;

export const stockDetailResponse = object({
  feed: feedInfo.required(),
  stock: object({
    code: string().required(),
    nameKo: string().required(),
    nameEn: string().required(),
    market: marketField(),
    industry: string().required(),
    industryNames: industryNames(),
    listedShares: int(),
    price: num(),
    prevClose: num(),
    change: num(),
    changeRate: num(),
    open: nullableNum(),
    high: nullableNum(),
    low: nullableNum(),
    volume: num(),
    turnover: num(),
    marketCap: num(),
    upperLimit: num(),
    lowerLimit: num(),
    /** Over the last 52 weeks of daily candles (as traded, no adjustment), today included. */
    week52High: num(),
    week52Low: num(),
    vi: boolean().required(),
    halted: boolean().required(),
    time: int(),
    // No industry P/E: the feed has no earnings, and a made-up ratio would mislead.
  }).required(),
});
export type StockDetailDto = InferType<typeof stockDetailResponse>;

const indexQuote = object({
  name: mixed<IndexName>()
    .oneOf([...INDEX_NAMES])
    .required(),
  time: int(),
  value: num(),
  prevClose: num(),
  change: num(),
  changeRate: num(),
  open: nullableNum(),
  high: nullableNum(),
  low: nullableNum(),
});
export type IndexQuoteDto = InferType<typeof indexQuote>;

export const indicesResponse = object({
  feed: feedInfo.required(),
  indices: array(indexQuote.required()).required(),
});
export type IndicesDto = InferType<typeof indicesResponse>;

export const indexDetailResponse = object({
  feed: feedInfo.required(),
  index: indexQuote.required(),
  week52High: num(),
  week52Low: num(),
});
export type IndexDetailDto = InferType<typeof indexDetailResponse>;

const candle = object({
  start: int(),
  open: num(),
  high: num(),
  low: num(),
  close: num(),
  volume: num(),
  turnover: num(),
});

export const candlesResponse = object({
  feed: feedInfo.required(),
  symbol: string().required(),
  interval: mixed<CandleInterval>()
    .oneOf([...CHART_INTERVALS])
    .required(),
  /** The adjustment applied: always 'none' for indices, which have no corporate actions. */
  adjust: mixed<Adjustment>()
    .oneOf([...ADJUSTMENTS])
    .required(),
  candles: array(candle.required()).required(),
});
export type CandlesDto = InferType<typeof candlesResponse>;

const rankingEntry = object({
  rank: int(),
  code: string().required(),
  name: string().required(),
  nameEn: string().defined(),
  market: marketField(),
  price: num(),
  changeRate: num(),
  volume: num(),
  turnover: num(),
  marketCap: num(),
});
export type RankingEntryDto = InferType<typeof rankingEntry>;

export const rankingsResponse = object({
  feed: feedInfo.required(),
  entries: array(rankingEntry.required()).required(),
});
export type RankingsDto = InferType<typeof rankingsResponse>;

const industryGroup = object({
  industry: string().required(),
  industryNames: industryNames(),
  count: int(),
  changeRate: num(),
  advancers: int(),
  decliners: int(),
  unchanged: int(),
  turnover: num(),
  leaderCode: string().required(),
  leaderName: string().required(),
  leaderNameEn: string().defined(),
  leaderChangeRate: num(),
});
export type IndustryGroupDto = InferType<typeof industryGroup>;

export const industriesResponse = object({
  feed: feedInfo.required(),
  industries: array(industryGroup.required()).required(),
});
export type IndustriesDto = InferType<typeof industriesResponse>;

const flowSide = object({
  buyQty: num(),
  sellQty: num(),
  netQty: num(),
  buyAmount: num(),
  sellAmount: num(),
  netAmount: num(),
});
export type InvestorFlowSideDto = InferType<typeof flowSide>;

export const investorTrendsResponse = object({
  feed: feedInfo.required(),
  scope: string().required(),
  date: string().required(),
  individual: flowSide.required(),
  foreign: flowSide.required(),
  institution: flowSide.required(),
});
export type InvestorTrendsDto = InferType<typeof investorTrendsResponse>;

const shortSellingEntry = object({
  code: string().required(),
  name: string().required(),
  nameEn: string().defined(),
  market: marketField(),
  date: string().required(),
  shortQty: num(),
  shortAmount: num(),
  volume: num(),
  ratio: num(),
});
export type ShortSellingEntryDto = InferType<typeof shortSellingEntry>;

export const shortSellingResponse = object({
  feed: feedInfo.required(),
  entries: array(shortSellingEntry.required()).required(),
});
export type ShortSellingDto = InferType<typeof shortSellingResponse>;

const fxRate = object({
  currency: mixed<Currency>()
    .oneOf([...FX_CURRENCIES])
    .required(),
  krwPerUnit: num(),
  /** Units the rate is quoted for on screens: 100 for JPY and VND, else 1. */
  quoteUnit: int(),
  prevClose: num(),
  change: num(),
  changeRate: num(),
  time: int(),
});
export type FxRateDto = InferType<typeof fxRate>;

export const fxRatesResponse = object({
  feed: feedInfo.required(),
  rates: array(fxRate.required()).required(),
});
export type FxRatesDto = InferType<typeof fxRatesResponse>;

const searchResult = object({
  code: string().required(),
  nameKo: string().required(),
  nameEn: string().required(),
  market: marketField(),
  price: num(),
  changeRate: num(),
});
export type SearchResultDto = InferType<typeof searchResult>;

export const searchResponse = object({
  feed: feedInfo.required(),
  results: array(searchResult.required()).required(),
});
export type SearchDto = InferType<typeof searchResponse>;

const watchlistItem = object({
  symbol: string().required(),
  name: string().required(),
  nameEn: string().required(),
  market: marketField(),
  price: num(),
  change: num(),
  changeRate: num(),
  addedAt: string().required(),
});
export type WatchlistItemDto = InferType<typeof watchlistItem>;

/** The spec's shape: the items are under `data.data`; the newest first. */
export const watchlistResponse = object({
  feed: feedInfo.required(),
  data: array(watchlistItem.required()).required(),
});
export type WatchlistDto = InferType<typeof watchlistResponse>;
