import type { RankingsDto, RankingsRequest } from '../../../contract';
import type { AppContext } from '../../app-context';
import { feedInfo, marketOf } from './feed-info';

/** Gainers, losers, volume, turnover (or market cap), computed by the feed on request. */
export function rankings(context: AppContext, body: RankingsRequest): RankingsDto {
  const { feed } = context;
  return {
    feed: feedInfo(feed),
    entries: feed.rankings(body.kind, { market: marketOf(body.market), limit: body.limit }),
  };
}
