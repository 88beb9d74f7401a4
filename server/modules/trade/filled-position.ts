import type { Market, TradeProductCode } from '../../../contract';
import { SELL_TAX_PPM } from '../../../contract';
import type { Database } from '../../db/connect';
import { SELL_TAX_PPM } from '../../../contract';
import type { Market, TradeProductCode } from '../../../contract';
import type { Database, Transaction } from '../../db/connect';
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
import { sessionEndAfter, unlockAtOf } from './trading-time';

/** A position bought outright at a set price, its cost already in the customer's `held`. */
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
      price: position.price,
      at: now.toISOString(),
      unlockAt: unlockAtOf(terms.lock, now).toISOString(),
    },
    actor: { kind: 'system', id: null },
    expectedVersion: order.version,
    now,
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
