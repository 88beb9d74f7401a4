import type { ComponentType } from 'react';
import { StarIcon } from '../../market/parts/marketIcons';
import { ChartIcon, HomeIcon, MoreIcon, TradeIcon } from '../icons';

export interface TabSpec {
  key: 'home' | 'watchlist' | 'market' | 'trade' | 'more';
  /** The spec's tab order value (0 home, 1 market, 3 trade, 4 information); 2 is the watchlist's. */
  order: number;
  to: string;
  Icon: ComponentType<{ width?: string; height?: string }>;
}

/**
 * The bottom bar's tabs, in the order they are drawn. Labels: ui.json `tabs.<key>`.
 * As in Korean trading apps (관심 beside 홈), the watchlist is a tab of its own, one tap away; it
 * takes the spec's news slot so the bar keeps five tabs. News (`/home/newsList`) is a Home tile
 * instead (home/EntryTiles.tsx), shown once its screen exists.
 */
export const TABS: readonly TabSpec[] = [
  { key: 'home', order: 0, to: '/home/index', Icon: HomeIcon },
  { key: 'watchlist', order: 2, to: '/favorite/index', Icon: StarIcon },
  { key: 'market', order: 1, to: '/market/index', Icon: ChartIcon },
  { key: 'trade', order: 3, to: '/trade/index', Icon: TradeIcon },
  { key: 'more', order: 4, to: '/information/index', Icon: MoreIcon },
];

/**
 * The spec's special tab targets: `kefu` opens customer service, which Maru has inside the app
 * (the live chat, docs/support.md); its external links (`kefu_url_1/2`) are offered there.
 * `exit` signs out (handled where it is offered).
 */
export const SPECIAL_TARGETS = { kefu: '/home/kefuCenter' } as const;

/** Where a spec tab target leads: a special target's screen, or the path itself. */
export function tabTarget(target: string): string {
  return Object.hasOwn(SPECIAL_TARGETS, target)
    ? SPECIAL_TARGETS[target as keyof typeof SPECIAL_TARGETS]
    : target;
}

/** Only tabs whose screen exists are drawn, so the bar never leads to a blank page. */
export function visibleTabs(availablePaths: ReadonlySet<string>): TabSpec[] {
  return TABS.filter((tab) => availablePaths.has(tab.to));
}
