import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { tradeOrders } from '../../db/schema';

/**
 * Won a closed position's profit added to `available` that may not be withdrawn yet: sale
 * proceeds settle T+2 (MARKET-RULES.md), so a profit is withdrawable from its `settles_at`. The
 * margin that came back is the customer's own cash and is free at once; a loss needs no wait.
 */
export async function unsettledProfits(
  db: Database,
  customerId: number,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(greatest(${tradeOrders.realisedPnl}, 0)), 0)::text`,
    })
    .from(tradeOrders)
    .where(
      and(
        eq(tradeOrders.customerId, customerId),
        eq(tradeOrders.state, 'closed'),
        gt(tradeOrders.settlesAt, now),
      ),
    );
  return Number(row?.total ?? 0);
}
