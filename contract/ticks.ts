/**
 * KRX tick sizes (호가가격단위) for KOSPI, KOSDAQ and KONEX stocks since 2023-01-25, and ETF/ETN/ELW.
 * Prices are integer KRW. Bands are [lower, upper): a price of exactly 2,000 is in the 5-won band.
 */

export type TickTable = 'stock' | 'fund';

/** Upper bounds of the stock bands and the tick inside each (MARKET-RULES.md, "Prices"). */
const STOCK_BANDS: readonly (readonly [upper: number, tick: number])[] = [
  [2_000, 1],
  [5_000, 5],
  [20_000, 10],
  [50_000, 50],
  [200_000, 100],
  [500_000, 500],
];
const STOCK_TOP_TICK = 1_000;
const FUND_TICK = 5;

/** The tick size that applies at a price. */
export function tickSize(price: number, table: TickTable = 'stock'): number {
  if (table === 'fund') return FUND_TICK;
  for (const [upper, tick] of STOCK_BANDS) if (price < upper) return tick;
  return STOCK_TOP_TICK;
}

/** True when the price is a positive integer on its band's grid. */
export function isOnTick(price: number, table: TickTable = 'stock'): boolean {
  return Number.isInteger(price) && price > 0 && price % tickSize(price, table) === 0;
}

/** The largest valid price ≤ the given one. */
export function floorToTick(price: number, table: TickTable = 'stock'): number {
  const p = Math.floor(price);
  const tick = tickSize(p, table);
  return p - (((p % tick) + tick) % tick);
}

/** The smallest valid price ≥ the given one. */
export function ceilToTick(price: number, table: TickTable = 'stock'): number {
  const floor = floorToTick(price, table);
  return floor >= price ? floor : tickUp(floor, table);
}

/** The nearest valid price (ties go up). */
export function roundToTick(price: number, table: TickTable = 'stock'): number {
  const down = floorToTick(price, table);
  if (down === price) return down;
  const up = tickUp(down, table);
  return price - down < up - price ? down : up;
}

/** The next valid price above an on-tick price. */
export function tickUp(price: number, table: TickTable = 'stock'): number {
  return price + tickSize(price, table);
}

/**
 * The next valid price below an on-tick price. The tick is the one of the band just below, so
 * stepping down from 2,000 gives 1,999, not 1,995.
 */
export function tickDown(price: number, table: TickTable = 'stock'): number {
  return price - tickSize(price - 1, table);
}
