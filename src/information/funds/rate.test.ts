import { describe, expect, it } from 'vitest';
import { groupDecimal, quotedRate, shiftDecimal } from './rate';

describe('exchange rates on screen', () => {
  it('moves the decimal point exactly', () => {
    expect(shiftDecimal('9.4012', 2)).toBe('940.12');
    expect(shiftDecimal('0.0531', 2)).toBe('5.31');
    expect(shiftDecimal('0.000054', 2)).toBe('0.0054');
    expect(shiftDecimal('1380.5', 0)).toBe('1380.5');
    expect(shiftDecimal('7', 2)).toBe('700');
    expect(shiftDecimal('12.5', -2)).toBe('0.125');
    expect(shiftDecimal('nonsense', 2)).toBe('nonsense');
  });
  it('groups the whole part', () => {
    expect(groupDecimal('1380.5')).toBe('1,380.5');
    expect(groupDecimal('25000')).toBe('25,000');
    expect(groupDecimal('0.00072')).toBe('0.00072');
  });
  it('quotes the yen and the dong per 100, the rest per unit', () => {
    expect(quotedRate('9.4012', 'JPY')).toEqual({ units: 100, perUnits: '940.12' });
    expect(quotedRate('0.0531', 'VND')).toEqual({ units: 100, perUnits: '5.31' });
    expect(quotedRate('1380.5', 'USD')).toEqual({ units: 1, perUnits: '1,380.5' });
    expect(quotedRate('0.10637', 'KRW')).toEqual({ units: 1, perUnits: '0.10637' });
  });
});
