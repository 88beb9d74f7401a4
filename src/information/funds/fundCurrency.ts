import { FUND_CURRENCIES } from '../../../contract/schemas/funds';
import type { FundCurrency } from '../../../contract/schemas/funds';

/** The currency a money screen was opened for (`?currency=USD`), KRW when absent or unknown. */
export function fundCurrencyOf(value: string | null): FundCurrency {
  return (FUND_CURRENCIES as readonly string[]).includes(value ?? '')
    ? (value as FundCurrency)
    : 'KRW';
}
