import { describe, expect, it } from 'vitest';
import {
  directionOf,
  formatChange,
  formatCompact,
  formatLevel,
  formatPrice,
  formatRate,
  formatSeoulTime,
} from './format';

describe('market number formats', () => {
  it('groups won prices and shows a dash for missing ones', () => {
    expect(formatPrice(1234567)).toBe('1,234,567');
    expect(formatPrice(0)).toBe('0');
    expect(formatPrice(null)).toBe('—');
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
  });

  it('uses the reader’s units for large numbers', () => {
    expect(formatCompact(123_456_789, 'ko')).toBe('1.23억');
    expect(formatCompact(12_000, 'ko')).toBe('1.2만');
    expect(formatCompact(2_500_000_000_000, 'ko')).toBe('2.5조');
    expect(formatCompact(123_456_789, 'en')).toBe('123.46M');
    expect(formatCompact(123_456_789, 'zh-TW')).toBe('1.23億');
    expect(formatCompact(123_456_789, 'zh-CN')).toBe('1.23亿');
    expect(formatCompact(undefined, 'ko')).toBe('—');
  });

  it('tells up from down, Korean colours follow', () => {
    expect(directionOf(5)).toBe('up');
    expect(directionOf(-1)).toBe('down');
    expect(directionOf(0)).toBe('flat');
  });

  it('shows Seoul time in the spec format', () => {
    expect(formatSeoulTime(Date.UTC(2026, 2, 20, 0, 30, 5))).toBe('2026.03.20 09:30:05');
  });
});
