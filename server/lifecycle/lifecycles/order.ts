import { eq } from 'drizzle-orm';
import type { OrderContext, OrderEvent } from '../../../machines/order';
import { orderLifecycle as definition } from '../../../machines/order';
import { tradeOrders } from '../../db/schema';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

/**
 * Orders and positions live in `trade_orders` (docs/trading.md). Clock rules: an unfilled order
 * expires at `expires_at`, the session's end the order path wrote when it was placed; a locked
 * position unlocks at the fill's `unlockAt`.
 */
export const orderLifecycle: Lifecycle<OrderContext, OrderEvent> = {
  type: 'order',
  definition,
  storage: tableStorage<OrderContext>(tradeOrders, {
    id: tradeOrders.id,
    state: tradeOrders.state,
    context: tradeOrders.context,
    version: tradeOrders.version,
  }),
  notFound: 'trade.not_found',
  clock: {
    async sessionEnd(tx, { id, now }) {
      const [row] = await tx
        .select({ expiresAt: tradeOrders.expiresAt })
        .from(tradeOrders)
        .where(eq(tradeOrders.id, id));
      return row?.expiresAt ?? now;
    },
    unlockAt: (_tx, { context, now }) =>
      Promise.resolve(context.unlockAt ? new Date(context.unlockAt) : now),
  },
};
