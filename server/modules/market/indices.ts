import type { FxRatesDto, IndicesDto } from '../../../contract';
import type { AppContext } from '../../app-context';
import { feedInfo } from './feed-info';

/** KOSPI, KOSDAQ and KOSPI200 now. */
export function indices(context: AppContext): IndicesDto {
  const { feed } = context;
  return {
    feed: feedInfo(feed),
    indices: feed.indices().map(({ simulated: _simulated, ...index }) => index),
  };
}

/** The exchange list in KRW per unit (illustrative levels; see docs/market.md). */
export function fxRates(context: AppContext): FxRatesDto {
  const { feed } = context;
  return {
    feed: feedInfo(feed),
    rates: feed.fxRates().map(({ simulated: _simulated, ...rate }) => rate),
  };
}
