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
