import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/connect';
import { tradeOrders } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { applyEvent, orderLifecycle, subscribeTransitions } from '../../lifecycle';
import type { TransitionNotice } from '../../lifecycle';
import { releaseHold } from './order-ledger';
import type { OrderRow } from './order-ledger';
import { orderRow } from './place-order';

/** The customer's order with this id; another customer's reads as none (404). */
export async function customerOrder(
  db: Database,
  customerId: number,
  id: number,
): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(tradeOrders)
    .where(and(eq(tradeOrders.id, id), eq(tradeOrders.customerId, customerId)));
  if (!row) throw new ApiRefusal('trade.not_found', { field: 'id' }, 404);
  return row;
}

/** `/trade/cancel`: the machine takes `order.cancel` from a pending order only. */
export async function cancelOrder(
  maru: AppContext,
  customerId: number,
  id: number,
): Promise<OrderRow> {
  const row = await customerOrder(maru.db, customerId, id);
  const now = maru.clock.now();
  await applyEvent(maru.db, {
    lifecycle: orderLifecycle,
    id: row.id,
    event: { type: 'order.cancel' },
    actor: { kind: 'customer', id: customerId },
    now,
  });
  return orderRow(maru, row.id);
}

/**
 * Whatever ends an unfilled order (the customer's cancel, the session-end expiry job) releases
 * what it held, in the transition's transaction.
 */
async function releaseOnCancel(tx: Parameters<typeof releaseHold>[0], notice: TransitionNotice) {
  if (notice.lifecycle.type !== orderLifecycle.type || notice.to !== 'cancelled') return;
  const [row] = await tx.select().from(tradeOrders).where(eq(tradeOrders.id, notice.id));
  if (!row) return;
  await releaseHold(tx, row);
  await tx.update(tradeOrders).set({ updatedAt: notice.now }).where(eq(tradeOrders.id, row.id));
}
subscribeTransitions(releaseOnCancel);
