/**
 * The market package: pick a feed with createMarketFeed, drive it with a clock (clock.ts).
 * MARU_MARKET_FEED=replay plays the bundled recording; anything else runs the simulator.
 */
import { loadSampleTicks } from './data-files';
import type { MarketFeed } from './feed';
import { ReplayFeed } from './replay-feed';
import { MarketSimulator, type SimulatorOptions } from './simulator';

export type { MarketFeed, BookDepth, CandleQuery } from './feed';
export * from './types';
export { MarketSimulator, type SimulatorOptions } from './simulator';
export { ReplayFeed, parseTicks, type RecordedTick, type ReplayOptions } from './replay-feed';
export { ManualClock, ScaledClock, driveFeed, type Clock } from './clock';
export { tickSize, isOnTick, floorToTick, ceilToTick, roundToTick } from './ticks';
export { priceLimits, type PriceLimits } from './price-limits';

export interface MarketFeedConfig extends SimulatorOptions {
  readonly kind?: 'simulator' | 'replay';
}

export function createMarketFeed(config: MarketFeedConfig = {}): MarketFeed {
  if (config.kind === 'replay') {
    return new ReplayFeed({
      ticks: loadSampleTicks(),
      ...(config.start === undefined ? {} : { start: config.start }),
    });
  }
  return new MarketSimulator(config);
}
