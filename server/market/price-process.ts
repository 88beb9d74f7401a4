/**
 * The simulator's price model: each stock's fair log price is
 *
 *   anchor + β·σ_m·(√ρ·C + √(1-ρ)·E_m) + s_ind·I_industry + x_idio (+ jumps inside x_idio)
 *
 * where C is a factor common to both markets, E_m one per market (KOSPI, KOSDAQ), I one per
 * industry and x one per stock — all Brownian in "variance time" ν, measured in trading days. The
 * simulator advances ν with the intraday volatility profile (fast at the open and close, quiet at
 * midday, still when closed, plus an overnight step at the open), so every source of variation keeps
 * the same daily variance as the calibration while following the day's pattern.
 *
 * Factors are advanced lazily: each keeps the ν it was last advanced to, and a Brownian increment
 * over any gap is one normal draw. So a tick costs four normals, whatever the number of industries.
 */
import type { Random } from './random';
import type { Instrument, Market } from './types';

export interface PriceModelParameters {
  /** Daily volatility of each market's index. */
  readonly marketVol: Readonly<Record<Market, number>>;
  /** Correlation of the two markets' daily returns. */
  readonly marketCorrelation: number;
  /** Share of a stock's non-market variance that comes from its industry. */
  readonly industryShare?: number;
  /** Expected jumps per stock per trading day. */
  readonly jumpsPerDay?: number;
}

const MARKET_INDEX: Record<Market, number> = { KOSPI: 0, KOSDAQ: 1 };
/** The market part never explains more than this share of a stock's variance (betas are noisy). */
const MAX_MARKET_SHARE = 0.7;
/** Jump sizes are (1.5 + 1.5·Exp(1)) daily vols: mean 3σ, second moment 13.5σ². */
const JUMP_SECOND_MOMENT = 13.5;

export class PriceProcess {
  private readonly n: number;
  private readonly anchor: Float64Array;
  private readonly idio: Float64Array;
  private readonly idioNu: Float64Array;
  private readonly idioVol: Float64Array;
  private readonly marketLoad: Float64Array;
  private readonly industryLoad: Float64Array;
  private readonly marketOf: Uint8Array;
  private readonly industryOf: Uint16Array;
  /** Common factor at [0], market factors at [1 + market], industries after them. */
  private readonly factor: Float64Array;
  private readonly factorNu: Float64Array;
  private readonly a: number;
  private readonly b: number;
  readonly jumpsPerDay: number;
  readonly industries: readonly string[];
  readonly dailyVol: Float64Array;

  constructor(
    instruments: readonly Instrument[],
    params: PriceModelParameters,
    private readonly rng: Random,
  ) {
    const n = instruments.length;
    this.n = n;
    this.industries = [...new Set(instruments.map((x) => x.industry))].sort();
    const industryIndex = new Map(this.industries.map((name, k) => [name, k]));
    this.anchor = new Float64Array(n);
    this.idio = new Float64Array(n);
    this.idioNu = new Float64Array(n);
    this.idioVol = new Float64Array(n);
    this.marketLoad = new Float64Array(n);
    this.industryLoad = new Float64Array(n);
    this.marketOf = new Uint8Array(n);
    this.industryOf = new Uint16Array(n);
    this.dailyVol = new Float64Array(n);
    this.factor = new Float64Array(3 + this.industries.length);
    this.factorNu = new Float64Array(3 + this.industries.length);
    this.a = Math.sqrt(params.marketCorrelation);
    this.b = Math.sqrt(1 - params.marketCorrelation);
    this.jumpsPerDay = params.jumpsPerDay ?? 0.04;
    const industryShare = params.industryShare ?? 0.3;
    instruments.forEach((x, i) => {
      const total = x.dailyVol ** 2;
      const sigmaM = params.marketVol[x.market];
      const marketVar = Math.min((x.beta * sigmaM) ** 2, MAX_MARKET_SHARE * total);
      const rest = total - marketVar;
      const jumpVar = this.jumpsPerDay * JUMP_SECOND_MOMENT * total;
      this.anchor[i] = Math.log(x.referencePrice);
      this.dailyVol[i] = x.dailyVol;
      this.marketOf[i] = MARKET_INDEX[x.market];
      this.industryOf[i] = industryIndex.get(x.industry) ?? 0;
      this.marketLoad[i] = Math.sign(x.beta || 1) * Math.sqrt(marketVar);
      this.industryLoad[i] = Math.sqrt(industryShare * rest);
      // Jumps are part of the stock's own variance: what they add is taken from the diffusion.
      this.idioVol[i] = Math.sqrt(Math.max(0.1 * total, (1 - industryShare) * rest - jumpVar));
    });
  }

  private advanceFactor(f: number, nu: number): number {
    const gap = nu - this.factorNu[f]!;
    if (gap > 0) {
      this.factor[f] = this.factor[f]! + Math.sqrt(gap) * this.rng.normal();
      this.factorNu[f] = nu;
    }
    return this.factor[f]!;
  }

  /** The fair log price of stock i at variance time nu (advancing its factors to nu). */
  fairLog(i: number, nu: number): number {
    const m = this.marketOf[i]!;
    const common = this.advanceFactor(0, nu);
    const market = this.advanceFactor(1 + m, nu);
    const industry = this.advanceFactor(3 + this.industryOf[i]!, nu);
    const gap = nu - this.idioNu[i]!;
    if (gap > 0) {
      this.idio[i] = this.idio[i]! + this.idioVol[i]! * Math.sqrt(gap) * this.rng.normal();
      this.idioNu[i] = nu;
    }
    return (
      this.anchor[i]! +
      this.marketLoad[i]! * (this.a * common + this.b * market) +
      this.industryLoad[i]! * industry +
      this.idio[i]!
    );
  }

  fair(i: number, nu: number): number {
    return Math.exp(this.fairLog(i, nu));
  }

  /** Draws a jump for stock i: a log move of a few daily vols, either way. */
  drawJump(i: number): number {
    const size = this.dailyVol[i]! * (1.5 + 1.5 * this.rng.exponential(1));
    return this.rng.next() < 0.5 ? -size : size;
  }

  /** Moves the stock's fair value by a log amount (news, a jump). */
  shock(i: number, logMove: number): void {
    this.idio[i] = this.idio[i]! + logMove;
  }

  /** A corporate action multiplies every price by factor from now on. */
  rebase(i: number, factor: number): void {
    this.anchor[i] = this.anchor[i]! + Math.log(factor);
  }

  get size(): number {
    return this.n;
  }
}

/**
 * Relative volatility through the continuous session (τ = 0 at 09:00, 1 at 15:20): the familiar
 * U shape, about 3× the midday level in the first minutes and 2× near the close. Normalised so its
 * mean over the session is 1; the simulator multiplies it into ν's rate.
 */
export function intradayProfile(tau: number): number {
  return (1 + 2 * Math.exp(-tau / 0.04) + 1 * Math.exp(-(1 - tau) / 0.04)) / PROFILE_MEAN;
}
const PROFILE_MEAN = (() => {
  let acc = 0;
  const steps = 10_000;
  for (let s = 0; s < steps; s++) {
    const tau = (s + 0.5) / steps;
    acc += 1 + 2 * Math.exp(-tau / 0.04) + 1 * Math.exp(-(1 - tau) / 0.04);
  }
  return acc / steps;
})();
