import type { MarketConfig } from '../config';
import { ScaledClock, createMarketFeed, driveFeed } from './index';
import type { MarketFeed } from './feed';

/** The configured feed, starting at `start`, not yet driven by any clock. */
export function configuredFeed(config: MarketConfig, start: number): MarketFeed {
  return createMarketFeed({
    kind: config.feed,
    seed: config.seed,
    demo: config.demo,
    start,
    ticksPerSecond: config.tradesPerSecond,
  });
}

/** Creates the configured feed and drives it from a (possibly sped-up) wall clock. */
export function startMarket(
  config: MarketConfig,
  now: number = Date.now(),
): {
  feed: MarketFeed;
  stop: () => void;
} {
  const feed = configuredFeed(config, now);
  const driver = driveFeed(feed, new ScaledClock(config.speed, now));
  return { feed, stop: () => driver.stop() };
}
