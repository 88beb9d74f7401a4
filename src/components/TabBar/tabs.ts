import type { ComponentType } from 'react';
import { ChartIcon, HomeIcon, MoreIcon, NewsIcon, TradeIcon } from '../icons';

export interface TabSpec {
  key: 'home' | 'market' | 'trade' | 'news' | 'more';
  /** The spec's tab order value (0 home, 1 market, 3 trade, 5 news, 4 information). */
  order: number;
  to: string;
  Icon: ComponentType<{ width?: string; height?: string }>;
}

/** The bottom bar's five tabs, in the order they are drawn. Labels: ui.json `tabs.<key>`. */
export const TABS: readonly TabSpec[] = [
  { key: 'home', order: 0, to: '/home/index', Icon: HomeIcon },
  { key: 'market', order: 1, to: '/market/index', Icon: ChartIcon },
  { key: 'trade', order: 3, to: '/trade/index', Icon: TradeIcon },
  { key: 'news', order: 5, to: '/home/newsList', Icon: NewsIcon },
  { key: 'more', order: 4, to: '/information/index', Icon: MoreIcon },
];

/** Only tabs whose screen exists are drawn, so the bar never leads to a blank page. */
export function visibleTabs(availablePaths: ReadonlySet<string>): TabSpec[] {
  return TABS.filter((tab) => availablePaths.has(tab.to));
}
