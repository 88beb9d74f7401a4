import type { Market, TradeProductCode } from '../../../contract';
import { SELL_TAX_PPM } from '../../../contract';
import type { Database } from '../../db/connect';
import { tradeOrders } from '../../db/schema';
import { applyEvent, orderLifecycle } from '../../lifecycle';
import { openFromHeld } from './order-ledger';
import { readProducts } from './products';
import { unlockAtOf } from './trading-time';

/**
 * A position bought outright from a sum already held: an order of `product` filled at `price`
 * at once, its margin the notional and the rest of the hold its commission (a long pays no tax
 * on opening). An approved block-trade application (block-review.ts) and a listed rights-issue
 * application (server/modules/corporate) both become positions this way.
 */
export interface FilledPosition {
  customerId: number;
  product: TradeProductCode;
  symbol: string;
  market: Market;
  price: number;
  shares: number;
  /** What the application held: price × shares plus any commission taken when applying. */
  held: number;
}

/** Answers the new order's id; runs in the caller's transaction. */
export async function openFilledPosition(
  tx: Database,
  position: FilledPosition,
  at: { now: Date; expiresAt: Date },
): Promise<number> {
  const { now } = at;
  const terms = (await readProducts(tx)).find((p) => p.code === position.product);
  if (!terms) throw new Error(`the ${position.product} product has no terms`);
  const notional = position.price * position.shares;
  const [order] = await tx
    .insert(tradeOrders)
    .values({
      customerId: position.customerId,
      product: position.product,
      terms,
      symbol: position.symbol,
      side: 'long',
      type: 'limit',
      limitPrice: position.price,
      lots: position.shares,
      shares: position.shares,
      leverage: 1,
      taxPpm: SELL_TAX_PPM[position.market],
      margin: notional,
      notional,
      openFee: position.held - notional,
      openTax: 0,
      expiresAt: at.expiresAt,
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
      price: position.price,
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
