export { TabBar, TAB_BAR_HEIGHT } from './TabBar';
export { TABS, visibleTabs } from './tabs';
export type { TabSpec } from './tabs';
