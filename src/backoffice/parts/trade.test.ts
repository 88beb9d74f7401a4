import { describe, expect, it } from 'vitest';
import { leveragesOf, lockWords, percentOfPpm, ppmOfPercent, signedWon, won } from './trade';

describe('trading units on the staff screens', () => {
  it('reads commission in millionths as a percentage and back, without float rounding', () => {
    expect(percentOfPpm(150)).toBe('0.015');
    expect(percentOfPpm(10_000)).toBe('1');
    expect(percentOfPpm(12_500)).toBe('1.25');
    expect(percentOfPpm(0)).toBe('0');
    expect(ppmOfPercent('0.015')).toBe(150);
    expect(ppmOfPercent(' 1.25 ')).toBe(12_500);
    expect(ppmOfPercent('0.0001')).toBe(1);
    expect(ppmOfPercent('0.00001')).toBeNaN();
    expect(ppmOfPercent('-1')).toBeNaN();
    expect(ppmOfPercent('')).toBeNaN();
  });

  it('reads typed leverage multiples, ascending, and marks what is not one', () => {
    expect(leveragesOf('10, 1, 5')).toEqual([1, 5, 10]);
    expect(leveragesOf('1x 2×')).toEqual([1, 2]);
    expect(leveragesOf('1, x')).toEqual([1, Number.NaN]);
    expect(leveragesOf(' ')).toEqual([]);
  });

  it('words won and lock rules', () => {
    expect(won(1_234_000)).toBe('1,234,000 KRW');
    expect(won(null)).toBe('—');
    expect(signedWon(500)).toBe('+500 KRW');
    expect(signedWon(-500)).toBe('-500 KRW');
    expect(lockWords({ kind: 'minutes', count: 15 })).toEqual({
      key: 'trade.lock.minutes',
      count: 15,
    });
    expect(lockWords({ kind: 'days', count: 0 }).key).toBe('trade.lock.none');
  });
});
