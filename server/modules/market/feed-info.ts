import type { FeedInfoDto, Instrument } from '../../../contract';
import { ApiRefusal } from '../../http/refusal';
import type { MarketFeed } from '../../market';

/** What every market answer carries about its source, so no screen can pass simulated prices off as real. */
export function feedInfo(feed: MarketFeed): FeedInfoDto {
  const session = feed.session();
  return {
    simulated: feed.simulated,
    source: feed.source,
    demo: session.demo,
    label: session.label,
  };
}

/** The instrument for a well-formed code, or a 404 refusal (the code's shape was checked by the schema). */
export function instrumentOrRefuse(feed: MarketFeed, code: string): Instrument {
  const instrument = feed.instrument(code);
  if (!instrument) throw new ApiRefusal('market.unknown_symbol', {}, 404);
  return instrument;
}

export const DAY_MS = 86_400_000;

/** The scope filter of the market calls: 'all' means both markets. */
export function marketOf(filter: 'all' | 'KOSPI' | 'KOSDAQ'): 'KOSPI' | 'KOSDAQ' | undefined {
  return filter === 'all' ? undefined : filter;
}
