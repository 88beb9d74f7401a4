import type { BlockOfferingDto } from '../../../contract/schemas/trade';
import { formatSeoulTime } from '../../market/format';

/** How far the offering price is below (positive) or above (negative) the live price. */
export function discountOf(price: number, quote: number | null | undefined): number | null {
  if (!quote || quote <= 0) return null;
  return (quote - price) / quote;
}

/** An offering's window in Seoul time, to the minute. */
export function windowText(offering: Pick<BlockOfferingDto, 'opensAt' | 'closesAt'>): {
  from: string;
  to: string;
} {
  const minute = (iso: string) => formatSeoulTime(Date.parse(iso)).slice(0, 16);
  return { from: minute(offering.opensAt), to: minute(offering.closesAt) };
}

/** The `id` of a link, or null when it is not a positive whole number. */
export function idOf(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
