import type { CandlesDto, CandlesRequest, ChartRange } from '../../../contract';
import { INDEX_NAMES } from '../../../contract';
import type { AppContext } from '../../app-context';
import type { IndexName } from '../../market';
import { DAY_MS, feedInfo, instrumentOrRefuse } from './feed-info';

/** Calendar span of each chart range; months are taken long so the first day is never cut off. */
export const RANGE_MS: Record<ChartRange, number> = {
  '1w': 7 * DAY_MS,
  '1m': 31 * DAY_MS,
  '3m': 92 * DAY_MS,
  '6m': 183 * DAY_MS,
  '1y': 366 * DAY_MS,
};

/** A chart never needs more points than a phone has pixels many times over. */
export const MAX_CANDLES = 2_000;

const isIndexName = (symbol: string): symbol is IndexName =>
  (INDEX_NAMES as readonly string[]).includes(symbol);

/**
 * Candles of a stock or an index whose bucket started within the range, oldest first. Intraday
 * candles exist only since the feed started (the history before it is daily); a week or month
 * bucket that began before the range but reaches into it is kept, so a 1-week range of monthly
 * candles still shows the current month.
 */
export function candleHistory(context: AppContext, body: CandlesRequest): CandlesDto {
  const { feed } = context;
  const from = feed.now() - RANGE_MS[body.range];
  const index = isIndexName(body.symbol);
  if (!index) instrumentOrRefuse(feed, body.symbol);
  const all = index
    ? feed.indexCandles(body.symbol as IndexName, body.interval)
    : feed.candles(body.symbol, body.interval, { adjust: body.adjust });
  const firstInside = all.findIndex((c) => c.start >= from);
  const start = firstInside === -1 ? all.length : firstInside;
  // Keep the bucket that straddles the range start (weeks, months).
  const fromIndex =
    start > 0 && (body.interval === '1w' || body.interval === '1M') ? start - 1 : start;
  const candles = all.slice(Math.max(fromIndex, all.length - MAX_CANDLES));
  return {
    feed: feedInfo(feed),
    symbol: body.symbol,
    interval: body.interval,
    adjust: index ? 'none' : body.adjust,
    candles,
  };
}
