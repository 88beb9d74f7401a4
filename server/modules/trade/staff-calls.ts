import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STAFF_API } from '../../../contract';
import { customers, tradeOrders } from '../../db/schema';
import { defineCall } from '../../http/define-call';
import { ApiRefusal } from '../../http/refusal';
import { tradingOpen } from './trading-time';
import { orderHistory } from './order-reads';
import { orderDto } from './order-view';
import { readProducts, setProduct } from './products';

/**
 * Back-office trading calls: products (operators change terms, audited with before and after),
 * and customers' orders, read-only: staff never fill, cancel or re-price an order (ARCHITECTURE
 * "Deliberate differences").
 */
export function registerTradeStaffCalls(app: FastifyInstance): void {
  defineCall(app, STAFF_API, 'productsList', async ({ maru }) => {
    const open = tradingOpen(maru.feed.session(), null);
    return {
      products: (await readProducts(maru.db)).map((terms) => ({
        ...terms,
        openNow: terms.enabled && open,
      })),
    };
  });
  defineCall(app, STAFF_API, 'productsSet', async ({ db, maru, body, audit }) => {
    const { before, after } = await setProduct(db, body, maru.clock.now());
    audit.entity = `product:${after.code}`;
    audit.detail = { before, after };
    return { ...after, openNow: after.enabled && tradingOpen(maru.feed.session(), null) };
  });
  defineCall(app, STAFF_API, 'ordersSearch', async ({ db, maru, body }) => {
    const query = (body.query ?? '').trim();
    const filters: SQL[] = [];
    if (query !== '') {
      const orderId = /^T?(\d{1,9})$/i.exec(query)?.[1];
      const byText = or(
        ilike(customers.account, `%${query.replace(/[%_\\]/g, '\\$&')}%`),
        eq(tradeOrders.symbol, query.toUpperCase()),
        ...(orderId
          ? [eq(tradeOrders.id, Number(orderId)), eq(customers.id, Number(orderId))]
          : []),
      );
      if (byText) filters.push(byText);
    }
    if (body.state) filters.push(eq(tradeOrders.state, body.state));
    const where = filters.length > 0 ? and(...filters) : undefined;
    const [rows, [counted]] = await Promise.all([
      db
        .select({ order: tradeOrders, account: customers.account })
        .from(tradeOrders)
        .innerJoin(customers, eq(customers.id, tradeOrders.customerId))
        .where(where)
        .orderBy(desc(tradeOrders.id))
        .limit(body.pageSize)
        .offset((body.page - 1) * body.pageSize),
      db
        .select({ n: count() })
        .from(tradeOrders)
        .innerJoin(customers, eq(customers.id, tradeOrders.customerId))
        .where(where),
    ]);
    return {
      rows: rows.map((r) => ({
        ...orderDto(r.order, maru.feed),
        customerId: r.order.customerId,
        account: r.account,
      })),
      page: body.page,
      pageSize: body.pageSize,
      total: counted?.n ?? 0,
    };
  });
  defineCall(app, STAFF_API, 'ordersDetail', async ({ db, maru, body, audit }) => {
    const [row] = await db.select().from(tradeOrders).where(eq(tradeOrders.id, body.id));
    if (!row) throw new ApiRefusal('trade.not_found', { field: 'id' }, 404);
    audit.entity = `order:${row.id}`;
    return { order: orderDto(row, maru.feed), history: await orderHistory(db, row.id) };
  });
}
