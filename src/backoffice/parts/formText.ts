/**
 * What the back office's forms hold is text as typed; these turn it into a request's values and
 * back. A value that is not what the field wants becomes one the contract refuses (NaN, ''), so
 * the form's validation and the server say what is wrong in the field's words.
 */

/** A time as a `datetime-local` value in the browser's zone (minutes). */
export function localInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value as ISO-8601, or '' (refused as missing) when it is not a time. */
export function isoOf(local: string): string {
  const date = new Date(local);
  return local.trim() === '' || Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** Digits as a whole number; anything else NaN. */
export const whole = (text: string) =>
  /^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
