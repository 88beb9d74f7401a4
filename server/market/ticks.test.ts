import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ceilToTick,
  floorToTick,
  isOnTick,
  roundToTick,
  tickDown,
  tickSize,
  tickUp,
} from './ticks';

describe('tick sizes (KRX since 2023-01-25)', () => {
  it.each([
    [1, 1],
    [1_999, 1],
    [2_000, 5],
    [4_995, 5],
    [5_000, 10],
    [19_990, 10],
    [20_000, 50],
    [49_950, 50],
    [50_000, 100],
    [199_900, 100],
    [200_000, 500],
    [499_500, 500],
    [500_000, 1_000],
    [2_735_000, 1_000],
  ])('price %i has tick %i', (price, tick) => {
    expect(tickSize(price)).toBe(tick);
  });

  it('uses 5 won for ETF/ETN/ELW', () => {
    expect(tickSize(123_456, 'fund')).toBe(5);
  });

  it('steps across band boundaries with the tick of the side it lands on', () => {
    expect(tickUp(1_999)).toBe(2_000);
    expect(tickUp(2_000)).toBe(2_005);
    expect(tickDown(2_000)).toBe(1_999);
    expect(tickDown(2_005)).toBe(2_000);
    expect(tickDown(200_000)).toBe(199_900);
    expect(tickDown(500_000)).toBe(499_500);
  });

  it('rounds onto the grid', () => {
    expect(floorToTick(12_994)).toBe(12_990);
    expect(ceilToTick(12_991)).toBe(13_000);
    expect(roundToTick(58_450)).toBe(58_500);
    expect(roundToTick(58_449)).toBe(58_400);
    expect(floorToTick(2_003)).toBe(2_000);
  });

  it('floor, ceil and round always land on a tick and bracket the input', () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 5_000_000, noNaN: true }), (x) => {
        const f = floorToTick(x);
        const c = ceilToTick(x);
        const r = roundToTick(x);
        return (
          isOnTick(f) && isOnTick(c) && isOnTick(r) && f <= x && c >= x && (r === f || r === c)
        );
      }),
    );
  });

  it('tickUp and tickDown are inverse on the grid', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 3_000_000 }), (x) => {
        const p = floorToTick(x);
        if (p < 2) return true;
        return tickDown(tickUp(p)) === p && tickUp(tickDown(p)) === p && isOnTick(tickUp(p));
      }),
    );
  });
});
