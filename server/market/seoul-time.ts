/**
 * Asia/Seoul wall-clock arithmetic on epoch milliseconds. Korea has had no daylight saving time
 * since 1988, so Seoul time is UTC+9 all year: a fixed offset avoids Intl and, above all, never
 * depends on the machine's TZ setting.
 */
export const SEOUL_OFFSET_MS = 9 * 3_600_000;
export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;

/** Days since 1970-01-01 in Seoul (the "Seoul day number" used as a date key). */
export function seoulDayNumber(ms: number): number {
  return Math.floor((ms + SEOUL_OFFSET_MS) / DAY_MS);
}

/** Milliseconds since Seoul midnight. */
export function seoulMsOfDay(ms: number): number {
  return ms + SEOUL_OFFSET_MS - seoulDayNumber(ms) * DAY_MS;
}

/** Epoch ms of Seoul midnight starting the given day number. */
export function seoulMidnight(dayNumber: number): number {
  return dayNumber * DAY_MS - SEOUL_OFFSET_MS;
}

/** 0 = Sunday … 6 = Saturday. 1970-01-01 was a Thursday. */
export function weekdayOfDay(dayNumber: number): number {
  return (((dayNumber + 4) % 7) + 7) % 7;
}

/** 'YYYY-MM-DD' of a Seoul day number. */
export function dayToIsoDate(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);
}

/** Seoul day number of a 'YYYY-MM-DD' date. */
export function isoDateToDay(date: string): number {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new Error(`Not an ISO date: ${date}`);
  return Math.round(ms / DAY_MS);
}

/** 'YYYY-MM-DD' in Seoul for an instant. */
export function seoulIsoDate(ms: number): string {
  return dayToIsoDate(seoulDayNumber(ms));
}

/** Epoch ms of a Seoul wall-clock time, e.g. seoulTime('2026-03-20', 9, 0). */
export function seoulTime(date: string, hours: number, minutes = 0, seconds = 0): number {
  return seoulMidnight(isoDateToDay(date)) + ((hours * 60 + minutes) * 60 + seconds) * 1000;
}

/** ISO 8601 with the +09:00 offset, as customers and logs read it. */
export function formatSeoul(ms: number): string {
  const d = new Date(ms + SEOUL_OFFSET_MS).toISOString();
  return `${d.slice(0, 19)}+09:00`;
}
