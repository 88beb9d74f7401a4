/**
 * Money is an integer count of a currency's minor unit (KRW has none, USD has cents, USDT six
 * decimals), kept within Number.MAX_SAFE_INTEGER, never a float.
 */
export const CURRENCIES = {
  KRW: { minorDigits: 0, symbol: '₩' },
  USD: { minorDigits: 2, symbol: '$' },
  USDT: { minorDigits: 6, symbol: '₮' },
  CNY: { minorDigits: 2, symbol: '¥' },
  TWD: { minorDigits: 2, symbol: 'NT$' },
  HKD: { minorDigits: 2, symbol: 'HK$' },
  THB: { minorDigits: 2, symbol: '฿' },
  JPY: { minorDigits: 0, symbol: '¥' },
  VND: { minorDigits: 0, symbol: '₫' },
  MYR: { minorDigits: 2, symbol: 'RM' },
} as const;

export type Currency = keyof typeof CURRENCIES;

/** The currencies every customer's "Mine" page lists, in order. */
export const ACCOUNT_CURRENCIES: readonly Currency[] = ['KRW', 'USD', 'USDT'];

export function isSafeMinor(amount: number): boolean {
  return Number.isSafeInteger(amount);
}

/** Formats minor units with thousands separators, e.g. 1234567 KRW → "1,234,567", 12345 USD → "123.45". */
export function formatMoney(minor: number, currency: Currency): string {
  if (!isSafeMinor(minor)) throw new RangeError(`not a safe integer amount: ${minor}`);
  const digits = CURRENCIES[currency].minorDigits;
  const negative = minor < 0;
  const abs = Math.abs(minor)
    .toString()
    .padStart(digits + 1, '0');
  const whole = abs.slice(0, abs.length - digits);
  const fraction = digits > 0 ? abs.slice(abs.length - digits) : '';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Minor units from an amount a customer typed in major units: `1,234.5` USD → 123450, `10000`
 * KRW → 10000. Thousands separators and surrounding spaces are allowed; more decimals than the
 * currency has, signs, exponents or anything beyond Number.MAX_SAFE_INTEGER answer null, so a
 * typed amount is never rounded into another one.
 */
export function parseMoney(text: string, currency: Currency): number | null {
  const digits = CURRENCIES[currency].minorDigits;
  const plain = text.trim().replace(/,/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(plain);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minorText = (whole + fraction.padEnd(digits, '0')).replace(/^0+(?=\d)/, '');
  const minor = Number(minorText);
  // Compared as text too: above 2^53 Number() silently rounds to a neighbour.
  if (!isSafeMinor(minor) || String(minor) !== minorText) return null;
  return minor;
}

/** An amount as a customer would type it in major units, without grouping: 123450 USD → "1234.50". */
export function moneyInput(minor: number, currency: Currency): string {
  return formatMoney(minor, currency).replace(/,/g, '');
}
