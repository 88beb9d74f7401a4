import { describe, expect, it } from 'vitest';
import { formatRecordDeadline, formatRecordTime } from './recordTime';

describe('record deadlines', () => {
  it('reads a deadline at Seoul midnight as 24:00 of the day before, in each language', () => {
    // 2026-11-27 00:00 in Seoul.
    const midnight = '2026-11-26T15:00:00.000Z';
    expect(formatRecordDeadline(midnight, 'ko')).toBe('2026. 11. 26. 24:00:00');
    expect(formatRecordDeadline(midnight, 'en')).toBe('11/26/2026 24:00:00');
    expect(formatRecordDeadline(midnight, 'zh-CN')).toBe('2026/11/26 24:00:00');
  });

  it('shows any other deadline as records show times, and an unreadable one as it came', () => {
    const noon = '2026-11-26T03:00:00.000Z';
    expect(formatRecordDeadline(noon, 'en')).toBe(formatRecordTime(noon, 'en'));
    expect(formatRecordDeadline(noon, 'en')).toContain('12:00:00');
    expect(formatRecordDeadline('soon', 'en')).toBe('soon');
  });
});
