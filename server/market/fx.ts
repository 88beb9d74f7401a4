/**
 * Simulated FX rates against the won for the currencies the product exchanges. Each rate is a
 * geometric random walk in wall-clock time (FX trades around the clock), from editable starting
 * levels in data/fx-reference.csv. KRW is 1 by definition. USDT follows USD with its own small
 * premium that reverts to zero, as a stablecoin's does.
 */
import type { FxReference } from './data-files';
import { Random } from './random';
import { DAY_MS } from './seoul-time';
import { FX_QUOTE_UNITS } from '../../contract/market';
import type { Currency, FxRate } from './types';

export class FxBoard {
  private readonly refs: readonly FxReference[];
  private readonly logRate: Float64Array;
  private readonly prevClose: Float64Array;
  private readonly rng: Random;
  private usdtPremium = 0;
  private lastTime: number | undefined;
  private time = 0;

  constructor(refs: readonly FxReference[], seed: string | number) {
    this.refs = refs;
    this.rng = new Random(`${seed}:fx`);
    this.logRate = Float64Array.from(refs, (r) => Math.log(r.krwPerUnit));
    this.prevClose = Float64Array.from(refs, (r) => r.krwPerUnit);
  }

  /** Advances every rate to time t. */
  step(t: number): void {
    this.time = t;
    if (this.lastTime === undefined || t <= this.lastTime) {
      this.lastTime ??= t;
      return;
    }
    const days = (t - this.lastTime) / DAY_MS;
    this.lastTime = t;
    const usd = this.refs.findIndex((r) => r.currency === 'USD');
    this.refs.forEach((r, k) => {
      if (r.currency === 'USDT') return;
      this.logRate[k] = this.logRate[k]! + r.dailyVol * Math.sqrt(days) * this.rng.normal();
    });
    const usdt = this.refs.findIndex((r) => r.currency === 'USDT');
    if (usdt >= 0 && usd >= 0) {
      // Ornstein–Uhlenbeck premium with a half-life of about a day.
      const keep = Math.exp(-0.7 * days);
      this.usdtPremium =
        this.usdtPremium * keep +
        this.refs[usdt]!.dailyVol * Math.sqrt(days) * this.rng.normal() * 0.5;
      this.logRate[usdt] =
        this.logRate[usd]! +
        Math.log(this.refs[usdt]!.krwPerUnit / this.refs[usd]!.krwPerUnit) +
        this.usdtPremium;
    }
  }

  /** Today's close becomes the reference for the change shown tomorrow. */
  rollDay(): void {
    this.refs.forEach((r, k) => {
      this.prevClose[k] = this.rate(k);
    });
  }

  private rate(k: number): number {
    const r = this.refs[k]!;
    if (r.currency === 'KRW') return 1;
    const f = 10 ** r.decimals;
    return Math.round(Math.exp(this.logRate[k]!) * f) / f;
  }

  rates(simulated: boolean): FxRate[] {
    return this.refs.map((r, k) => {
      const krwPerUnit = this.rate(k);
      const prev = this.prevClose[k]!;
      const f = 10 ** r.decimals;
      return {
        currency: r.currency,
        krwPerUnit,
        quoteUnit: FX_QUOTE_UNITS[r.currency],
        prevClose: prev,
        change: Math.round((krwPerUnit - prev) * f) / f,
        changeRate: Math.round((krwPerUnit / prev - 1) * 1e6) / 1e6,
        time: this.time,
        simulated,
      };
    });
  }

  rateOf(currency: Currency): number | undefined {
    const k = this.refs.findIndex((r) => r.currency === currency);
    return k < 0 ? undefined : this.rate(k);
  }
}
