import { ceilToTick, floorToTick, tickSize, type TickTable } from './ticks';

/** The daily price range (가격제한폭) as a fraction of the base price. */
export const DAILY_LIMIT_RATE = 0.3;

export interface PriceLimits {
  /** 상한가 */
  readonly upper: number;
  /** 하한가 */
  readonly lower: number;
}

/**
 * Daily limits: base ± floor_to_tick(base × 0.3) where the tick is the one at the base price, not
 * at the limit (MARKET-RULES.md). Base 9,980: 2,994 floors to 2,990 with the 10-won tick, so the
 * limits are 12,970 / 6,990.
 *
 * When base ± width crosses into a band with a coarser tick (base 4,990 → 6,485 in the 10-won band)
 * the limit itself is not an orderable price; as KRX does, the upper limit is rounded down and the
 * lower one up onto the grid of the band they land in, so the range never widens.
 */
export function priceLimits(base: number, table: TickTable = 'stock'): PriceLimits {
  const tick = tickSize(base, table);
  const width = Math.floor((base * DAILY_LIMIT_RATE) / tick) * tick;
  return {
    upper: floorToTick(base + width, table),
    lower: Math.max(tickSize(1, table), ceilToTick(base - width, table)),
  };
}

/** Clamps a price into the limits. */
export function clampToLimits(price: number, limits: PriceLimits): number {
  return price > limits.upper ? limits.upper : price < limits.lower ? limits.lower : price;
}

/** Limits on listing day: the offer price is the base, the range 60 %–400 % of it. */
export function listingDayLimits(offerPrice: number, table: TickTable = 'stock'): PriceLimits {
  return {
    upper: floorToTick(offerPrice * 4, table),
    lower: ceilToTick(offerPrice * 0.6, table),
  };
}
