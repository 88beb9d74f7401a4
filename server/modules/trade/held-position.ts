import { SELL_TAX_PPM } from '../../../contract';
import type { TaxMarket } from '../../../contract';
import type { Database } from '../../db/connect';
import { tradeOrders } from '../../db/schema';
import { applyEvent, orderLifecycle } from '../../lifecycle';
import { openFromHeld } from './order-ledger';
import { readProducts } from './products';
import { sessionEndAfter, unlockAtOf } from './trading-time';

/**
 * Shares bought outright with money already held (a block trade approved, a placement paid up,
 * an auction won) become a position: an order of the block product filled at `price` at once,
 * its margin the notional and its fee the rest of what was held for it, through the order's own
 * `order.fill` and `trade_fill` (docs/trading.md).
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

const taxPpmOf = (market: string) =>
  market in SELL_TAX_PPM ? SELL_TAX_PPM[market as TaxMarket] : SELL_TAX_PPM.KOSPI;

/** Answers the position's order id; runs in the caller's transaction. */
export async function openHeldPosition(
  tx: Database,
  purchase: HeldPurchase,
  now: Date,
  demoSession: boolean,
): Promise<number> {
  const terms = (await readProducts(tx)).find((p) => p.code === 'block');
  if (!terms) throw new Error('the block product has no terms');
  const notional = purchase.price * purchase.shares;
  // Bought outright (leverage 1, a long pays no tax on opening): the margin is the notional and
  // the rest of the hold is the commission computed when the money was held.
  const [order] = await tx
    .insert(tradeOrders)
    .values({
      customerId: purchase.customerId,
      product: 'block',
      terms,
      symbol: purchase.symbol,
      side: 'long',
      type: 'limit',
      limitPrice: purchase.price,
      lots: purchase.shares,
      shares: purchase.shares,
      leverage: 1,
      taxPpm: taxPpmOf(purchase.market),
      margin: notional,
      notional,
      openFee: purchase.held - notional,
      openTax: 0,
      expiresAt: sessionEndAfter(now, demoSession),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!order) throw new Error('order insert returned no row');
  await applyEvent(tx, {
    lifecycle: orderLifecycle,
    id: order.id,
    event: {
      type: 'order.fill',
      price: purchase.price,
      at: now.toISOString(),
      unlockAt: unlockAtOf(terms.lock, now).toISOString(),
    },
    actor: { kind: 'system', id: null },
    expectedVersion: order.version,
    now,
    sideEffects: (inner) => openFromHeld(inner, order),
  });
  return order.id;
}
