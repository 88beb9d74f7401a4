/**
 * Synthetic daily history for symbols the simulator has no recorded bars for: a random walk run
 * backwards from the reference price, so the chart ends exactly where the live market starts.
 * Every bar obeys the rules (prices on ticks, each day inside the limits of the day before).
 * Seeded per symbol, so asking for one chart does not change any other.
 */
import { clampToLimits, priceLimits } from './price-limits';
import { Random } from './random';
import { isoDateToDay, seoulMidnight } from './seoul-time';
import { roundToTick } from './ticks';
import type { Candle } from './types';

export interface SyntheticHistoryInput {
  readonly seed: string | number;
  readonly code: string;
  /** The close of the last generated day (the live market's first base price). */
  readonly lastClose: number;
  readonly dailyVol: number;
  /** Typical daily volume in shares. */
  readonly volume: number;
  /** Trading dates to fill, ascending. */
  readonly dates: readonly string[];
}

export function syntheticDailyHistory(input: SyntheticHistoryInput): Candle[] {
  const rng = new Random(`${input.seed}:history:${input.code}`);
  const sigma = input.dailyVol;
  const n = input.dates.length;
  const closes: number[] = new Array<number>(n).fill(input.lastClose);
  for (let d = n - 2; d >= 0; d--) {
    const after = closes[d + 1]!;
    const move = Math.max(-0.25, Math.min(0.25, sigma * rng.normal()));
    let close = Math.max(1, roundToTick(after / Math.exp(move)));
    // Yesterday's close must put today's close inside yesterday's limits; walk towards it if not.
    for (let guard = 0; guard < 50; guard++) {
      const l = priceLimits(close);
      if (after <= l.upper && after >= l.lower) break;
      close = roundToTick(
        close + Math.sign(after - close) * Math.max(1, Math.abs(after - close) * 0.2),
      );
    }
    closes[d] = close;
  }
  return closes.map((close, k) => {
    const prev = k > 0 ? closes[k - 1]! : close;
    const limits = priceLimits(prev);
    const open = clampToLimits(roundToTick(prev * Math.exp(0.3 * sigma * rng.normal())), limits);
    const spread = () => Math.exp(Math.abs(0.5 * sigma * rng.normal()));
    const high = clampToLimits(roundToTick(Math.max(open, close) * spread()), limits);
    const low = clampToLimits(roundToTick(Math.min(open, close) / spread()), limits);
    const volume = Math.max(1, Math.round(input.volume * Math.exp(0.5 * rng.normal())));
    return {
      start: seoulMidnight(isoDateToDay(input.dates[k]!)),
      open,
      high: Math.max(high, open, close),
      low: Math.min(low, open, close),
      close,
      volume,
      turnover: volume * close,
    };
  });
}
