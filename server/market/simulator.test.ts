import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketOf } from './candles';
import {
  loadCalendar,
  loadCalibration,
  loadFxReference,
  loadIndexHistory,
  loadInstruments,
} from './data-files';
import { priceLimits } from './price-limits';
import { seoulTime } from './seoul-time';
import { MarketSimulator, type SimulatorOptions } from './simulator';
import { isOnTick } from './ticks';
import type { Candle, Trade } from './types';

// Load the data once; each simulator gets a slice of the universe so properties run quickly.
const data = {
  instruments: loadInstruments(),
  calendar: loadCalendar(),
  calibration: loadCalibration(),
  fxReference: loadFxReference(),
  indexHistory: loadIndexHistory(),
};
const open = seoulTime('2026-03-23', 8, 50); // a Monday, before the opening auction ends
/** Samsung Electronics (a KOSPI200 name) and 59 others, to keep each run small. */
const universe = [
  data.instruments.find((x) => x.code === '005930')!,
  ...data.instruments.filter((x) => x.code !== '005930').slice(0, 59),
];
/** 30 trades a second over 60 names: about one trade per name every two seconds. */
const make = (options: SimulatorOptions = {}) =>
  new MarketSimulator({
    ...data,
    instruments: universe,
    ticksPerSecond: 30,
    start: open,
    ...options,
  });

/** Runs the simulator to `until`, checking every book after every trade of the watched symbols. */
function run(sim: MarketSimulator, until: number, step = 7_000) {
  const trades: Trade[] = [];
  const violations: string[] = [];
  const subs = sim.instruments().map((x) =>
    sim.trades$(x.code).subscribe((t) => {
      trades.push(t);
      const q = sim.quote(x.code)!;
      const { upper, lower } = priceLimits(q.prevClose);
      if (!isOnTick(t.price)) violations.push(`${x.code} off tick ${t.price}`);
      if (t.price > upper || t.price < lower)
        violations.push(`${x.code} outside limits ${t.price}`);
      const book = sim.book(x.code, 10)!;
      const bid = book.bids[0]?.price;
      const ask = book.asks[0]?.price;
      if (bid !== undefined && ask !== undefined && bid >= ask)
        violations.push(`${x.code} crossed`);
      if (t.session === 'regular') {
        if (bid !== undefined && bid > t.price) violations.push(`${x.code} bid above last`);
        if (ask !== undefined && ask < t.price) violations.push(`${x.code} ask below last`);
      }
      for (const side of [book.bids, book.asks]) {
        for (const l of side) {
          if (!isOnTick(l.price) || l.price > upper || l.price < lower || l.qty <= 0) {
            violations.push(`${x.code} bad level ${l.price}`);
          }
        }
      }
      for (let k = 1; k < book.bids.length; k++) {
        if (book.bids[k]!.price >= book.bids[k - 1]!.price) violations.push('bids not falling');
      }
      for (let k = 1; k < book.asks.length; k++) {
        if (book.asks[k]!.price <= book.asks[k - 1]!.price) violations.push('asks not rising');
      }
    }),
  );
  for (let t = sim.now() + step; t < until; t += step) sim.advanceTo(t);
  sim.advanceTo(until);
  subs.forEach((s) => s.unsubscribe());
  return { trades, violations };
}

describe('simulator properties', () => {
  it('every price is on its tick and inside its limits; books never cross and bracket the last trade', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const sim = make({ seed });
        const { trades, violations } = run(sim, seoulTime('2026-03-23', 10, 30));
        expect(trades.length).toBeGreaterThan(1_000);
        expect(violations.slice(0, 5)).toEqual([]);
      }),
      { numRuns: 5 },
    );
  });

  it('holds under heavy moves (high volatility, limits and VIs reached)', () => {
    const wild = data.instruments.slice(0, 40).map((x) => ({ ...x, dailyVol: 0.2 }));
    const sim = make({ seed: 3, instruments: wild });
    const { trades, violations } = run(sim, seoulTime('2026-03-23', 15, 45));
    expect(violations.slice(0, 5)).toEqual([]);
    expect(sim.quotes().some((q) => q.price === q.upperLimit || q.price === q.lowerLimit)).toBe(
      true,
    );
    expect(trades.some((t) => t.auction && t.session === 'regular')).toBe(true);
  });

  it('candles equal the trades in each bucket', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const sim = make({ seed, historyDays: 0 });
        const { trades } = run(sim, seoulTime('2026-03-23', 11));
        for (const code of ['005930', sim.instruments()[5]!.code]) {
          const mine = trades.filter((t) => t.code === code && t.session === 'regular');
          for (const interval of ['1m', '5m', '30m', '1d'] as const) {
            const expected = new Map<number, Candle>();
            for (const t of mine) {
              const [start] = bucketOf(interval, t.time);
              const c = expected.get(start);
              expected.set(start, {
                start,
                open: c ? c.open : t.price,
                high: Math.max(c?.high ?? t.price, t.price),
                low: Math.min(c?.low ?? t.price, t.price),
                close: t.price,
                volume: (c?.volume ?? 0) + t.qty,
                turnover: (c?.turnover ?? 0) + t.price * t.qty,
              });
            }
            expect(sim.candles(code, interval, { adjust: 'none' })).toEqual([...expected.values()]);
          }
        }
      }),
      { numRuns: 3 },
    );
  });

  it('is deterministic for a seed, whatever the driving interval', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const until = seoulTime('2026-03-23', 9, 40);
        const a = make({ seed });
        const b = make({ seed });
        run(a, until, 1_000);
        b.advanceTo(until);
        expect(b.quotes()).toEqual(a.quotes());
        expect(b.indices()).toEqual(a.indices());
        expect(b.book('005930')).toEqual(a.book('005930'));
        const c = make({ seed: seed + 1 });
        c.advanceTo(until);
        expect(c.quotes()).not.toEqual(a.quotes());
      }),
      { numRuns: 3 },
    );
  });
});

describe('simulator behaviour', () => {
  it('opens with an auction trade and trades only in session hours', () => {
    const sim = make({ seed: 11, ticksPerSecond: 5 });
    const { trades } = run(sim, seoulTime('2026-03-23', 18, 30));
    const at = (h: number, m: number) => seoulTime('2026-03-23', h, m);
    const opening = trades.filter((t) => t.auction && t.time < at(9, 1));
    expect(opening).toHaveLength(60);
    for (const t of trades) {
      const inRegular = t.time >= at(9, 0) && t.time <= at(15, 31);
      const inOffHours =
        (t.time >= at(8, 30) && t.time < at(8, 40)) ||
        (t.time >= at(15, 40) && t.time <= at(18, 0));
      expect(t.session === 'regular' ? inRegular : inOffHours).toBe(true);
    }
    expect(trades.some((t) => t.session === 'regular' && t.auction && t.time >= at(15, 30))).toBe(
      true,
    );
    expect(sim.session().phase).toBe('closed');
    expect(sim.session().simulated).toBe(true);
    expect(sim.session().source).toBe('simulator');
  });

  it('does not trade on a holiday', () => {
    const sim = make({ seed: 2, start: seoulTime('2026-03-02', 8) });
    sim.advanceTo(seoulTime('2026-03-02', 17));
    expect(sim.quotes().every((q) => q.volume === 0)).toBe(true);
    expect(sim.session().tradingDate).toBe('2026-03-03');
  });

  it('a VI stops trading in the symbol for a 2-minute call auction, then matches once', () => {
    const sim = make({ seed: 5, start: seoulTime('2026-03-23', 10) });
    sim.advanceTo(seoulTime('2026-03-23', 10, 1));
    const code = '005930';
    const trades: Trade[] = [];
    const sub = sim.trades$(code).subscribe((t) => trades.push(t));
    sim.shock(code, 0.08); // a KOSPI200 name: 3 % from the last trade triggers a dynamic VI
    let viAt = 0;
    for (let t = sim.now(); t < seoulTime('2026-03-23', 10, 10) && !viAt; t += 100) {
      sim.advanceTo(t);
      if (sim.quote(code)!.vi) viAt = t;
    }
    expect(viAt).toBeGreaterThan(0);
    expect(sim.book(code)!.auction).toBe(true);
    const before = trades.length;
    sim.advanceTo(viAt + 119_000);
    expect(trades.length).toBe(before);
    expect(sim.quote(code)!.vi).toBe(true);
    sim.advanceTo(viAt + 151_000);
    expect(sim.quote(code)!.vi).toBe(false);
    const match = trades[before]!;
    expect(match.auction).toBe(true);
    expect(match.time - viAt).toBeGreaterThanOrEqual(119_900);
    expect(match.time - viAt).toBeLessThanOrEqual(150_100);
    sub.unsubscribe();
  });

  it('applies a split at the next day and adjusts earlier candles', () => {
    const sim = make({ seed: 9, start: seoulTime('2026-03-23', 9, 0, 40), historyDays: 5 });
    const code = '005930';
    sim.scheduleCorporateAction({ code, date: '2026-03-24', factor: 0.5, kind: 'split' });
    sim.advanceTo(seoulTime('2026-03-23', 16));
    const closeBefore = sim.quote(code)!.price;
    sim.advanceTo(seoulTime('2026-03-24', 10));
    const q = sim.quote(code)!;
    expect(q.prevClose).toBe(Math.round(closeBefore / 2 / 100) * 100);
    const raw = sim.candles(code, '1d', { adjust: 'none' });
    const back = sim.candles(code, '1d', { adjust: 'backward' });
    const fwd = sim.candles(code, '1d', { adjust: 'forward' });
    expect(raw.at(-2)!.close).toBe(closeBefore);
    expect(back.at(-2)!.close).toBe(Math.round(closeBefore * 0.5));
    expect(back.at(-1)).toEqual(raw.at(-1));
    expect(fwd.at(-2)).toEqual(raw.at(-2));
    expect(fwd.at(-1)!.close).toBe(Math.round(raw.at(-1)!.close / 0.5));
    expect(sim.corporateActions(code)).toHaveLength(1);
  });

  it('demo mode trades at 3 a.m. on a Sunday and says so', () => {
    const sim = make({ seed: 1, demo: true, start: seoulTime('2026-03-22', 3) });
    sim.advanceTo(seoulTime('2026-03-22', 3, 5));
    expect(sim.quotes().some((q) => q.volume > 0)).toBe(true);
    expect(sim.session()).toMatchObject({ phase: 'continuous', demo: true, simulated: true });
  });

  it('publishes indices, FX, flows, short selling, rankings and industries', () => {
    const sim = make({ seed: 4 });
    sim.advanceTo(seoulTime('2026-03-23', 11));
    const idx = sim.indices();
    expect(idx.map((x) => x.name)).toEqual(['KOSPI', 'KOSDAQ', 'KOSPI200']);
    expect(idx.every((x) => x.simulated && x.value > 0 && x.open !== null)).toBe(true);
    expect(sim.indexCandles('KOSPI', '1d').length).toBeGreaterThan(200);
    expect(sim.fxRates().map((r) => r.currency)).toEqual([
      'CNY',
      'TWD',
      'HKD',
      'USD',
      'THB',
      'JPY',
      'VND',
      'MYR',
      'KRW',
      'USDT',
    ]);
    expect(sim.fxRates().find((r) => r.currency === 'KRW')!.krwPerUnit).toBe(1);
    // The yen and the dong are quoted per 100 (FX_QUOTE_UNITS), the rest per unit.
    expect(Object.fromEntries(sim.fxRates().map((r) => [r.currency, r.quoteUnit]))).toMatchObject({
      JPY: 100,
      VND: 100,
      USD: 1,
      KRW: 1,
      USDT: 1,
    });
    const flows = sim.investorFlows('KOSPI')!;
    const total = Object.values(flows.byType);
    expect(total.reduce((a, s) => a + s.netQty, 0)).toBe(0);
    expect(sim.shortSelling('005930')!.shortQty).toBeGreaterThan(0);
    const gainers = sim.rankings('gainers', { limit: 5 });
    expect(gainers).toHaveLength(5);
    expect(gainers[0]!.changeRate).toBeGreaterThanOrEqual(gainers[4]!.changeRate);
    expect(sim.industries().reduce((a, g) => a + g.count, 0)).toBe(60);
    expect(sim.candles('005930', '1d').length).toBe(251);
  });
});
