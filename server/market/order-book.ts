/**
 * The simulated order books. The hot path keeps only each symbol's touch (best bid and ask) in
 * typed arrays; the deeper levels are derived on demand from the touch, the price limits and a hash
 * of (seed, symbol, trade sequence, level). Deriving them rather than drawing them keeps two promises
 * at once: a trade costs two stores, and reading a book never consumes random numbers, so watching
 * the market cannot change it.
 *
 * Invariants (checked by the property tests): levels are on the tick grid and inside the limits,
 * bids strictly fall and asks strictly rise, best bid < best ask, and best bid ≤ last ≤ best ask.
 */
import { hashSeed } from './random';
import type { PriceLimits } from './price-limits';
import { tickDown, tickUp } from './ticks';
import type { BookLevel } from './types';

export const MAX_DEPTH = 10;

export class OrderBookStore {
  /** Best bid per symbol; 0 = no bids (at the lower limit). */
  readonly bid: Int32Array;
  /** Best ask per symbol; 0 = no asks (at the upper limit). */
  readonly ask: Int32Array;
  /** Changes whenever the touch does, so derived quantities change with it. */
  readonly version: Uint32Array;
  /** Typical shares per level, from the symbol's size. */
  private readonly depthUnit: Float64Array;
  private readonly seed: number;

  constructor(size: number, seed: string | number) {
    this.bid = new Int32Array(size);
    this.ask = new Int32Array(size);
    this.version = new Uint32Array(size);
    this.depthUnit = new Float64Array(size).fill(100);
    this.seed = hashSeed(`${seed}:book`);
  }

  /** Sets how deep a symbol's book is: a level holds about this many shares. */
  setDepthUnit(i: number, shares: number): void {
    this.depthUnit[i] = Math.max(1, shares);
  }

  /**
   * Places the touch after a trade at `price`: a buyer took the ask, so the ask stays at the trade
   * price and the bid is one tick below (and the mirror for a seller). At a limit the far side is
   * empty: nobody sells below the upper limit when buyers queue at it.
   */
  afterTrade(i: number, price: number, buyerInitiated: boolean, limits: PriceLimits): void {
    if (buyerInitiated) {
      this.ask[i] = price >= limits.upper ? 0 : price;
      this.bid[i] =
        price >= limits.upper ? limits.upper : price > limits.lower ? tickDown(price) : 0;
    } else {
      this.bid[i] = price <= limits.lower ? 0 : price;
      this.ask[i] = price <= limits.lower ? limits.lower : price < limits.upper ? tickUp(price) : 0;
    }
    this.version[i] = (this.version[i]! + 1) >>> 0;
  }

  /** Centres the book on a reference price (day start, auction): bid one tick below, ask at it. */
  centre(i: number, price: number, limits: PriceLimits): void {
    this.afterTrade(i, price, true, limits);
  }

  /** Quantity at a level, a deterministic function of the book's state. */
  private qty(i: number, level: number, side: number): number {
    let h = Math.imul(this.seed ^ (i * 0x9e3779b1), 0x85ebca6b) ^ this.version[i]!;
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) ^ (level * 2 + side);
    h = Math.imul(h ^ (h >>> 16), 0x27d4eb2d);
    const u = ((h ^ (h >>> 15)) >>> 0) / 4294967296;
    // Deeper levels hold a little more, as on a real screen; 0.2–2.0× spread around the unit.
    return Math.max(1, Math.round(this.depthUnit[i]! * (1 + level * 0.12) * (0.2 + 1.8 * u * u)));
  }

  /** The best `depth` levels per side. */
  levels(i: number, depth: number, limits: PriceLimits): { bids: BookLevel[]; asks: BookLevel[] } {
    const bids: BookLevel[] = [];
    const asks: BookLevel[] = [];
    for (let p = this.bid[i]!, l = 0; p > 0 && p >= limits.lower && l < depth; l++) {
      bids.push({ price: p, qty: this.qty(i, l, 0) });
      p = tickDown(p);
    }
    for (let p = this.ask[i]!, l = 0; p > 0 && p <= limits.upper && l < depth; l++) {
      asks.push({ price: p, qty: this.qty(i, l, 1) });
      p = tickUp(p);
    }
    return { bids, asks };
  }

  /** Size available at the best level on the side a taker hits (for sizing trades). */
  touchQty(i: number, buyerInitiated: boolean): number {
    return this.qty(i, 0, buyerInitiated ? 1 : 0);
  }
}
