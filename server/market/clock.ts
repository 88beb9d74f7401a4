/**
 * Clocks for the market feeds. A feed never reads Date.now itself: a driver asks a clock for the
 * time and calls feed.advanceTo(t). Tests use ManualClock and call advanceTo directly, so they run
 * a trading day in milliseconds and exactly the same way every time.
 */
import type { MarketFeed } from './feed';

export interface Clock {
  now(): number;
}

/** A clock that moves only when told to. */
export class ManualClock implements Clock {
  constructor(private time: number) {}
  now(): number {
    return this.time;
  }
  set(time: number): void {
    this.time = time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

/**
 * Wall-clock time, optionally sped up: `speed` simulated seconds pass per real second, starting at
 * `start` (default: now). speed 1 with no start is plain real time.
 */
export class ScaledClock implements Clock {
  private readonly realStart: number;
  private readonly simStart: number;
  constructor(
    readonly speed = 1,
    start?: number,
    private readonly realNow: () => number = Date.now,
  ) {
    this.realStart = realNow();
    this.simStart = start ?? this.realStart;
  }
  now(): number {
    return this.simStart + (this.realNow() - this.realStart) * this.speed;
  }
}

/**
 * Drives a feed from a clock on a timer (default every 100 ms). The feed's output does not depend
 * on the interval: events carry their own times, so a coarse or late timer only batches them.
 */
export function driveFeed(feed: MarketFeed, clock: Clock, intervalMs = 100): { stop(): void } {
  const step = () => feed.advanceTo(clock.now());
  step();
  const timer = setInterval(step, intervalMs);
  timer.unref?.();
  return { stop: () => clearInterval(timer) };
}
