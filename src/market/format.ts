/**
 * Number formatting of the market screens. Prices are whole won with thousands separators;
 * volumes and amounts are compact in the reader's units (만/억/조 in Korean, 萬/億 in Chinese,
 * K/M/B in English), as Korean brokerage screens show them.
 */

const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoDecimals = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 1234567 → "1,234,567". */
export function formatPrice(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? '—'
    : grouped.format(value);
}

/** Index levels and FX rates: two decimals with separators. */
export function formatLevel(value: number | null | undefined): string {
  return value === null || value === undefined || !Number.isFinite(value)
    ? '—'
    : twoDecimals.format(value);
}

/** A signed difference: "+1,200", "-350", "0". */
export function formatChange(value: number, decimals = 0): string {
  const body = decimals > 0 ? twoDecimals.format(Math.abs(value)) : grouped.format(Math.abs(value));
  return value > 0 ? `+${body}` : value < 0 ? `-${body}` : body;
}

/** A fraction as a signed percentage: 0.0123 → "+1.23%". */
export function formatRate(rate: number): string {
  const pct = Math.round(rate * 10_000) / 100;
  const body = twoDecimals.format(Math.abs(pct));
  return pct > 0 ? `+${body}%` : pct < 0 ? `-${body}%` : `${body}%`;
}

const compactFormats = new Map<string, Intl.NumberFormat>();

/** 12345678 → "1234.57만" is noisy; Intl's compact notation gives "1235만" / "12.35M". */
export function formatCompact(value: number | null | undefined, locale: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 2 });
    compactFormats.set(locale, format);
  }
  return format.format(value);
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

/** Epoch ms → "2026.11.22 09:41:05" in Seoul time (the spec's date format). */
export function formatSeoulTime(epochMs: number): string {
  const d = new Date(epochMs + 9 * 3_600_000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}.${p(d.getUTCMonth() + 1)}.${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}
