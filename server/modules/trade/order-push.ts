import { eq } from 'drizzle-orm';
import type { TradeOrderDto } from '../../../contract';
import type { Database } from '../../db/connect';
import { tradeOrders } from '../../db/schema';
import type { MarketFeed } from '../../market';
import { orderDto } from './order-view';

/**
 * What the `/account` socket pushes when an order's lifecycle moved: its owner and the order as
 * `/trade/order` answers it, read after the commit.
 */
export async function orderPushOf(
  db: Database,
  feed: MarketFeed,
  id: number,
): Promise<{ customerId: number; order: TradeOrderDto } | null> {
  const [row] = await db.select().from(tradeOrders).where(eq(tradeOrders.id, id));
  return row ? { customerId: row.customerId, order: orderDto(row, feed) } : null;
}
