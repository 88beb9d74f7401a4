import type { CorporateAction } from '../../../contract';
import type { MarketFeed } from '../../market';
import { seoulIsoDate } from '../../market/seoul-time';

/**
 * The simulator's side of a corporate action: from the record date on its prices are multiplied
 * by the action's factor (a dividend's price drop, a rights issue's dilution), so the candles the
 * screens draw are adjusted like any split's. Staff's calendar drives it: announcing schedules the
 * factor, moving or withdrawing the action before its record date takes it back. The replay feed
 * has recorded prices and takes none.
 */
interface SchedulesActions {
  scheduleCorporateAction(action: CorporateAction): void;
  unscheduleCorporateAction(code: string, date: string): void;
}

function schedulerOf(feed: MarketFeed): SchedulesActions | null {
  const candidate = feed as Partial<SchedulesActions>;
  return typeof candidate.scheduleCorporateAction === 'function' &&
    typeof candidate.unscheduleCorporateAction === 'function'
    ? (candidate as SchedulesActions)
    : null;
}

export interface FeedAction {
  symbol: string;
  kind: 'dividend' | 'rights';
  recordAt: Date;
  priceFactorPpm: number;
}

/** The first trading date on the new basis: the record date, in Seoul. */
const dateOf = (action: FeedAction) => seoulIsoDate(action.recordAt.getTime());

export function scheduleOnFeed(feed: MarketFeed, action: FeedAction): void {
  schedulerOf(feed)?.scheduleCorporateAction({
    code: action.symbol,
    date: dateOf(action),
    factor: action.priceFactorPpm / 1_000_000,
    // The simulator's kinds: a cash dividend is none of split, bonus or rights.
    kind: action.kind === 'rights' ? 'rights' : 'other',
  });
}

export function unscheduleOnFeed(feed: MarketFeed, action: FeedAction): void {
  schedulerOf(feed)?.unscheduleCorporateAction(action.symbol, dateOf(action));
}

/**
 * The factor in millionths: a dividend of d on a price P leaves (P − d) / P; a rights issue of r
 * new shares per share at S leaves the theoretical ex-rights price (P + r·S) / ((1 + r)·P).
 */
export function priceFactorPpm(
  price: number,
  terms: {
    kind: 'dividend' | 'rights';
    perShare: number | null;
    issuePrice: number | null;
    ratioPpm: number | null;
  },
): number {
  if (terms.kind === 'dividend') {
    return Math.round(((price - (terms.perShare ?? 0)) / price) * 1_000_000);
  }
  const r = (terms.ratioPpm ?? 0) / 1_000_000;
  return Math.round(((price + r * (terms.issuePrice ?? 0)) / ((1 + r) * price)) * 1_000_000);
}
