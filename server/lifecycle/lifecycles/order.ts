import type { OrderContext, OrderEvent } from '../../../machines/order';
import { orderLifecycle as definition } from '../../../machines/order';
import { tradeOrders } from '../../db/schema';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

/**
 * Orders and positions live in `trade_orders` (docs/trading.md). Clock rule: a locked position
 * unlocks at the fill's `unlockAt`. An unfilled order's expiry at `expires_at` is a job the order
 * path writes when it places it (an order starts in `pending`, which no transition enters).
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
    unlockAt: (_tx, { context, now }) =>
      Promise.resolve(context.unlockAt ? new Date(context.unlockAt) : now),
  },
};
