import type { OrderBookSnapshot, OrderSide } from '../../../contract';

/**
 * The price an order fills at against the feed's book (docs/trading.md "Fills"). The customer's
 * orders do not move the simulated market: the book is read, never changed.
 *
 * Buying (opening a long, closing a short) walks the asks from the best; selling walks the bids.
 * The fill is at the volume-weighted average of the levels walked, rounded to the won; shares
 * beyond the book's five levels are taken at the last level's price. An empty side or a call
 * auction (indicative levels only) gives no price.
 */
export function bookFillPrice(
  book: OrderBookSnapshot | undefined,
  buying: boolean,
  shares: number,
): number | null {
  if (!book || book.auction) return null;
  const levels = buying ? book.asks : book.bids;
  if (levels.length === 0) return null;
  let left = shares;
  let value = 0;
  let last = levels[0]?.price ?? 0;
  for (const level of levels) {
    const take = Math.min(left, level.qty);
    value += take * level.price;
    left -= take;
    last = level.price;
    if (left === 0) break;
  }
  value += left * last;
  return Math.round(value / shares);
}

/** Opening a long buys; opening a short sells. */
export const opensBuying = (side: OrderSide) => side === 'long';

/**
 * A limit order is marketable when the book already offers its price: a long when the best ask is
 * at or below its limit, a short when the best bid is at or above it.
 */
export function marketable(book: OrderBookSnapshot | undefined, side: OrderSide, limit: number) {
  if (!book || book.auction) return false;
  const best = side === 'long' ? book.asks[0]?.price : book.bids[0]?.price;
  if (best === undefined) return false;
  return side === 'long' ? best <= limit : best >= limit;
}

/** A resting limit order fills when the market trades through it: the last price reaches it. */
export function tradedThrough(side: OrderSide, limit: number, lastPrice: number): boolean {
  return side === 'long' ? lastPrice <= limit : lastPrice >= limit;
}
