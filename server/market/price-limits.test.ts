import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listingDayLimits, priceLimits } from './price-limits';
import { floorToTick, isOnTick, tickSize } from './ticks';

describe('daily price limits', () => {
  it('follows the MARKET-RULES example: base 9,980 → 12,970 / 6,990', () => {
    expect(priceLimits(9_980)).toEqual({ upper: 12_970, lower: 6_990 });
  });

  it('takes the tick at the base, not at the limit', () => {
    // Base 19,990 (tick 10): width floor(5,997/10)*10 = 5,990 → 25,980 would need the 50 tick.
    const l = priceLimits(19_990);
    expect(l.lower).toBe(14_000);
    expect(l.upper).toBe(25_950);
  });

  it.each([
    [199_400, 259_000, 139_600],
    [1_000, 1_300, 700],
    [100_000, 130_000, 70_000],
  ])('base %i → %i / %i', (base, upper, lower) => {
    expect(priceLimits(base)).toEqual({ upper, lower });
  });

  it('limits are on the grid, never wider than 30 %, and contain the base', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3_000_000 }), (x) => {
        const base = floorToTick(x);
        if (base < 1) return true;
        const { upper, lower } = priceLimits(base);
        const width = Math.floor((base * 0.3) / tickSize(base)) * tickSize(base);
        return (
          isOnTick(upper) &&
          isOnTick(lower) &&
          upper <= base + width &&
          lower >= base - width &&
          lower <= base &&
          base <= upper
        );
      }),
    );
  });

  it('listing day ranges 60 %–400 % of the offer price', () => {
    expect(listingDayLimits(10_000)).toEqual({ upper: 40_000, lower: 6_000 });
  });
});
