import { describe, expect, it } from 'vitest';
import { decimalFraction, decimalString, exchangeFigures } from './exchange-rate';

const terms = (amount: number, from: number, to: number, fromDigits: number, toDigits: number) => ({
  amount,
  fromDigits,
  toDigits,
  fromKrw: decimalFraction(from),
  toKrw: decimalFraction(to),
  spreadBps: 50,
});

describe('exchange arithmetic', () => {
  it('reads decimal rates exactly', () => {
    expect(decimalFraction(9.4)).toEqual({ num: 94n, den: 10n });
    expect(decimalFraction(1450)).toEqual({ num: 1450n, den: 1n });
    expect(decimalFraction(5.5e-7)).toEqual({ num: 55n, den: 100_000_000n });
    expect(() => decimalFraction(0)).toThrow(RangeError);
  });

  it('sells 1,450,000 won for dollars: 1,000.00 at mid, less 0.5 %, rounded down', () => {
    const f = exchangeFigures(terms(1_450_000, 1, 1450, 0, 2));
    expect(f.receive).toBe(99_500n);
    expect(f.fee).toBe(500n);
    expect(f.rate).toBe('0.0006862068965');
  });

  it('rounds down so the house gains less than one minor unit', () => {
    // 1,000 won → JPY at 9.4: 106.382… yen at mid, 105.85… after the spread.
    const f = exchangeFigures(terms(1_000, 1, 9.4, 0, 0));
    expect(f.receive).toBe(105n);
    expect(f.fee).toBe(1n);
    const exact = (1_000 / 9.4) * 0.995;
    expect(exact - Number(f.receive)).toBeGreaterThanOrEqual(0);
    expect(exact - Number(f.receive)).toBeLessThan(1);
  });

  it('crosses through won: dollars to USDT and to yen', () => {
    // 10.00 USD → USDT at the same rate: 10 USDT less 0.5 %, six decimals.
    expect(exchangeFigures(terms(1_000, 1450, 1450, 2, 6)).receive).toBe(9_950_000n);
    expect(exchangeFigures(terms(100, 1450, 9.4, 2, 0)).receive).toBe(153n);
  });

  it('writes fractions with ten significant digits', () => {
    expect(decimalString(1n, 3n, 4)).toBe('0.3333');
    expect(decimalString(10n, 4n, 10)).toBe('2.5');
    expect(decimalString(1450n, 1n, 10)).toBe('1450');
  });
});
