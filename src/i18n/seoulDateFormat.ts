/**
 * Dates and times in Seoul time and the reader's language, one `Intl.DateTimeFormat` per language
 * and format made once: building a formatter costs far more than using it, and lists and charts
 * format a date per row or per axis label.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

export function seoulDateFormat(
  locale: string,
  /** A name for the options, part of the cache key (the options object itself is not). */
  kind: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Asia/Seoul' });
    formats.set(key, format);
  }
  return format;
}
