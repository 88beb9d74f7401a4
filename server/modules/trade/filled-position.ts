import { SELL_TAX_PPM } from '../../../contract';
import type { Market, TradeProductCode } from '../../../contract';
import type { Database, Transaction } from '../../db/connect';
import { tradeOrders } from '../../db/schema';
import { applyEvent, orderLifecycle } from '../../lifecycle';
import { openFromHeld } from './order-ledger';
import { readProducts } from './products';
import { sessionEndAfter, unlockAtOf } from './trading-time';

/** A position bought outright at a set price, its cost already in the customer's `held`. */
export interface FilledPosition {
  customerId: number;
  product: TradeProductCode;
  symbol: string;
  market: Market;
  price: number;
  shares: number;
  /** The commission taken with it (what `held` holds beyond price × shares). */
  openFee: number;
  /** Demo mode (the session's end is Seoul midnight). */
  demo: boolean;
  now: Date;
}

/**
 * Opens a long position filled at once at `price` (leverage 1, no tax on opening): an order of
 * the product filled through the order machine's `order.fill`, its margin (price × shares) and
 * fee moved out of `held` by the order's `trade_fill`. Block-trade approvals and IPO listings
 * both become positions this way; from then on it is an ordinary position (closed through
 * `/trade/close` under the product's lock).
 */
export async function openFilledPosition(
  db: Database | Transaction,
  p: FilledPosition,
): Promise<number> {
  const terms = (await readProducts(db)).find((t) => t.code === p.product);
  if (!terms) throw new Error(`the ${p.product} product has no terms`);
  const notional = p.price * p.shares;
  const [order] = await db
    .insert(tradeOrders)
    .values({
      customerId: p.customerId,
      product: p.product,
      terms,
      symbol: p.symbol,
      side: 'long',
      type: 'limit',
      limitPrice: p.price,
      lots: p.shares,
      shares: p.shares,
      leverage: 1,
      taxPpm: SELL_TAX_PPM[p.market],
      margin: notional,
      notional,
      openFee: p.openFee,
      openTax: 0,
      expiresAt: sessionEndAfter(p.now, p.demo),
      createdAt: p.now,
      updatedAt: p.now,
    })
    .returning();
  if (!order) throw new Error('order insert returned no row');
  await applyEvent(db, {
    lifecycle: orderLifecycle,
    id: order.id,
    event: {
      type: 'order.fill',
      price: p.price,
      at: p.now.toISOString(),
      unlockAt: unlockAtOf(terms.lock, p.now).toISOString(),
    },
    actor: { kind: 'system', id: null },
    expectedVersion: order.version,
    now: p.now,
    sideEffects: (inner) => openFromHeld(inner, order),
  });
  return order.id;
}
