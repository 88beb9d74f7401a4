import type { IndustriesDto, IndustriesRequest } from '../../../contract';
import type { AppContext } from '../../app-context';
import { feedInfo, marketOf } from './feed-info';

/**
 * The industry board: each KRX industry's cap-weighted change, breadth and leading stock, with
 * the leader's name and change filled in so the list needs no second call.
 */
export function industries(context: AppContext, body: IndustriesRequest): IndustriesDto {
  const { feed } = context;
  return {
    feed: feedInfo(feed),
    industries: feed.industries(marketOf(body.market)).map(({ leader, ...group }) => {
      const quote = feed.quote(leader);
      return {
        ...group,
        leaderCode: leader,
        leaderName: quote?.name ?? leader,
        leaderNameEn: quote?.nameEn ?? '',
        leaderChangeRate: quote?.changeRate ?? 0,
      };
    }),
  };
}
