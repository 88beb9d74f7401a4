import type { MarketConfig } from '../config';
import { ScaledClock, createMarketFeed, driveFeed } from './index';
import type { MarketFeed } from './feed';

/** Creates the configured feed and drives it from a (possibly sped-up) wall clock. */
export function startMarket(
  config: MarketConfig,
  now: number = Date.now(),
): {
  feed: MarketFeed;
  stop: () => void;
} {
  const feed = createMarketFeed({
    kind: config.feed,
    seed: config.seed,
    demo: config.demo,
    start: now,
    ticksPerSecond: config.tradesPerSecond,
  });
  const driver = driveFeed(feed, new ScaledClock(config.speed, now));
  return { feed, stop: () => driver.stop() };
}
