import { FX_QUOTE_UNITS } from '../../../contract/market';
import type { Currency } from '../../../contract/money';

/**
 * A decimal string times a power of ten, exactly (no float): `shiftDecimal('9.4012', 2)` →
 * `940.12`. Rates arrive as decimal strings so that no digit is lost on the way to the screen.
 */
export function shiftDecimal(text: string, places: number): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text.trim());
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return text;
  const sign = match[1] ?? '';
  const whole = match[2] ?? '';
  const fraction = match[3] ?? '';
  const digits = whole + fraction;
  const point = whole.length + places;
  const padded = point > digits.length ? digits.padEnd(point, '0') : digits;
  const intPart = (point <= 0 ? '0' : padded.slice(0, point)).replace(/^0+(?=\d)/, '');
  const fracPart = (
    point < 0 ? '0'.repeat(-point) + padded : padded.slice(Math.max(point, 0))
  ).replace(/0+$/, '');
  return `${sign}${intPart === '' ? '0' : intPart}${fracPart ? `.${fracPart}` : ''}`;
}

/** Thousands separators on a decimal string's whole part: `1380.5` → `1,380.5`. */
export function groupDecimal(text: string): string {
  const [whole = '', fraction] = text.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/**
 * An exchange rate (units of `to` per one `from`) as a screen quotes it: per 100 for the yen and
 * the dong (`FX_QUOTE_UNITS`), as Korean banks do, so `100 JPY = 940.12 KRW`.
 */
export function quotedRate(rate: string, from: Currency): { units: number; perUnits: string } {
  const units = FX_QUOTE_UNITS[from];
  return { units, perUnits: groupDecimal(shiftDecimal(rate, Math.round(Math.log10(units)))) };
}
