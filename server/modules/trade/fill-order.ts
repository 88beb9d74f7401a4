import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { tradeOrders } from '../../db/schema';
import { applyEvent, orderLifecycle } from '../../lifecycle';
import { openFromHeld } from './order-ledger';
import type { OrderRow } from './order-ledger';
import { unlockAtOf } from './trading-time';

/**
 * A resting limit order fills at its limit price once the market trades through it (the engine's
 * sweep, server/modules/trade/matcher.ts): what was held at that price becomes the position's
 * margin, fee and tax, in the transaction of the machine's `order.fill`.
 */
export async function fillRestingOrder(
  maru: AppContext,
  row: OrderRow,
  now: Date = maru.clock.now(),
): Promise<void> {
  const price = row.limitPrice;
  if (price === null) return;
  await applyEvent(maru.db, {
    lifecycle: orderLifecycle,
    id: row.id,
    event: {
      type: 'order.fill',
      price,
      at: now.toISOString(),
      unlockAt: unlockAtOf(row.terms.lock, now).toISOString(),
    },
    actor: { kind: 'system', id: null },
    expectedVersion: row.version,
    now,
    sideEffects: async (tx) => {
      await openFromHeld(tx, row);
      await tx.update(tradeOrders).set({ updatedAt: now }).where(eq(tradeOrders.id, row.id));
    },
  });
}
