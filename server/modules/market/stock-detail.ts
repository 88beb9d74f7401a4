import type {
  IndexDetailDto,
  IndexDetailRequest,
  StockDetailDto,
  StockDetailRequest,
} from '../../../contract';
import type { AppContext } from '../../app-context';
import { ApiRefusal } from '../../http/refusal';
import type { Candle } from '../../market';
import { DAY_MS, feedInfo, instrumentOrRefuse } from './feed-info';

/** 52 weeks plus a day, so the same calendar day a year ago is still inside. */
const YEAR_MS = 365 * DAY_MS;

/** Highest high and lowest low of the daily candles that started within the last 52 weeks. */
export function week52Range(
  daily: readonly Candle[],
  now: number,
  today: { high: number | null; low: number | null; price: number },
): { high: number; low: number } {
  let high = today.high ?? today.price;
  let low = today.low ?? today.price;
  for (const c of daily) {
    if (c.start < now - YEAR_MS) continue;
    if (c.high > high) high = c.high;
    if (c.low < low) low = c.low;
  }
  return { high, low };
}

/**
 * The stock detail screen's figures. The 52-week range uses backward-adjusted candles (today's
 * basis), so a split does not leave a high that the current price can never be compared with.
 * There is no industry P/E: the feed carries no earnings, and the field is left out rather than
 * invented.
 */
export function stockDetail(context: AppContext, body: StockDetailRequest): StockDetailDto {
  const { feed } = context;
  const instrument = instrumentOrRefuse(feed, body.code);
  const quote = feed.quote(instrument.code);
  if (!quote) throw new ApiRefusal('market.no_data');
  const daily = feed.candles(instrument.code, '1d', { adjust: 'backward', limit: 300 });
  const range = week52Range(daily, feed.now(), quote);
  return {
    feed: feedInfo(feed),
    stock: {
      code: instrument.code,
      nameKo: instrument.nameKo,
      nameEn: instrument.nameEn,
      market: instrument.market,
      industry: instrument.industry,
      industryNames: instrument.industryNames,
      listedShares: instrument.listedShares,
      price: quote.price,
      prevClose: quote.prevClose,
      change: quote.change,
      changeRate: quote.changeRate,
      open: quote.open,
      high: quote.high,
      low: quote.low,
      volume: quote.volume,
      turnover: quote.turnover,
      marketCap: quote.marketCap,
      upperLimit: quote.upperLimit,
      lowerLimit: quote.lowerLimit,
      week52High: range.high,
      week52Low: range.low,
      vi: quote.vi,
      halted: quote.halted,
      time: quote.time,
    },
  };
}

/** One index and its 52-week range from the real index history followed by the live levels. */
export function indexDetail(context: AppContext, body: IndexDetailRequest): IndexDetailDto {
  const { feed } = context;
  const index = feed.indices().find((x) => x.name === body.name);
  if (!index) throw new ApiRefusal('market.unknown_symbol', {}, 404);
  const range = week52Range(feed.indexCandles(body.name, '1d', 300), feed.now(), {
    high: index.high,
    low: index.low,
    price: index.value,
  });
  const { simulated: _simulated, ...wire } = index;
  return {
    feed: feedInfo(feed),
    index: wire,
    week52High: range.high,
    week52Low: range.low,
  };
}
