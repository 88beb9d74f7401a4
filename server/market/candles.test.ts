import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adjustCandles, aggregateCandles, bucketOf, CandleStore } from './candles';
import { formatSeoul, seoulTime } from './seoul-time';
import type { Candle } from './types';

describe('candle buckets in Asia/Seoul', () => {
  const t = seoulTime('2026-03-19', 10, 7, 30); // Thursday
  it.each([
    ['1m', '2026-03-19T10:07:00+09:00'],
    ['5m', '2026-03-19T10:05:00+09:00'],
    ['15m', '2026-03-19T10:00:00+09:00'],
    ['30m', '2026-03-19T10:00:00+09:00'],
    ['1d', '2026-03-19T00:00:00+09:00'],
    ['1w', '2026-03-16T00:00:00+09:00'],
    ['1M', '2026-03-01T00:00:00+09:00'],
  ] as const)('%s starts at %s', (interval, start) => {
    expect(formatSeoul(bucketOf(interval, t)[0])).toBe(start);
  });
});

describe('CandleStore', () => {
  it('builds OHLCV from trades and closes buckets as time moves on', () => {
    const store = new CandleStore(1);
    const at = (m: number, s = 0) => seoulTime('2026-03-19', 9, m, s);
    store.add(0, at(0, 1), 100, 10);
    store.add(0, at(0, 30), 105, 5);
    store.add(0, at(0, 59), 99, 1);
    store.add(0, at(1, 0), 101, 2);
    const ones = store.list(0, '1m');
    expect(ones).toHaveLength(2);
    expect(ones[0]).toMatchObject({ open: 100, high: 105, low: 99, close: 99, volume: 16 });
    expect(ones[0]!.turnover).toBe(100 * 10 + 105 * 5 + 99);
    expect(ones[1]).toMatchObject({ open: 101, high: 101, low: 101, close: 101, volume: 2 });
    expect(store.list(0, '1d')).toEqual([
      expect.objectContaining({ open: 100, high: 105, low: 99, close: 101, volume: 18 }),
    ]);
  });

  it('matches a direct aggregation for any trade sequence', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            dt: fc.integer({ min: 0, max: 400_000 }),
            price: fc.integer({ min: 1, max: 1_000 }),
            qty: fc.integer({ min: 1, max: 100 }),
          }),
          { minLength: 1, maxLength: 200 },
        ),
        (steps) => {
          const store = new CandleStore(1);
          let t = seoulTime('2026-03-19', 9);
          const trades = steps.map((s) => ({ ...s, t: (t += s.dt) }));
          for (const tr of trades) store.add(0, tr.t, tr.price, tr.qty);
          for (const interval of ['1m', '5m', '30m', '1d'] as const) {
            const expected = new Map<number, Candle>();
            for (const tr of trades) {
              const [start] = bucketOf(interval, tr.t);
              const c = expected.get(start);
              expected.set(
                start,
                c
                  ? {
                      ...c,
                      high: Math.max(c.high, tr.price),
                      low: Math.min(c.low, tr.price),
                      close: tr.price,
                      volume: c.volume + tr.qty,
                      turnover: c.turnover + tr.price * tr.qty,
                    }
                  : {
                      start,
                      open: tr.price,
                      high: tr.price,
                      low: tr.price,
                      close: tr.price,
                      volume: tr.qty,
                      turnover: tr.price * tr.qty,
                    },
              );
            }
            expect(store.list(0, interval)).toEqual([...expected.values()]);
          }
        },
      ),
      { numRuns: 50 },
    );
  });
});

describe('corporate action adjustment', () => {
  const day = (date: string, close: number, volume = 100): Candle => ({
    start: seoulTime(date, 0),
    open: close,
    high: close,
    low: close,
    close,
    volume,
    turnover: close * volume,
  });
  const series = [
    day('2026-03-18', 10_000),
    day('2026-03-19', 10_200),
    day('2026-03-20', 5_100, 200),
  ];
  const split = [{ code: 'X', date: '2026-03-20', factor: 0.5, kind: 'split' as const }];

  it('backward: earlier candles move to the new basis', () => {
    const out = adjustCandles(series, split, 'backward');
    expect(out.map((c) => c.close)).toEqual([5_000, 5_100, 5_100]);
    expect(out.map((c) => c.volume)).toEqual([200, 200, 200]);
  });

  it('forward: later candles move to the old basis', () => {
    const out = adjustCandles(series, split, 'forward');
    expect(out.map((c) => c.close)).toEqual([10_000, 10_200, 10_200]);
    expect(out[2]!.volume).toBe(100);
  });

  it('none leaves the series as traded', () => {
    expect(adjustCandles(series, split, 'none')).toEqual(series);
  });

  it('weeks and months aggregate days', () => {
    const weeks = aggregateCandles(adjustCandles(series, split, 'backward'), '1w');
    expect(weeks).toHaveLength(1);
    expect(weeks[0]).toMatchObject({ open: 5_000, close: 5_100, volume: 600 });
  });
});
