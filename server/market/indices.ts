/**
 * KOSPI, KOSDAQ and KOSPI200 computed from their constituents: a market-cap-weighted index is
 * reference level × (Σ price·shares) / (Σ at the reference). The sums are kept incrementally, so a
 * trade costs one or two multiply-adds, not a pass over the market.
 *
 * KOSPI200 membership is approximated (the 200 largest KOSPI common shares) and uses full rather
 * than float-adjusted market cap; both are documented simplifications.
 */
import type { IndexName, IndexQuote, Instrument } from './types';

export const INDEX_NAMES: readonly IndexName[] = ['KOSPI', 'KOSDAQ', 'KOSPI200'];

export class IndexCalculator {
  /** Current Σ price·shares per index. */
  private readonly cap = new Float64Array(3);
  /** Σ price·shares that corresponds to `base` (the divisor, in index-points form). */
  private readonly divisor = new Float64Array(3);
  private readonly base = new Float64Array(3);
  private readonly prevClose = new Float64Array(3);
  private readonly open = new Float64Array(3);
  private readonly high = new Float64Array(3);
  private readonly low = new Float64Array(3);
  private readonly marketOf: Uint8Array;
  private readonly inK200: Uint8Array;
  private readonly shares: Float64Array;

  constructor(
    instruments: readonly Instrument[],
    prices: ArrayLike<number>,
    reference: Readonly<Record<IndexName, number>>,
  ) {
    const n = instruments.length;
    this.marketOf = new Uint8Array(n);
    this.inK200 = new Uint8Array(n);
    this.shares = new Float64Array(n);
    instruments.forEach((x, i) => {
      this.marketOf[i] = x.market === 'KOSPI' ? 0 : 1;
      this.inK200[i] = x.kospi200 ? 1 : 0;
      this.shares[i] = x.listedShares;
      const c = (prices[i] ?? 0) * x.listedShares;
      this.add(this.marketOf[i], c);
      if (x.kospi200) this.add(2, c);
    });
    INDEX_NAMES.forEach((name, k) => {
      this.divisor[k] = this.cap[k]!;
      this.base[k] = reference[name];
      this.prevClose[k] = reference[name];
    });
  }

  private add(k: number, delta: number): void {
    this.cap[k] = this.cap[k]! + delta;
  }

  /** Hot path: a constituent's price moved. */
  onPrice(i: number, oldPrice: number, newPrice: number): void {
    const d = (newPrice - oldPrice) * this.shares[i]!;
    this.add(this.marketOf[i]!, d);
    if (this.inK200[i]) this.add(2, d);
  }

  /**
   * A constituent's share count changed (split, issue). The divisor moves with the cap so the
   * index does not jump on an event that changes no one's wealth.
   */
  onShares(i: number, price: number, newShares: number, newPrice: number): void {
    const before = price * this.shares[i]!;
    const after = newPrice * newShares;
    const ks = this.inK200[i] ? [this.marketOf[i]!, 2] : [this.marketOf[i]!];
    for (const k of ks) {
      const value = this.value(k);
      this.add(k, after - before);
      this.divisor[k] = (this.cap[k]! * this.base[k]!) / value;
    }
    this.shares[i] = newShares;
  }

  value(k: number): number {
    return (this.base[k]! * this.cap[k]!) / this.divisor[k]!;
  }

  /** Records the level into the day's open/high/low (called on the publish timer). */
  mark(): void {
    for (let k = 0; k < 3; k++) {
      const v = this.value(k);
      if (this.open[k] === 0) this.open[k] = v;
      if (v > this.high[k]!) this.high[k] = v;
      if (this.low[k] === 0 || v < this.low[k]!) this.low[k] = v;
    }
  }

  /** A new trading day: today's close becomes the previous close. */
  rollDay(): void {
    for (let k = 0; k < 3; k++) {
      this.prevClose[k] = this.value(k);
      this.open[k] = 0;
      this.high[k] = 0;
      this.low[k] = 0;
    }
  }

  changeRate(k: number): number {
    return this.value(k) / this.prevClose[k]! - 1;
  }

  quote(k: number, time: number, simulated: boolean): IndexQuote {
    const value = round2(this.value(k));
    const prevClose = round2(this.prevClose[k]!);
    return {
      name: INDEX_NAMES[k]!,
      time,
      value,
      prevClose,
      change: round2(value - prevClose),
      changeRate: Math.round((value / prevClose - 1) * 1e6) / 1e6,
      open: this.open[k] ? round2(this.open[k]) : null,
      high: this.high[k] ? round2(this.high[k]) : null,
      low: this.low[k] ? round2(this.low[k]) : null,
      simulated,
    };
  }
}

/** Index levels are published to two decimals, as KRX does. */
function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
