import { describe, expect, it } from 'vitest';
import {
  directionOf,
  formatChange,
  formatAmount,
  formatAxisTick,
  formatKoreanUnits,
  formatLevel,
  formatPercent,
  formatPrice,
  formatRate,
  formatSeoulChartDate,
  formatSeoulDeadline,
  formatSeoulTime,
  formatShares,
} from './format';

describe('market number formats', () => {
  it('groups won prices and shows a dash for missing ones', () => {
    expect(formatPrice(1234567)).toBe('1,234,567');
    expect(formatPrice(0)).toBe('0');
    expect(formatPrice(null)).toBe('—');
  });

  it('rounds and groups as Intl en-US does, without building an Intl format', () => {
    const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const two = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    // Halves at each place, carries (9.995, 999,999.5), binary near-halves (1.005, 12.345), the
    // exponent forms Intl handles (1e21, 1e-7), and a seeded spread of prices and levels.
    const values = [
      0,
      0.5,
      1.5,
      2.5,
      0.005,
      0.015,
      1.005,
      12.345,
      9.995,
      99.995,
      999_999.5,
      1_234_567.891,
      0.1 + 0.2,
      1e21,
      1.5e22,
      1e-7,
      123_456_789_012_345,
      Number.MAX_SAFE_INTEGER,
    ];
    let seed = 7;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 3000; i++) {
      const scale = 10 ** Math.floor(next() * 12);
      values.push(Math.round(next() * scale * 1000) / 1000, Math.floor(next() * scale) + 0.5);
    }
    for (const v of values.flatMap((x) => [x, -x]).filter((x) => !Object.is(x, -0))) {
      expect(formatPrice(v), String(v)).toBe(whole.format(v));
      expect(formatLevel(v), String(v)).toBe(two.format(v));
    }
  });

  it('writes compact figures as Intl does in each language, without building an Intl format', () => {
    // Each unit's edges, carries into the next unit (9,999 → 1만, 999,999 → 1M, 9,999.995 → 1万),
    // exact halves, the largest unit's grouping (1,000T), the exponent forms, and a seeded spread.
    const values = [
      0.5,
      0.005,
      0.004,
      1,
      999,
      999.995,
      1000,
      1005,
      1004.99,
      1234,
      9999,
      9999.5,
      9999.995,
      12345,
      99_999,
      99_995_000,
      123_456,
      999_999,
      1_234_567,
      123_456_789,
      999_995_000,
      1e12,
      1.23456e13,
      1e15,
      1.2e16,
      1e20,
      1e21,
      1e-7,
      Number.MAX_SAFE_INTEGER,
    ];
    let seed = 11;
    const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
    for (let i = 0; i < 2000; i++) {
      const scale = 10 ** Math.floor(next() * 16);
      values.push(Math.round(next() * scale), Math.round(next() * scale * 100) / 100);
      // Just under a unit: the carries.
      values.push(10 ** Math.floor(next() * 16) * (1 - 10 ** -Math.floor(2 + next() * 6)));
    }
    for (const language of ['en', 'ko', 'zh-CN', 'zh-TW'] as const) {
      const intl = new Intl.NumberFormat(language, {
        notation: 'compact',
        maximumFractionDigits: 2,
        useGrouping: true,
      });
      // Zero is the axis's own "0" (Intl would write the negative one "-0").
      for (const v of values.flatMap((x) => [x, -x]).filter((x) => x !== 0))
        expect(formatAxisTick(v, language), `${language} ${v}`).toBe(intl.format(v));
    }
  });

  it('writes chart dates in Seoul time as Intl does in each language', () => {
    const options = {
      time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
      month: { year: '2-digit', month: 'short' },
      day: { month: 'short', day: 'numeric' },
      full: { year: 'numeric', month: '2-digit', day: '2-digit' },
    } as const;
    const tags = { ko: 'ko-KR', en: 'en-US', 'zh-CN': 'zh-CN', 'zh-TW': 'zh-TW' } as const;
    // Every month, both sides of Seoul's midnight (15:00 UTC), single- and two-digit days.
    const dates = Array.from({ length: 12 }, (_, m) => [
      Date.UTC(2026, m, 1, 14, 59),
      Date.UTC(2026, m, 1, 15, 0),
      Date.UTC(2009, m, 28, 23, 5),
    ]).flat();
    for (const [language, tag] of Object.entries(tags))
      for (const [kind, option] of Object.entries(options)) {
        const intl = new Intl.DateTimeFormat(tag, { ...option, timeZone: 'Asia/Seoul' });
        for (const ms of dates)
          expect(formatSeoulChartDate(ms, language, kind as keyof typeof options)).toBe(
            intl.format(ms),
          );
      }
    expect(formatSeoulChartDate(Date.UTC(2026, 10, 26, 0, 41), 'ko', 'day')).toBe('11월 26일');
  });

  it('signs changes and rates', () => {
    expect(formatChange(1200)).toBe('+1,200');
    expect(formatChange(-350)).toBe('-350');
    expect(formatChange(0)).toBe('0');
    expect(formatChange(-12.345, 2)).toBe('-12.35');
    expect(formatRate(0.0123)).toBe('+1.23%');
    expect(formatRate(-0.3)).toBe('-30.00%');
    expect(formatRate(0)).toBe('0.00%');
    expect(formatLevel(2650.5)).toBe('2,650.50');
    expect(formatPercent(0.0123)).toBe('1.23%');
    expect(formatPercent(undefined)).toBe('—');
  });

  it('writes Korean figures in exact 조/억/만 groups with separators inside each group', () => {
    expect(formatKoreanUnits(1_182_150_000_000_000)).toBe('1,182조 1,500억');
    expect(formatKoreanUnits(4_010_000)).toBe('401만');
    expect(formatKoreanUnits(123_456_789)).toBe('1억 2,346만');
    // Zero groups are dropped, not written as "0억".
    expect(formatKoreanUnits(3_000_040_000_000)).toBe('3조');
    expect(formatKoreanUnits(3_000_050_000_000)).toBe('3조 1억');
    expect(formatKoreanUnits(100_000_000)).toBe('1억');
    // Below 10,000 the number is whole.
    expect(formatKoreanUnits(4_010)).toBe('4,010');
    expect(formatKoreanUnits(0)).toBe('0');
    // Rounding that carries into the next unit is grouped from there.
    expect(formatKoreanUnits(999_999_995_000)).toBe('1조');
    expect(formatKoreanUnits(99_999_999.6)).toBe('1억');
    expect(formatKoreanUnits(99_995_000)).toBe('9,999만 5,000');
    expect(formatKoreanUnits(-250_300_000_000)).toBe('-2,503억');
    expect(formatKoreanUnits(-1_234_567_890)).toBe('-12억 3,457만');
    expect(formatKoreanUnits(123_456_789, 3)).toBe('1억 2,345만 6,789');
    expect(formatKoreanUnits(Number.NaN)).toBe('—');
  });

  it('formats won amounts for each language', () => {
    const cap = 1_182_150_000_000_000;
    expect(formatAmount(cap, 'ko')).toBe('1,182조 1,500억');
    expect(formatAmount(cap, 'en')).toBe('1,182.15T');
    expect(formatAmount(1_180_000_000_000, 'en')).toBe('1.18T');
    expect(formatAmount(1_180_000_000_000, 'zh-CN')).toBe('1.18万亿');
    expect(formatAmount(1_180_000_000_000, 'zh-TW')).toBe('1.18兆');
    expect(formatAmount(123_456_789, 'zh-TW')).toBe('1.23億');
    expect(formatAmount(-123_456_789, 'en')).toBe('-123.46M');
    // An unknown language falls back to English rather than to the browser's.
    expect(formatAmount(123_456_789, 'fr')).toBe('123.46M');
    expect(formatAmount(undefined, 'ko')).toBe('—');
  });

  it('formats share counts with the reader’s unit', () => {
    expect(formatShares(4_010_000, 'ko')).toBe('401만 주');
    expect(formatShares(4_010, 'ko')).toBe('4,010 주');
    expect(formatShares(4_010_000, 'en')).toBe('4.01M');
    expect(formatShares(4_010_000, 'zh-CN')).toBe('401万股');
    expect(formatShares(4_010_000, 'zh-TW')).toBe('401萬股');
    expect(formatShares(null, 'zh-CN')).toBe('—');
  });

  it('tells up from down, Korean colours follow', () => {
    expect(directionOf(5)).toBe('up');
    expect(directionOf(-1)).toBe('down');
    expect(directionOf(0)).toBe('flat');
  });

  it('shows Seoul time in the spec format', () => {
    expect(formatSeoulTime(Date.UTC(2026, 2, 20, 0, 30, 5))).toBe('2026.03.20 09:30:05');
    // A deadline at Seoul midnight is 24:00 of the day before; any other time reads as it is.
    expect(formatSeoulDeadline(Date.UTC(2026, 10, 26, 15, 0, 0))).toBe('2026.11.26 24:00:00');
    expect(formatSeoulDeadline(Date.UTC(2026, 11, 31, 15, 0, 0))).toBe('2026.12.31 24:00:00');
    expect(formatSeoulDeadline(Date.UTC(2026, 10, 26, 3, 0, 0))).toBe('2026.11.26 12:00:00');
  });
});
