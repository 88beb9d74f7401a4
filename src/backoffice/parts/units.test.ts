import { describe, expect, it } from 'vitest';
import { money, parseMinor, signedMoney } from './amounts';
import { fromDraft, readable, toDraft } from './settingUnits';

describe('amounts typed by staff', () => {
  it.each([
    ['12.5', 'USD', 1250],
    ['-12.50', 'USD', -1250],
    ['+1,234', 'KRW', 1234],
    ['1,234,567', 'KRW', 1_234_567],
    ['0.000001', 'USDT', 1],
    ['3', 'USDT', 3_000_000],
    ['-0', 'KRW', -0],
  ] as const)('reads %s %s as %d minor units', (text, currency, minor) => {
    expect(parseMinor(text, currency)).toBe(minor);
  });

  it.each([
    ['1.5', 'KRW'],
    ['12.345', 'USD'],
    ['1,23', 'KRW'],
    ['1e3', 'KRW'],
    ['', 'KRW'],
    ['abc', 'USD'],
    ['9007199254740993', 'KRW'],
    ['90071992547409.93', 'USD'],
  ] as const)('refuses %s %s', (text, currency) => {
    expect(parseMinor(text, currency)).toBeNull();
  });

  it('formats with the currency and a sign', () => {
    expect(money(123_456, 'USD')).toBe('1,234.56 USD');
    expect(signedMoney(5000, 'KRW')).toBe('+5,000 KRW');
    expect(signedMoney(-1, 'USDT')).toBe('-0.000001 USDT');
  });
});

describe('setting values in their units', () => {
  it('reads and writes a minute of the day as HH:MM', () => {
    expect(toDraft('minuteOfDay', 930)).toBe('15:30');
    expect(toDraft('minuteOfDay', 0)).toBe('00:00');
    expect(fromDraft('minuteOfDay', '9:05')).toBe(545);
    expect(fromDraft('minuteOfDay', '23:59')).toBe(1439);
    for (const bad of ['24:00', '12:60', '1230', '', 'ab:cd']) {
      expect(fromDraft('minuteOfDay', bad), bad).toBeNaN();
    }
  });

  it('reads and writes basis points as a percentage with two decimals at most', () => {
    expect(toDraft('basisPoints', 50)).toBe('0.5');
    expect(toDraft('basisPoints', 125)).toBe('1.25');
    expect(toDraft('basisPoints', 300)).toBe('3');
    expect(toDraft('basisPoints', 5)).toBe('0.05');
    expect(fromDraft('basisPoints', '0.5')).toBe(50);
    expect(fromDraft('basisPoints', '1.25')).toBe(125);
    expect(fromDraft('basisPoints', '10')).toBe(1000);
    expect(fromDraft('basisPoints', '0.125')).toBeNaN();
    expect(fromDraft('basisPoints', '-1')).toBeNaN();
  });

  it('reads whole numbers as they are, and won with separators in sentences', () => {
    expect(fromDraft('won', '100000')).toBe(100_000);
    expect(fromDraft('minutes', '1.5')).toBeNaN();
    expect(fromDraft('switch', '1')).toBe(1);
    expect(readable('won', 10_000_000)).toBe('10,000,000');
    expect(readable('minuteOfDay', 540)).toBe('09:00');
  });
});
