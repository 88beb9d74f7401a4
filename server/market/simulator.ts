/**
 * The default MarketFeed: a seeded, deterministic simulator of KOSPI and KOSDAQ.
 *
 * Time is event-driven. Trades arrive as one Poisson stream over the whole market (rate
 * `ticksPerSecond`), each picking a symbol in proportion to its activity; session boundaries, VI
 * releases, after-hours matches and a once-a-second publisher are timers in the same loop. Each event
 * carries its own time, so the market depends on the seed and the instants asked for, never on how
 * often or how late advanceTo is called.
 *
 * Rules obeyed (MARKET-RULES.md): prices on the tick grid and inside ±30 % limits; sessions in
 * Asia/Seoul with the holiday calendar and random auction ends; dynamic (3 % / 6 %) and static (10 %)
 * VI with a 2-minute call auction plus a random end within 30 s; circuit breaker at −8 % for a minute;
 * books never crossed. See docs/market.md for the model.
 */
import type { TradingCalendar } from './calendar';
import {
  loadCalendar,
  loadCalibration,
  loadFxReference,
  loadIndexHistory,
  loadInstruments,
  type Calibration,
  type FxReference,
  type IndexDay,
} from './data-files';
import { FeedBase } from './feed-base';
import { FxBoard } from './fx';
import { syntheticDailyHistory } from './history';
import { IndexCalculator, INDEX_NAMES } from './indices';
import { typicalDailyVolume } from './instruments';
import { MarketState } from './market-state';
import { clampToLimits } from './price-limits';
import { intradayProfile, PriceProcess } from './price-process';
import { Random } from './random';
import { SessionClock, SINGLE_PRICE_INTERVAL_MS, type SessionPhase } from './sessions';
import { dayToIsoDate, isoDateToDay, seoulDayNumber, seoulMidnight } from './seoul-time';
import { roundToTick } from './ticks';
import type {
  Candle,
  CorporateAction,
  FeedSessionState,
  FxRate,
  IndexQuote,
  Instrument,
  Market,
} from './types';

export interface SimulatorOptions {
  /** Same seed, same market. */
  readonly seed?: string | number;
  /** Epoch ms the simulation starts at (default: now). */
  readonly start?: number;
  /** Average trades per second over the whole market during continuous trading. */
  readonly ticksPerSecond?: number;
  /** Open around the clock, labelled as demo in the session state. */
  readonly demo?: boolean;
  /** Use only the first n instruments (tests); default all. */
  readonly maxInstruments?: number;
  /** Data, when not the files in server/market/data (tests hand in fixtures). */
  readonly instruments?: readonly Instrument[];
  readonly calendar?: TradingCalendar;
  readonly calibration?: Calibration;
  readonly fxReference?: readonly FxReference[];
  readonly indexHistory?: readonly IndexDay[];
  /** Trading days of synthetic daily history behind each stock's chart (default 250). */
  readonly historyDays?: number;
  /** Turn volatility interruptions off (default on). */
  readonly volatilityInterruptions?: boolean;
}

/** Overnight news moves the opening price: this share of a day's variance arrives at the open. */
const OVERNIGHT_VARIANCE = 0.2;
/** Length of continuous trading, 09:00–15:20. */
const CONTINUOUS_SECONDS = 22_800;
const VI_AUCTION_MS = 120_000;
const VI_RANDOM_END_MS = 30_000;
const STATIC_VI = 0.1;
const DYNAMIC_VI_KOSPI200 = 0.03;
const DYNAMIC_VI_OTHER = 0.06;
/** Circuit breaker: index down more than 8 % for a minute halts that market 20 minutes. */
const CB_DROP = -0.08;
const CB_HOLD_MS = 60_000;
const CB_HALT_MS = 20 * 60_000;
/** Off-hours closing-price trading is thin: this share of the regular trade rate. */
const OFF_HOURS_RATE_SHARE = 0.03;
/** Shares of traded volume by investor type, per market (KOSDAQ is mostly retail). */
const INVESTOR_WEIGHTS: Record<Market, readonly [number, number, number]> = {
  KOSPI: [0.55, 0.3, 0.15],
  KOSDAQ: [0.78, 0.14, 0.08],
};
/** Share of seller-initiated volume that is covered short selling. */
const SHORT_SHARE_KOSPI200 = 0.06;
const SHORT_SHARE_OTHER = 0.02;
const MARKET_NUMBER: Record<Market, number> = { KOSPI: 0, KOSDAQ: 1 };
const MARKETS: readonly Market[] = ['KOSPI', 'KOSDAQ'];

export class MarketSimulator extends FeedBase {
  readonly source = 'simulator' as const;
  readonly seed: string | number;
  readonly ticksPerSecond: number;
  private readonly rng: Random;
  private readonly process: PriceProcess;
  private readonly indexCalc: IndexCalculator;
  private readonly fx: FxBoard;
  private readonly sessions: SessionClock;
  private readonly calendar: TradingCalendar;
  private readonly viEnabled: boolean;
  private readonly historyDays: number;
  private readonly startDay: number;

  // Symbol choice: Walker's alias table over activity weights (O(1) per draw).
  private readonly aliasProb: Float64Array;
  private readonly aliasIndex: Int32Array;
  private readonly staticRef: Int32Array;
  private readonly lastTickNu: Float64Array;
  private readonly dynamicVi: Float64Array;
  private readonly shortShare: Float64Array;
  private readonly marketOf: Uint8Array;
  /** Mean shares per continuous trade, so a day's volume comes out near typicalDailyVolume. */
  private readonly tradeUnit: Float64Array;
  private readonly kospiMembers: number[] = [];
  private readonly kosdaqMembers: number[] = [];

  private time: number;
  private phase: SessionPhase;
  private day: number;
  /** Variance time in trading days (see price-process.ts) and when it was last advanced. */
  private nu = 0;
  private nuTime: number;
  private nextTickAt = Infinity;
  private nextPhaseAt: number;
  private nextSecondAt: number;
  private nextSinglePriceAt = Infinity;
  private nextViEndAt = Infinity;
  private readonly viActive: number[] = [];
  private readonly pendingActions: CorporateAction[] = [];
  private readonly historySeeded: Uint8Array;
  // Circuit breaker per market.
  private readonly cbBelowSince = [0, 0];
  private readonly cbHaltedUntil = [0, 0];
  private readonly cbFiredOnDay = [-1, -1];

  constructor(options: SimulatorOptions = {}) {
    const all = options.instruments ?? loadInstruments();
    const instruments = all.slice(0, options.maxInstruments ?? all.length);
    const seed = options.seed ?? 1;
    const state = new MarketState(instruments, seed, true);
    super(state);
    this.seed = seed;
    this.ticksPerSecond = options.ticksPerSecond ?? 2_000;
    this.viEnabled = options.volatilityInterruptions ?? true;
    this.historyDays = options.historyDays ?? 250;
    this.calendar = options.calendar ?? loadCalendar();
    const calibration = options.calibration ?? loadCalibration();
    this.rng = new Random(seed);
    this.process = new PriceProcess(
      instruments,
      {
        marketVol: {
          KOSPI: calibration.indexDailyVol.KOSPI,
          KOSDAQ: calibration.indexDailyVol.KOSDAQ,
        },
        marketCorrelation: calibration.kospiKosdaqCorrelation,
      },
      this.rng,
    );
    this.indexCalc = new IndexCalculator(
      instruments,
      state.last,
      Object.fromEntries(
        INDEX_NAMES.map((name) => [name, calibration.indexReference[name].close]),
      ) as Record<(typeof INDEX_NAMES)[number], number>,
    );
    this.fx = new FxBoard(options.fxReference ?? loadFxReference(), seed);
    this.sessions = new SessionClock({
      calendar: this.calendar,
      seed,
      demo: options.demo ?? false,
    });

    const n = instruments.length;
    this.staticRef = Int32Array.from(state.last);
    this.lastTickNu = new Float64Array(n);
    this.historySeeded = new Uint8Array(n);
    this.dynamicVi = Float64Array.from(instruments, (x) =>
      x.kospi200 ? DYNAMIC_VI_KOSPI200 : DYNAMIC_VI_OTHER,
    );
    this.shortShare = Float64Array.from(instruments, (x) =>
      x.kospi200 ? SHORT_SHARE_KOSPI200 : SHORT_SHARE_OTHER,
    );
    this.marketOf = Uint8Array.from(instruments, (x) => MARKET_NUMBER[x.market]);
    instruments.forEach((x, i) =>
      (x.market === 'KOSPI' ? this.kospiMembers : this.kosdaqMembers).push(i),
    );
    // Bigger companies trade more often; the square root keeps small caps from going silent.
    const weights = instruments.map((x) => Math.sqrt(x.referencePrice * x.listedShares));
    [this.aliasProb, this.aliasIndex] = aliasTable(weights);
    const totalWeight = weights.reduce((a, b) => a + b, 0);
    const tradesPerDay = this.ticksPerSecond * CONTINUOUS_SECONDS;
    this.tradeUnit = Float64Array.from(instruments, (x, i) =>
      Math.max(1, typicalDailyVolume(x) / ((tradesPerDay * weights[i]!) / totalWeight)),
    );

    const start = options.start ?? Date.now();
    this.time = start;
    this.nuTime = start;
    this.phase = this.sessions.phaseAt(start);
    this.day = isoDateToDay(this.sessions.state(start).tradingDate);
    this.startDay = this.day;
    for (let i = 0; i < n; i++) state.rollDay(i, this.day, instruments[i]!.referencePrice);
    state.marketAuction = isAuction(this.phase);
    this.seedIndexHistory(options.indexHistory ?? loadIndexHistory());
    this.nextPhaseAt = this.sessions.nextChange(start);
    this.nextSecondAt = start;
    if (this.phase === 'after-hours-single-price') this.nextSinglePriceAt = nextTen(start);
    this.scheduleTick(start);
  }

  now(): number {
    return this.time;
  }

  /** Runs every event up to t in time order. */
  advanceTo(t: number): void {
    if (!(t > this.time)) return;
    for (;;) {
      const next = Math.min(
        this.nextTickAt,
        this.nextPhaseAt,
        this.nextViEndAt,
        this.nextSinglePriceAt,
        this.nextSecondAt,
      );
      if (next > t) break;
      // Ties resolve in a fixed order (so 18:00's match comes before the close): determinism.
      if (next === this.nextSinglePriceAt) this.singlePriceMatch(next);
      else if (next === this.nextPhaseAt) this.onPhaseChange(next);
      else if (next === this.nextViEndAt) this.releaseVolatilityInterruptions(next);
      else if (next === this.nextSecondAt) this.onSecond(next);
      else this.onTick(next);
    }
    this.time = t;
  }

  // ---- time and variance ------------------------------------------------------------------

  private advanceNu(t: number): void {
    if (t <= this.nuTime) return;
    if (this.sessions.demo) {
      // Demo days have no session shape: a trading day's variance per 6.5 hours.
      this.nu += (t - this.nuTime) / 23_400_000;
    } else if (this.phase === 'continuous') {
      const s = this.sessions.schedule(this.day);
      const length = s.closingAuction - s.open;
      const mid = ((this.nuTime + t) / 2 - s.open) / length;
      this.nu +=
        ((t - this.nuTime) / length) *
        (1 - OVERNIGHT_VARIANCE) *
        intradayProfile(Math.min(1, Math.max(0, mid)));
    }
    this.nuTime = t;
  }

  private tickRate(): number {
    switch (this.phase) {
      case 'continuous':
        return this.ticksPerSecond;
      case 'pre-market':
      case 'after-hours-closing-price':
        return this.ticksPerSecond * OFF_HOURS_RATE_SHARE;
      default:
        return 0;
    }
  }

  private scheduleTick(from: number): void {
    const rate = this.tickRate();
    this.nextTickAt = rate > 0 ? from + this.rng.exponential(rate / 1000) : Infinity;
  }

  // ---- events -----------------------------------------------------------------------------

  private onPhaseChange(t: number): void {
    this.advanceNu(t);
    const before = this.phase;
    const day = seoulDayNumber(t);
    const phase = this.sessions.phaseAt(t);
    const newDay = this.sessions.demo
      ? day !== this.day
      : phase === 'pre-market' && day !== this.day;
    if (newDay) this.rollDay(day);
    this.phase = phase;
    this.state.marketAuction = isAuction(phase);
    if (phase === 'continuous' && before !== 'continuous' && !this.sessions.demo) {
      this.nu += OVERNIGHT_VARIANCE;
      this.auctionMatchAll(t, true);
    }
    if (phase === 'post-close' && before === 'closing-auction') this.auctionMatchAll(t, false);
    this.nextSinglePriceAt =
      phase === 'after-hours-single-price' ? t + SINGLE_PRICE_INTERVAL_MS : Infinity;
    this.nextPhaseAt = this.sessions.nextChange(t);
    this.scheduleTick(t);
    if (this.sessionBroadcast.active) this.sessionBroadcast.emit(this.session());
  }

  private rollDay(day: number): void {
    const s = this.state;
    const date = dayToIsoDate(day);
    const due = this.pendingActions.filter((a) => a.date <= date);
    for (let i = 0; i < s.n; i++) {
      const close = s.last[i]!;
      s.rollDay(i, day, close);
      s.clearTape(i);
      this.staticRef[i] = close;
    }
    for (const action of due) this.applyCorporateAction(action, day);
    this.pendingActions.splice(
      0,
      this.pendingActions.length,
      ...this.pendingActions.filter((a) => !due.includes(a)),
    );
    this.indexCalc.rollDay();
    this.fx.rollDay();
    this.viActive.length = 0;
    this.nextViEndAt = Infinity;
    for (let m = 0; m < 2; m++) {
      this.cbHaltedUntil[m] = 0;
      this.cbBelowSince[m] = 0;
    }
    s.halted.fill(0);
    this.day = day;
  }

  private applyCorporateAction(action: CorporateAction, day: number): void {
    const i = this.state.codeIndex.get(action.code);
    if (i === undefined) return;
    const s = this.state;
    const oldPrice = s.last[i]!;
    const base = Math.max(1, roundToTick(oldPrice * action.factor));
    const shares = Math.round(s.shares[i]! / action.factor);
    this.indexCalc.onShares(i, oldPrice, shares, base);
    s.shares[i] = shares;
    s.rollDay(i, day, base);
    this.staticRef[i] = base;
    this.process.rebase(i, action.factor);
    const list = this.actions.get(action.code) ?? [];
    list.push(action);
    this.actions.set(action.code, list);
  }

  /**
   * Schedules a corporate action: from the start of `date` prices are multiplied by `factor` and
   * the share count divided by it. Past candles are then adjusted on request (candles(..., {adjust})).
   */
  scheduleCorporateAction(action: CorporateAction): void {
    if (!(action.factor > 0)) throw new Error('A corporate action needs a positive factor');
    this.pendingActions.push(action);
  }

  /**
   * Takes back a scheduled action of `code` on `date` that has not taken effect yet (staff moved
   * or withdrew a corporate action before its record date; server/modules/corporate).
   */
  unscheduleCorporateAction(code: string, date: string): void {
    const i = this.pendingActions.findIndex((a) => a.code === code && a.date === date);
    if (i !== -1) this.pendingActions.splice(i, 1);
  }

  private onSecond(t: number): void {
    this.advanceNu(t);
    this.fx.step(t);
    const trading =
      this.phase === 'continuous' || this.phase === 'closing-auction' || this.sessions.demo;
    if (trading) {
      this.indexCalc.mark();
      for (let k = 0; k < INDEX_NAMES.length; k++) {
        this.indexCandleStore.add(k, t, Math.round(this.indexCalc.value(k) * 100) / 100, 0);
      }
      this.checkCircuitBreaker(t);
    }
    if (this.indexBroadcast.active && trading) this.indexBroadcast.emit(this.indices());
    if (this.fxBroadcast.active) this.fxBroadcast.emit(this.fxRates());
    this.nextSecondAt = t + 1000;
  }

  private onTick(t: number): void {
    this.scheduleTick(t);
    if (this.phase === 'continuous') this.continuousTrade(t);
    else this.closingPriceTrade(t);
  }

  private pickSymbol(): number {
    const u = this.rng.next() * this.aliasProb.length;
    const k = Math.floor(u);
    return u - k < this.aliasProb[k]! ? k : this.aliasIndex[k]!;
  }

  /** Hot path: one trade in continuous trading. */
  private continuousTrade(t: number): void {
    const s = this.state;
    const i = this.pickSymbol();
    if (s.viUntil[i]! > 0 || s.halted[i]) return;
    this.advanceNu(t);
    const nu = this.nu;
    if (this.rng.next() < this.process.jumpsPerDay * (nu - this.lastTickNu[i]!)) {
      this.process.shock(i, this.process.drawJump(i));
    }
    this.lastTickNu[i] = nu;
    const upper = s.upper[i]!;
    const lower = s.lower[i]!;
    const fair = this.process.fair(i, nu);
    let price = roundToTick(fair > upper ? upper : fair < lower ? lower : fair);
    const last = s.last[i]!;
    if (this.viEnabled && s.seq[i]! > 0) {
      const ref = this.staticRef[i]!;
      if (
        Math.abs(price - last) >= this.dynamicVi[i]! * last ||
        Math.abs(price - ref) >= STATIC_VI * ref
      ) {
        this.startVolatilityInterruption(i, t);
        return;
      }
    }
    const bid = s.book.bid[i]!;
    const ask = s.book.ask[i]!;
    let buyer: boolean;
    if (price === last) {
      // No news: the trade bounces between the touch, as most real prints do.
      buyer = this.rng.next() < 0.5;
      price = buyer ? ask || bid : bid || ask;
    } else {
      buyer = ask > 0 ? price >= ask : price > bid;
    }
    this.trade(i, t, price, this.tradeSize(i, t), buyer, false, false);
  }

  /** Pre-market and after-hours closing-price trading: at the close, volume only. */
  private closingPriceTrade(t: number): void {
    const i = this.pickSymbol();
    const s = this.state;
    if (s.halted[i]) return;
    const price = this.phase === 'pre-market' ? s.prevClose[i]! : s.last[i]!;
    this.trade(
      i,
      t,
      price,
      Math.ceil(this.tradeSize(i, t) / 2),
      this.rng.next() < 0.5,
      true,
      false,
    );
  }

  private tradeSize(i: number, t: number): number {
    let shape = 1;
    if (this.phase === 'continuous' && !this.sessions.demo) {
      const sch = this.sessions.schedule(this.day);
      shape = intradayProfile((t - sch.open) / (sch.closingAuction - sch.open));
    }
    return Math.max(1, Math.round(this.tradeUnit[i]! * shape * this.rng.exponential(1)));
  }

  private trade(
    i: number,
    t: number,
    price: number,
    qty: number,
    buyerInitiated: boolean,
    offHours: boolean,
    auction: boolean,
  ): void {
    const s = this.state;
    const m = this.marketOf[i]!;
    const w = INVESTOR_WEIGHTS[m === 0 ? 'KOSPI' : 'KOSDAQ'];
    const u = this.rng.next();
    const buyerType = u < w[0] ? 0 : u < w[0] + w[1] ? 1 : 2;
    const v = this.rng.next();
    const sellerType = v < w[0] ? 0 : v < w[0] + w[1] ? 1 : 2;
    const short = sellerType !== 0 && !buyerInitiated && this.rng.next() < this.shortShare[i]! * 3;
    const old = s.last[i]!;
    s.recordTrade(i, {
      time: t,
      price,
      qty,
      buyerInitiated,
      offHours,
      auction,
      buyerType,
      sellerType,
      short,
    });
    if (!offHours && price !== old) this.indexCalc.onPrice(i, old, price);
  }

  /** A call auction's match: one trade at the fair price, clamped into the limits. */
  private auctionMatch(i: number, t: number): void {
    const s = this.state;
    const fair = this.process.fair(i, this.nu);
    const price = roundToTick(clampToLimits(fair, s.limits(i)));
    const qty = Math.max(1, Math.round(s.book.touchQty(i, true) * (2 + 3 * this.rng.next())));
    this.trade(i, t, price, qty, price >= s.last[i]!, false, true);
    this.staticRef[i] = price;
  }

  private auctionMatchAll(t: number, opening: boolean): void {
    const s = this.state;
    for (let i = 0; i < s.n; i++) {
      if (s.halted[i]) continue;
      if (!opening && s.viUntil[i]! > 0) s.viUntil[i] = 0;
      this.auctionMatch(i, t);
    }
    if (!opening) {
      this.viActive.length = 0;
      this.nextViEndAt = Infinity;
    }
  }

  private startVolatilityInterruption(i: number, t: number): void {
    const until = t + VI_AUCTION_MS + Math.floor(this.rng.next() * VI_RANDOM_END_MS);
    this.state.viUntil[i] = until;
    this.viActive.push(i);
    if (until < this.nextViEndAt) this.nextViEndAt = until;
    this.state.publishStatus(i);
  }

  private releaseVolatilityInterruptions(t: number): void {
    this.advanceNu(t);
    const s = this.state;
    const still: number[] = [];
    for (const i of this.viActive) {
      if (s.viUntil[i]! <= t) {
        s.viUntil[i] = 0;
        if (this.phase === 'continuous') this.auctionMatch(i, t);
        else s.publishStatus(i);
      } else still.push(i);
    }
    this.viActive.splice(0, this.viActive.length, ...still);
    this.nextViEndAt = still.reduce((min, i) => Math.min(min, s.viUntil[i]!), Infinity);
  }

  /** After-hours single-price trading: every 10 minutes, within ±10 % of the close. */
  private singlePriceMatch(t: number): void {
    this.advanceNu(t);
    const s = this.state;
    for (let i = 0; i < s.n; i++) {
      if (this.rng.next() > 0.3) continue;
      const close = s.last[i]!;
      const band = {
        upper: Math.min(s.upper[i]!, Math.floor(close * 1.1)),
        lower: Math.max(s.lower[i]!, Math.ceil(close * 0.9)),
      };
      const raw = close * Math.exp(0.2 * this.process.dailyVol[i]! * this.rng.normal());
      let price = roundToTick(clampToLimits(raw, band));
      if (price > band.upper || price < band.lower) price = close;
      const qty = Math.max(1, Math.round(s.book.touchQty(i, true) * 0.3 * this.rng.next()));
      this.trade(i, t, price, qty, price >= close, true, true);
    }
    const next = t + SINGLE_PRICE_INTERVAL_MS;
    this.nextSinglePriceAt = next <= this.nextPhaseAt ? next : Infinity;
  }

  private checkCircuitBreaker(t: number): void {
    for (let m = 0; m < 2; m++) {
      const members = m === 0 ? this.kospiMembers : this.kosdaqMembers;
      if (this.cbHaltedUntil[m]! > 0) {
        if (t >= this.cbHaltedUntil[m]!) {
          this.cbHaltedUntil[m] = 0;
          for (const i of members) {
            this.state.halted[i] = 0;
            if (this.phase === 'continuous') this.auctionMatch(i, t);
          }
          if (this.sessionBroadcast.active) this.sessionBroadcast.emit(this.session());
        }
        continue;
      }
      if (this.indexCalc.changeRate(m) > CB_DROP || this.cbFiredOnDay[m] === this.day) {
        this.cbBelowSince[m] = 0;
        continue;
      }
      if (this.cbBelowSince[m] === 0) this.cbBelowSince[m] = t;
      else if (t - this.cbBelowSince[m]! >= CB_HOLD_MS && this.phase === 'continuous') {
        this.cbHaltedUntil[m] = t + CB_HALT_MS;
        this.cbFiredOnDay[m] = this.day;
        for (const i of members) {
          this.state.halted[i] = 1;
          this.state.publishStatus(i);
        }
        if (this.sessionBroadcast.active) this.sessionBroadcast.emit(this.session());
      }
    }
  }

  // ---- queries ------------------------------------------------------------------------------

  indices(): IndexQuote[] {
    return INDEX_NAMES.map((_, k) => this.indexCalc.quote(k, this.time, true));
  }

  fxRates(): FxRate[] {
    return this.fx.rates(true);
  }

  session(): FeedSessionState {
    return {
      ...this.sessions.state(this.time),
      source: this.source,
      simulated: true,
      haltedMarkets: MARKETS.filter((_, m) => this.cbHaltedUntil[m]! > 0),
    };
  }

  /** The fair (unrounded) value of a stock now, for tests and diagnostics. */
  fairValue(code: string): number | undefined {
    const i = this.state.codeIndex.get(code);
    return i === undefined ? undefined : this.process.fair(i, this.nu);
  }

  /** Starts a VI on a symbol now (tests and demos; the model triggers them by itself too). */
  triggerVolatilityInterruption(code: string): void {
    const i = this.state.codeIndex.get(code);
    if (i !== undefined && this.state.viUntil[i] === 0)
      this.startVolatilityInterruption(i, this.time);
  }

  /** Moves a stock's fair value by a log amount (news; used by tests to force VI). */
  shock(code: string, logMove: number): void {
    const i = this.state.codeIndex.get(code);
    if (i !== undefined) this.process.shock(i, logMove);
  }

  protected override dailyHistory(i: number): Candle[] {
    if (this.historySeeded[i]) return [];
    this.historySeeded[i] = 1;
    const x = this.state.instruments[i]!;
    const dates: string[] = [];
    let d = this.startDay;
    for (let k = 0; k < this.historyDays; k++) {
      d = this.calendar.previousTradingDay(d);
      dates.unshift(dayToIsoDate(d));
    }
    return syntheticDailyHistory({
      seed: this.seed,
      code: x.code,
      lastClose: x.referencePrice,
      dailyVol: x.dailyVol,
      volume: typicalDailyVolume(x),
      dates,
    });
  }

  private seedIndexHistory(history: readonly IndexDay[]): void {
    const firstLive = seoulMidnight(this.startDay);
    INDEX_NAMES.forEach((name, k) => {
      const days = history
        .filter((h) => h.index === name)
        .map((h) => ({
          start: seoulMidnight(isoDateToDay(h.date)),
          open: h.open,
          high: h.high,
          low: h.low,
          close: h.close,
          volume: h.volume,
          turnover: h.amount,
        }))
        .filter((c) => c.start < firstLive);
      this.indexCandleStore.seed(k, '1d', days);
    });
  }
}

function isAuction(phase: SessionPhase): boolean {
  return phase === 'pre-market' || phase === 'opening-auction' || phase === 'closing-auction';
}

/** The next 10-minute mark strictly after t. */
function nextTen(t: number): number {
  return (Math.floor(t / SINGLE_PRICE_INTERVAL_MS) + 1) * SINGLE_PRICE_INTERVAL_MS;
}

/** Walker's alias method: after O(n) set-up, a weighted choice costs one uniform draw. */
function aliasTable(weights: readonly number[]): [Float64Array, Int32Array] {
  const n = weights.length;
  const total = weights.reduce((a, b) => a + b, 0);
  const prob = new Float64Array(n);
  const alias = new Int32Array(n);
  const scaled = weights.map((w) => (w * n) / total);
  const small: number[] = [];
  const large: number[] = [];
  scaled.forEach((p, i) => (p < 1 ? small : large).push(i));
  while (small.length && large.length) {
    const s = small.pop()!;
    const l = large.pop()!;
    prob[s] = scaled[s]!;
    alias[s] = l;
    scaled[l] = scaled[l]! + scaled[s]! - 1;
    (scaled[l] < 1 ? small : large).push(l);
  }
  for (const i of [...small, ...large]) {
    prob[i] = 1;
    alias[i] = i;
  }
  return [prob, alias];
}

/** Creates the default simulator over the full universe. */
export function createSimulator(options: SimulatorOptions = {}): MarketSimulator {
  return new MarketSimulator(options);
}
