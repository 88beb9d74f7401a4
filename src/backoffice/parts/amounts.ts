import { CURRENCIES, formatMoney } from '../../../contract/money';
import type { Currency } from '../../../contract/money';

/** An amount in its currency: `1,234.56 USD`. */
export function money(minor: number, currency: Currency): string {
  return `${formatMoney(minor, currency)} ${currency}`;
}

/** A signed amount: `+1,000 KRW`, `-1,000 KRW`. */
export function signedMoney(minor: number, currency: Currency): string {
  return `${minor > 0 ? '+' : ''}${money(minor, currency)}`;
}

/**
 * What staff type (`-1,234.5` dollars) as minor units (-123450), read as text so no float ever
 * rounds it: an optional sign, digits with optional thousands commas, at most the currency's
 * minor digits after the point. Null when it is not such a number or not a safe integer.
 */
export function parseMinor(text: string, currency: Currency): number | null {
  const digits = CURRENCIES[currency].minorDigits;
  const match = /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (fraction.length > digits) return null;
  const minor = Number(`${whole.replaceAll(',', '')}${fraction.padEnd(digits, '0')}`);
  if (!Number.isSafeInteger(minor)) return null;
  return sign === '-' ? -minor : minor;
}
