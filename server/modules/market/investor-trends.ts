import type { InvestorTrendsDto, InvestorTrendsRequest } from '../../../contract';
import type { AppContext } from '../../app-context';
import { ApiRefusal } from '../../http/refusal';
import { feedInfo, instrumentOrRefuse } from './feed-info';

/**
 * Today's buying and selling by individuals, foreigners and institutions, for a market or a stock.
 * A feed without investor types (the replay) has no flows: that is refused as no data rather than
 * answered with zeros that would look like a quiet day.
 */
export function investorTrends(
  context: AppContext,
  body: InvestorTrendsRequest,
): InvestorTrendsDto {
  const { feed } = context;
  if (body.scope !== 'KOSPI' && body.scope !== 'KOSDAQ') instrumentOrRefuse(feed, body.scope);
  const flows = feed.investorFlows(body.scope);
  if (!flows || feed.source === 'replay') throw new ApiRefusal('market.no_data');
  return {
    feed: feedInfo(feed),
    scope: flows.scope,
    date: flows.date,
    individual: flows.byType.individual,
    foreign: flows.byType.foreign,
    institution: flows.byType.institution,
  };
}
