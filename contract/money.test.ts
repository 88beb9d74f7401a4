import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';
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
