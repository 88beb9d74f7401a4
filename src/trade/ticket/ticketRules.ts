import type { ErrorParams } from '../../../contract/errors';
import type { LockRule } from '../../../contract/trade';
import { isOnTick, tickSize } from '../../../contract/ticks';
import { formatPrice } from '../../market/format';

/** A problem with the typed limit price, as the contract's refusal code and its parameters. */
export interface PriceProblem {
  code:
    | 'trade.price_required'
    | 'trade.invalid_price'
    | 'trade.price_not_on_tick'
    | 'trade.price_limit';
  params: ErrorParams;
}

/** The day's limits the price must stay inside, when the quote has them. */
export interface PriceLimits {
  lower: number | null;
  upper: number | null;
}

/** The typed price as whole won, or null when it is not a number at all. */
export function parsePrice(text: string): number | null {
  const digits = text.replace(/[,\s]/g, '');
  if (!/^[0-9]+$/.test(digits)) return null;
  const value = Number(digits);
  return Number.isSafeInteger(value) ? value : null;
}

/**
 * Checks a limit price before anything is sent, with the codes and parameters the server would
 * refuse it with: required, a positive whole number, on the tick, inside the daily limits.
 */
export function limitPriceProblem(text: string, limits: PriceLimits): PriceProblem | null {
  if (text.trim() === '') return { code: 'trade.price_required', params: {} };
  const price = parsePrice(text);
  if (price === null || price <= 0) return { code: 'trade.invalid_price', params: {} };
  if (!isOnTick(price)) {
    return { code: 'trade.price_not_on_tick', params: { tick: formatPrice(tickSize(price)) } };
  }
  const { lower, upper } = limits;
  if (lower !== null && upper !== null && lower > 0 && (price < lower || price > upper)) {
    return {
      code: 'trade.price_limit',
      params: { lower: formatPrice(lower), upper: formatPrice(upper) },
    };
  }
  return null;
}

/** The ui key and parameters of a product's lock rule in words. */
export function lockWords(lock: LockRule): { key: string; params: { count: number } } {
  const params = { count: lock.count };
  if (lock.count === 0) return { key: 'ticket.lock.none', params };
  if (lock.kind === 'minutes') return { key: 'ticket.lock.minutes', params };
  if (lock.count === 1) return { key: 'ticket.lock.nextDay', params };
  return { key: 'ticket.lock.days', params };
}
