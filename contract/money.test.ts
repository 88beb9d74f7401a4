import { describe, expect, it } from 'vitest';
import { formatMoney, moneyInput, parseMoney } from './money';
import { isCommonPassword } from './common-passwords';
import { localeFromRequest, normaliseStoredLanguage } from './languages';

describe('formatMoney', () => {
  it('groups thousands and places the minor digits of each currency', () => {
    expect(formatMoney(1234567, 'KRW')).toBe('1,234,567');
    expect(formatMoney(12345, 'USD')).toBe('123.45');
    expect(formatMoney(5, 'USD')).toBe('0.05');
    expect(formatMoney(1_000_000, 'USDT')).toBe('1.000000');
    expect(formatMoney(-250, 'KRW')).toBe('-250');
    expect(formatMoney(0, 'KRW')).toBe('0');
  });
  it('refuses amounts that are not safe integers', () => {
    expect(() => formatMoney(1.5, 'KRW')).toThrow(RangeError);
    expect(() => formatMoney(2 ** 60, 'KRW')).toThrow(RangeError);
  });
});

describe('parseMoney', () => {
  it('turns typed major units into minor units per currency', () => {
    expect(parseMoney('10000', 'KRW')).toBe(10_000);
    expect(parseMoney(' 1,234,567 ', 'KRW')).toBe(1_234_567);
    expect(parseMoney('1,234.5', 'USD')).toBe(123_450);
    expect(parseMoney('0.05', 'USD')).toBe(5);
    expect(parseMoney('12.', 'USD')).toBe(1200);
    expect(parseMoney('1.5', 'USDT')).toBe(1_500_000);
    expect(parseMoney('0.000001', 'USDT')).toBe(1);
    expect(parseMoney('100', 'JPY')).toBe(100);
    expect(parseMoney('0', 'KRW')).toBe(0);
  });
  it('refuses what it would have to round or guess', () => {
    for (const [text, currency] of [
      ['', 'KRW'],
      ['abc', 'KRW'],
      ['-5', 'KRW'],
      ['+5', 'KRW'],
      ['1e5', 'KRW'],
      ['1.5', 'KRW'],
      ['0.001', 'USD'],
      ['1.0000001', 'USDT'],
      ['.5', 'USD'],
      ['9007199254740993', 'KRW'],
      ['90071992547409.93', 'USD'],
    ] as const) {
      expect(parseMoney(text, currency), `${text} ${currency}`).toBeNull();
    }
    expect(parseMoney('9007199254740991', 'KRW')).toBe(Number.MAX_SAFE_INTEGER);
  });
  it('writes minor units back as a customer types them', () => {
    expect(moneyInput(123_450, 'USD')).toBe('1234.50');
    expect(moneyInput(1_234_567, 'KRW')).toBe('1234567');
    expect(moneyInput(1, 'USDT')).toBe('0.000001');
    for (const [minor, currency] of [
      [5, 'USD'],
      [987_654_321, 'USDT'],
      [42, 'VND'],
    ] as const) {
      expect(parseMoney(moneyInput(minor, currency), currency)).toBe(minor);
    }
  });
});

describe('isCommonPassword', () => {
  it('catches listed passwords, repeats and runs, in any case', () => {
    for (const p of [
      'password',
      'PASSWORD1',
      'qwerty123',
      '11111111',
      'aaaaaaaaaa',
      '23456789',
      'abcdefghij',
    ]) {
      expect(isCommonPassword(p), p).toBe(true);
    }
  });
  it('lets an ordinary passphrase through', () => {
    expect(isCommonPassword('blue-harbour-42')).toBe(false);
  });
});

describe('languages', () => {
  it('resets an unknown stored language to Korean', () => {
    expect(normaliseStoredLanguage('xx')).toBe('kor');
    expect(normaliseStoredLanguage(null)).toBe('kor');
    expect(normaliseStoredLanguage('tw')).toBe('tw');
  });
  it('prefers the stored code, then Accept-Language, then Korean', () => {
    expect(localeFromRequest('en', 'ko-KR')).toBe('en');
    expect(localeFromRequest(undefined, 'zh-TW,zh;q=0.9')).toBe('zh-TW');
    expect(localeFromRequest(undefined, 'zh-CN')).toBe('zh-CN');
    expect(localeFromRequest(undefined, 'fr-FR')).toBe('ko');
  });
});
