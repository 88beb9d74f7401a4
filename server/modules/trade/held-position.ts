import type { Market } from '../../../contract';
import type { Database } from '../../db/connect';
import { openFilledPosition } from './filled-position';

/**
 * Shares bought outright with money already held (a placement paid up, an auction won) become a
 * position of the block product: the shared filled-position path (filled-position.ts), its fee
 * the rest of what was held for it (docs/trading.md).
 */
export interface HeldPurchase {
  customerId: number;
  symbol: string;
  market: string;
  price: number;
  shares: number;
  /** Exactly what `held` holds for this purchase: price × shares and the commission. */
  held: number;
}

/** A market the sell tax knows; anything else is taxed as KOSPI. */
const marketOf = (market: string): Market => (market === 'KOSDAQ' ? 'KOSDAQ' : 'KOSPI');

/** Answers the position's order id; runs in the caller's transaction. */
export async function openHeldPosition(
  tx: Database,
  purchase: HeldPurchase,
  now: Date,
  demoSession: boolean,
): Promise<number> {
  return openFilledPosition(tx, {
    customerId: purchase.customerId,
    product: 'block',
    symbol: purchase.symbol,
    market: marketOf(purchase.market),
    price: purchase.price,
    shares: purchase.shares,
    openFee: purchase.held - purchase.price * purchase.shares,
    demo: demoSession,
    now,
  });
}
