/**
 * Number formatting of the market screens, one set for every screen. Prices are whole won with
 * thousands separators; amounts and share counts are exact 조/억/만 groups in Korean
 * ("1,182조 1,500억", "401만 주") and compact in English and Chinese ("1.18T", "1.18万亿").
 */

/** Absent or not a number: shown as a dash, never as 0 or NaN. */
const missing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || !Number.isFinite(value);

/**
 * "1,234,567.89": `digits` decimals, rounded as Intl's en-US format rounds (the shortest decimal
 * form of the number, half away from zero), without Intl. Building the first Intl.NumberFormat
 * loads the number data, ~15 ms on the main thread as the stock detail's first screen is built (a
 * slow phone's blocking time); format.test.ts checks this against Intl over many values.
 */
export function formatFixed(value: number, digits: number): string {
  const text = String(Math.abs(value));
  // Exponent forms (below 1e-6 or from 1e21): rare enough for Intl, made when first needed.
  if (text.includes('e')) return fallbackFormat(digits).format(value);
  const [whole = '0', fraction = ''] = text.split('.');
  let kept = whole + fraction.padEnd(digits, '0').slice(0, digits);
  if ((fraction[digits] ?? '0') >= '5') kept = addOne(kept);
  const head = kept.slice(0, kept.length - digits) || '0';
  const grouped = head.replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = value < 0 ? '-' : '';
  return digits > 0 ? `${sign}${grouped}.${kept.slice(-digits)}` : sign + grouped;
}

/** "1299" → "1300": one added to a string of decimal digits. */
function addOne(digits: string): string {
  let i = digits.length - 1;
  while (i >= 0 && digits[i] === '9') i--;
  if (i < 0) return `1${'0'.repeat(digits.length)}`;
  return digits.slice(0, i) + String(Number(digits[i]) + 1) + '0'.repeat(digits.length - 1 - i);
}

const fallbackFormats = new Map<number, Intl.NumberFormat>();
function fallbackFormat(digits: number): Intl.NumberFormat {
  let format = fallbackFormats.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    fallbackFormats.set(digits, format);
  }
  return format;
}

/** 1234567 → "1,234,567". */
export function formatPrice(value: number | null | undefined): string {
  return missing(value) ? '—' : formatFixed(value, 0);
}

/** Index levels and FX rates: two decimals with separators. */
export function formatLevel(value: number | null | undefined): string {
  return missing(value) ? '—' : formatFixed(value, 2);
}

/** A signed difference: "+1,200", "-350", "0". */
export function formatChange(value: number, decimals = 0): string {
  const body = formatFixed(Math.abs(value), decimals > 0 ? 2 : 0);
  return value > 0 ? `+${body}` : value < 0 ? `-${body}` : body;
}

/** A fraction as an unsigned percentage: 0.0123 → "1.23%" (shares of a total). */
export function formatPercent(fraction: number | null | undefined): string {
  return missing(fraction) ? '—' : `${formatFixed(fraction * 100, 2)}%`;
}

/** A fraction as a signed percentage: 0.0123 → "+1.23%". */
export function formatRate(rate: number): string {
  const pct = Math.round(rate * 10_000) / 100;
  const body = formatFixed(Math.abs(pct), 2);
  return pct > 0 ? `+${body}%` : pct < 0 ? `-${body}%` : `${body}%`;
}

/** The languages the formatters know; anything else is formatted as English. */
export type NumberLanguage = 'ko' | 'en' | 'zh-CN' | 'zh-TW';
function languageOf(language: string): NumberLanguage {
  return language === 'ko' || language === 'zh-CN' || language === 'zh-TW' ? language : 'en';
}

/** Korean myriad units, largest first. */
const KOREAN_UNITS: readonly [number, string][] = [
  [1e12, '조'],
  [1e8, '억'],
  [1e4, '만'],
  [1, ''],
];

/**
 * Korean exact grouping: 1,182,150,000,000,000 → "1,182조 1,500억". Korean screens write large
 * figures in 조/억/만 with separators inside each group rather than as decimals of one unit
 * ("1182.15조" reads as an approximation). `groups` units are shown from the leading one, the last
 * rounded half away from zero, zero groups dropped; below 10,000 the number is written whole.
 */
export function formatKoreanUnits(value: number | null | undefined, groups = 2): string {
  if (missing(value)) return '—';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const leadOf = (x: number) => KOREAN_UNITS.findIndex(([unit]) => x >= unit);
  let lead = leadOf(abs);
  if (lead < 0) return '0';
  let last = Math.min(lead + groups - 1, KOREAN_UNITS.length - 1);
  let rounded = Math.round(abs / KOREAN_UNITS[last]![0]) * KOREAN_UNITS[last]![0];
  // Rounding can carry into a larger unit (9,999억 9,999.6만 → 1조): group again from there.
  if (leadOf(rounded) < lead) {
    lead = leadOf(rounded);
    last = Math.min(lead + groups - 1, KOREAN_UNITS.length - 1);
    rounded = Math.round(rounded / KOREAN_UNITS[last]![0]) * KOREAN_UNITS[last]![0];
  }
  const parts: string[] = [];
  for (let i = lead; i <= last; i++) {
    const [unit, name] = KOREAN_UNITS[i]!;
    const whole = Math.floor(rounded / unit);
    const group = i === lead ? whole : whole % 10_000;
    if (group > 0) parts.push(`${formatFixed(group, 0)}${name}`);
  }
  return sign + (parts.length ? parts.join(' ') : '0');
}

/** The compact units of each language, smallest first, as Intl (CLDR) writes them. */
const COMPACT_UNITS: Record<NumberLanguage, readonly [places: number, suffix: string][]> = {
  en: [
    [3, 'K'],
    [6, 'M'],
    [9, 'B'],
    [12, 'T'],
  ],
  ko: [
    [3, '천'],
    [4, '만'],
    [8, '억'],
    [12, '조'],
  ],
  'zh-CN': [
    [4, '万'],
    [8, '亿'],
    [12, '万亿'],
  ],
  'zh-TW': [
    [4, '萬'],
    [8, '億'],
    [12, '兆'],
  ],
};

/** "1234.5" shifted `places` to the left: "1.2345" (decimal digits, no float division). */
function shiftLeft(text: string, places: number): string {
  const [whole = '0', fraction = ''] = text.split('.');
  const padded = whole.padStart(places + 1, '0');
  const cut = padded.length - places;
  return `${padded.slice(0, cut)}.${padded.slice(cut)}${fraction}`;
}

/** "1.20" → "1.2", "3.00" → "3": Intl's compact form drops trailing zeros. */
const trimZeros = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/**
 * Intl's compact notation with two decimals at most ("1.18T", "1.18万亿", "1.18兆", "1.2만"),
 * grouped ("1,000T", "9,999.5만"), written without Intl: the first compact Intl.NumberFormat loads
 * its locale data, ~10–15 ms on the main thread as the chart's axis is first drawn. A figure is
 * put in the largest unit it reaches, rounded half away from zero, and moved up a unit when the
 * rounding reaches it (999,999 → "1M"), as Intl does; format.test.ts checks it against Intl.
 */
function compact(value: number, language: NumberLanguage): string {
  const text = String(Math.abs(value));
  // Exponent forms (from 1e21, below 1e-6): far outside any market figure; Intl writes them.
  if (text.includes('e')) return compactByIntl(value, language);
  const units = COMPACT_UNITS[language];
  const [whole = '0'] = text.split('.');
  const digits = whole === '0' ? 0 : whole.length;
  let at = units.findLastIndex(([places]) => digits > places);
  let body = '';
  for (;;) {
    const places = at < 0 ? 0 : units[at]![0];
    body = formatFixed(Number(shiftLeft(text, places)), 2);
    const next = units[at + 1];
    // Rounding carried the figure into the next unit ("1,000K"): write it in that unit instead.
    if (!next || body.replace(/[,.]/g, '').length - 2 <= next[0] - places) break;
    at += 1;
  }
  const suffix = at < 0 ? '' : units[at]![1];
  return `${value < 0 ? '-' : ''}${trimZeros(body)}${suffix}`;
}

const compactFormats = new Map<string, Intl.NumberFormat>();
function compactByIntl(value: number, language: NumberLanguage): string {
  let format = compactFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(language, {
      notation: 'compact',
      maximumFractionDigits: 2,
      useGrouping: true,
    });
    compactFormats.set(language, format);
  }
  return format.format(value);
}

/**
 * Won amounts (market cap, turnover, traded value, net buying): Korean in exact 조/억/만 groups,
 * the other languages compact. No currency sign: the label says what the figure is.
 */
export function formatAmount(value: number | null | undefined, language: string): string {
  if (missing(value)) return '—';
  const lang = languageOf(language);
  return lang === 'ko' ? formatKoreanUnits(value) : compact(value, lang);
}

const SHARE_SUFFIX: Record<NumberLanguage, string> = {
  ko: ' 주',
  'zh-CN': '股',
  'zh-TW': '股',
  // English screens write volume without a unit ("Volume 4.01M").
  en: '',
};

/** Share counts (volume, short quantity): "401만 주", "4.01M", "401万股", "401萬股". */
export function formatShares(value: number | null | undefined, language: string): string {
  if (missing(value)) return '—';
  const lang = languageOf(language);
  const body = lang === 'ko' ? formatKoreanUnits(value) : compact(value, lang);
  return body + SHARE_SUFFIX[lang];
}

/** An axis tick, short in every language (a tick has no room for exact groups): "1.2만", "3억", "1.2M". */
export function formatAxisTick(value: number, language: string): string {
  return value === 0 ? '0' : compact(value, languageOf(language));
}

/** Korean convention: red when up, blue when down, grey when unchanged. */
export type Direction = 'up' | 'down' | 'flat';
export function directionOf(change: number): Direction {
  return change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
}
// Dark enough for 4.5:1 as text on white up to gray.200, and for white text on them as chips.
export const DIRECTION_COLOR: Record<Direction, string> = {
  up: '#bf2530',
  down: '#1d56d6',
  flat: '#5f6672',
};
export const DIRECTION_ARROW: Record<Direction, string> = { up: '▲', down: '▼', flat: '' };

/** The words of a change: "▲ 1,200 +1.23%" (the arrow replaces the sign). */
export function changeLabel(change: number, rate?: number, decimals = 0, arrow = true): string {
  const dir = directionOf(change);
  return [
    arrow && DIRECTION_ARROW[dir] ? DIRECTION_ARROW[dir] : null,
    formatChange(change, decimals).replace(/^[+-]/, arrow ? '' : '$&'),
    rate === undefined ? null : formatRate(rate),
  ]
    .filter((p) => p !== null)
    .join(' ');
}

const SEOUL_OFFSET_MS = 9 * 3_600_000;
const pad2 = (n: number) => String(n).padStart(2, '0');
const seoulDate = (d: Date) =>
  `${d.getUTCFullYear()}.${pad2(d.getUTCMonth() + 1)}.${pad2(d.getUTCDate())}`;

/** Epoch ms → "2026.11.22 09:41:05" in Seoul time (the spec's date format). */
export function formatSeoulTime(epochMs: number): string {
  const d = new Date(epochMs + SEOUL_OFFSET_MS);
  return `${seoulDate(d)} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${pad2(d.getUTCSeconds())}`;
}

/**
 * A deadline in Seoul time. One that falls at midnight reads as 24:00 of the day before
 * ("2026.11.26 24:00:00"), as the promise is worded ("by 24:00 the next day"): read as 00:00 of
 * the 27th it looks a day later than it is.
 */
export function formatSeoulDeadline(epochMs: number): string {
  const d = new Date(epochMs + SEOUL_OFFSET_MS);
  const midnight = d.getUTCHours() === 0 && d.getUTCMinutes() === 0 && d.getUTCSeconds() === 0;
  if (!midnight) return formatSeoulTime(epochMs);
  return `${seoulDate(new Date(d.getTime() - 86_400_000))} 24:00:00`;
}

/** What the chart writes under its time axis and in its range line. */
export type ChartDateKind = 'time' | 'day' | 'month' | 'full';
const EN_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];
type DateWriter = (y: number, m: number, d: number) => string;
const CHART_DATES: Record<
  'ko' | 'en' | 'zh',
  Record<Exclude<ChartDateKind, 'time'>, DateWriter>
> = {
  ko: {
    day: (_, m, d) => `${m}월 ${d}일`,
    month: (y, m) => `${pad2(y % 100)}년 ${m}월`,
    full: (y, m, d) => `${y}. ${pad2(m)}. ${pad2(d)}.`,
  },
  en: {
    day: (_, m, d) => `${EN_MONTHS[m - 1]} ${d}`,
    month: (y, m) => `${EN_MONTHS[m - 1]} ${pad2(y % 100)}`,
    full: (y, m, d) => `${pad2(m)}/${pad2(d)}/${y}`,
  },
  zh: {
    day: (_, m, d) => `${m}月${d}日`,
    month: (y, m) => `${pad2(y % 100)}年${m}月`,
    full: (y, m, d) => `${y}/${pad2(m)}/${pad2(d)}`,
  },
};

/**
 * A chart date in Seoul time (no daylight saving: a fixed UTC+9), written as Intl writes it in
 * each language ("11월 26일", "Nov 26", "11月26日"; format.test.ts compares the two). Building an
 * Intl date format for Seoul loads the time zone and the language's patterns: ~15 ms on the main
 * thread as the chart first draws.
 */
export function formatSeoulChartDate(epochMs: number, language: string, kind: ChartDateKind) {
  const d = new Date(epochMs + SEOUL_OFFSET_MS);
  if (kind === 'time') return `${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}`;
  const lang = languageOf(language);
  const write = CHART_DATES[lang === 'ko' || lang === 'en' ? lang : 'zh'][kind];
  return write(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}
