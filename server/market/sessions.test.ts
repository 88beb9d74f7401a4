import { afterEach, describe, expect, it } from 'vitest';
import { TradingCalendar } from './calendar';
import { loadCalendar } from './data-files';
import { daySchedule, SessionClock } from './sessions';
import { isoDateToDay, seoulIsoDate, seoulTime } from './seoul-time';

const calendar = loadCalendar();
const clock = new SessionClock({ calendar, seed: 7 });
const originalTz = process.env.TZ;
afterEach(() => {
  // Assigning undefined would set the string "undefined"; the next file in this worker (the node
  // project shares workers between files) must see the zone it started with.
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('trading calendar', () => {
  it('closes weekends and the listed holidays, including Dec 31', () => {
    expect(calendar.isTradingDate('2026-03-20')).toBe(true); // Friday
    expect(calendar.isTradingDate('2026-03-21')).toBe(false); // Saturday
    expect(calendar.isTradingDate('2026-03-02')).toBe(false); // substitute holiday
    expect(calendar.isTradingDate('2025-12-31')).toBe(false);
    expect(calendar.isTradingDate('2026-02-17')).toBe(false); // Seollal
    expect(calendar.holidayName('2026-01-01')).toBe("New Year's Day");
  });

  it('finds the next and previous trading days across Seollal', () => {
    expect(calendar.nextTradingDay(isoDateToDay('2026-02-13'))).toBe(isoDateToDay('2026-02-19'));
    expect(calendar.previousTradingDay(isoDateToDay('2026-02-19'))).toBe(
      isoDateToDay('2026-02-13'),
    );
  });

  it('is editable data: an added closure closes the day', () => {
    const edited = new TradingCalendar([{ date: '2026-06-08', name: 'ad hoc', status: 'manual' }]);
    expect(edited.isTradingDate('2026-06-08')).toBe(false);
    expect(
      TradingCalendar.fromCsv('date,name,status\n2026-06-09,x,y\n').isTradingDate('2026-06-09'),
    ).toBe(false);
  });
});

describe('sessions in Asia/Seoul', () => {
  const d = '2026-03-20';
  it.each([
    [8, 29, 59, 'closed'],
    [8, 30, 0, 'pre-market'],
    [8, 40, 0, 'opening-auction'],
    [8, 59, 59, 'opening-auction'],
    [9, 0, 31, 'continuous'],
    [15, 19, 59, 'continuous'],
    [15, 20, 0, 'closing-auction'],
    [15, 30, 31, 'post-close'],
    [15, 40, 0, 'after-hours-closing-price'],
    [16, 0, 0, 'after-hours-single-price'],
    [17, 59, 59, 'after-hours-single-price'],
    [18, 0, 0, 'closed'],
  ])('%i:%i:%i is %s', (h, m, s, phase) => {
    expect(clock.phaseAt(seoulTime(d, h, m, s))).toBe(phase);
  });

  it('ends the auctions at a random moment within 30 s, the same for the same seed', () => {
    const s = daySchedule(isoDateToDay(d), 7);
    expect(s.open - seoulTime(d, 9)).toBeGreaterThanOrEqual(0);
    expect(s.open - seoulTime(d, 9)).toBeLessThan(30_000);
    expect(s.close - seoulTime(d, 15, 30)).toBeLessThan(30_000);
    expect(daySchedule(isoDateToDay(d), 7)).toEqual(s);
    expect(clock.phaseAt(s.open - 1)).toBe('opening-auction');
    expect(clock.phaseAt(s.open)).toBe('continuous');
  });

  it('is closed all day on holidays and weekends, and points at the next open', () => {
    expect(clock.phaseAt(seoulTime('2026-03-02', 10))).toBe('closed');
    expect(clock.phaseAt(seoulTime('2026-03-21', 10))).toBe('closed');
    const state = clock.state(seoulTime('2026-02-14', 10));
    expect(state.tradingDate).toBe('2026-02-19');
    expect(state.nextChangeAtSeoul).toBe('2026-02-19T08:30:00+09:00');
    expect(state.isTradingDay).toBe(false);
  });

  it('after the close, the trading date is the next trading day', () => {
    expect(clock.state(seoulTime('2026-03-20', 19)).tradingDate).toBe('2026-03-23');
    expect(clock.state(seoulTime('2026-03-20', 7)).tradingDate).toBe('2026-03-20');
  });

  it('does not depend on the machine time zone', () => {
    const t = seoulTime(d, 9, 30);
    const results: string[] = [];
    for (const tz of ['UTC', 'America/Los_Angeles', 'Asia/Seoul', 'Pacific/Kiritimati']) {
      process.env.TZ = tz;
      results.push(`${clock.phaseAt(t)} ${seoulIsoDate(t)} ${clock.state(t).tradingDate}`);
    }
    expect(new Set(results).size).toBe(1);
    // 00:30 UTC on 2026-03-20 is 09:30 in Seoul.
    expect(Date.parse('2026-03-20T00:30:00Z')).toBe(t);
  });

  it('demo mode is open around the clock and says so', () => {
    const demo = new SessionClock({ calendar, demo: true });
    const state = demo.state(seoulTime('2026-03-21', 3));
    expect(state.phase).toBe('continuous');
    expect(state.demo).toBe(true);
    expect(state.label).toMatch(/demo/i);
  });
});
