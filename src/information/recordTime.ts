/**
 * Record times as the customer reads them (Seoul time, the reader's language). Apart from the
 * record look-ups so a screen that only shows a time does not load every lifecycle machine.
 */
import { seoulDateFormat } from '../i18n/seoulDateFormat';

/** `toLocaleString(language, { hour12: false, timeZone })`'s format, made once per language. */
const RECORD_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
  hour12: false,
};

/** An ISO time in the reader's language, 24-hour clock. */
export function formatRecordTime(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : seoulDateFormat(language, 'record', RECORD_TIME).format(date);
}

/**
 * A deadline as records show times; one at Seoul midnight reads as 24:00 of the day before, as
 * the promise is worded ("by 24:00 the next day"), not as 00:00 of a day later.
 */
export function formatRecordDeadline(iso: string, language: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const seoul = new Date(at + 9 * 3_600_000);
  if (seoul.getUTCHours() + seoul.getUTCMinutes() + seoul.getUTCSeconds() !== 0) {
    return formatRecordTime(iso, language);
  }
  const dayBefore = new Date(at - 1).toLocaleDateString(language, { timeZone: 'Asia/Seoul' });
  return `${dayBefore} 24:00:00`;
}
