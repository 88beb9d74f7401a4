import type { ShortSellingDto, ShortSellingRequest } from '../../../contract';
import type { AppContext } from '../../app-context';
import { feedInfo, marketOf } from './feed-info';

/** Today's short selling per stock, largest amount first (ties by code, so the order is stable). */
export function shortSelling(context: AppContext, body: ShortSellingRequest): ShortSellingDto {
  const { feed } = context;
  const market = marketOf(body.market);
  const entries = feed
    .instruments()
    .filter((x) => !market || x.market === market)
    .flatMap((x) => {
      const s = feed.shortSelling(x.code);
      if (!s || s.shortQty <= 0) return [];
      const { simulated: _simulated, ...figures } = s;
      return [{ ...figures, name: x.nameKo, nameEn: x.nameEn, market: x.market }];
    })
    .sort((a, b) => b.shortAmount - a.shortAmount || (a.code < b.code ? -1 : 1))
    .slice(0, body.limit);
  return { feed: feedInfo(feed), entries };
}
