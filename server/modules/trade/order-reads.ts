import { and, count, desc, eq, gte, inArray, sum } from 'drizzle-orm';
import type { OrderDetailDto, OrdersDto, OrdersRequest, PortfolioDto } from '../../../contract';
import { ORDER_TAB_STATES, positionPnl } from '../../../contract';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/connect';
import { ledgerAccounts, tradeOrders } from '../../db/schema';
import { orderLifecycle, transitionsOf } from '../../lifecycle';
import { customerOrder } from './cancel-order';
import { HOLDING_STATES, markToMarket, orderDto } from './order-view';
import { seoulDayStart } from './trading-time';

/** `/trade/orders`: a tab of the customer's orders, newest first, with the holding totals. */
export async function ordersPage(
  maru: AppContext,
  customerId: number,
  request: OrdersRequest,
): Promise<OrdersDto> {
  const { db, feed } = maru;
  const mine = eq(tradeOrders.customerId, customerId);
  const where =
    request.tab === 'all'
      ? mine
      : and(mine, inArray(tradeOrders.state, [...ORDER_TAB_STATES[request.tab]]));
  const [rows, [counted], holding] = await Promise.all([
    db
      .select()
      .from(tradeOrders)
      .where(where)
      .orderBy(desc(tradeOrders.id))
      .limit(request.pageSize)
      .offset((request.page - 1) * request.pageSize),
    db.select({ n: count() }).from(tradeOrders).where(where),
    db
      .select()
      .from(tradeOrders)
      .where(and(mine, inArray(tradeOrders.state, [...HOLDING_STATES]))),
  ]);
  const totals = { margin: 0, marketValue: 0, unrealisedPnl: 0 };
  for (const row of holding) {
    const marked = markToMarket(row, feed);
    totals.margin += row.margin;
    totals.marketValue += marked.marketValue ?? 0;
    totals.unrealisedPnl += marked.unrealisedPnl ?? 0;
  }
  return {
    rows: rows.map((row) => orderDto(row, feed)),
    page: request.page,
    pageSize: request.pageSize,
    total: counted?.n ?? 0,
    totals,
  };
}

/** An order's transitions as the customer reads them (staff are never named). */
export async function orderHistory(db: Database, id: number) {
  return (await transitionsOf(db, orderLifecycle.type, id)).map((t) => ({
    at: t.createdAt.toISOString(),
    event: t.event,
    from: t.fromState,
    to: t.toState,
    actor: t.actorKind,
    reason: t.reason,
  }));
}

/** `/trade/order`: the customer's order with its history. */
export async function orderDetail(
  maru: AppContext,
  customerId: number,
  id: number,
): Promise<OrderDetailDto> {
  const row = await customerOrder(maru.db, customerId, id);
  return { order: orderDto(row, maru.feed), history: await orderHistory(maru.db, id) };
}

/**
 * `/trade/portfolio`: the won account's worth (cash, pledged margin, unrealised P&L) and today's
 * P&L: what closed today (Seoul) realised, plus each open position's move today (from its fill
 * when it filled today, else from the previous close).
 */
export async function portfolio(maru: AppContext, customerId: number): Promise<PortfolioDto> {
  const { db, feed } = maru;
  const dayStart = seoulDayStart(maru.clock.now());
  const [cashRows, holding, [realised]] = await Promise.all([
    db
      .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.customerId, customerId),
          eq(ledgerAccounts.currency, 'KRW'),
          inArray(ledgerAccounts.kind, ['available', 'held']),
        ),
      ),
    db
      .select()
      .from(tradeOrders)
      .where(
        and(
          eq(tradeOrders.customerId, customerId),
          inArray(tradeOrders.state, [...HOLDING_STATES]),
        ),
      ),
    db
      .select({ total: sum(tradeOrders.realisedPnl).mapWith(Number) })
      .from(tradeOrders)
      .where(
        and(
          eq(tradeOrders.customerId, customerId),
          eq(tradeOrders.state, 'closed'),
          gte(tradeOrders.updatedAt, dayStart),
        ),
      ),
  ]);
  const cash = cashRows.reduce((total, r) => total + r.balance, 0);
  let margin = 0;
  let unrealisedPnl = 0;
  let movedToday = 0;
  for (const row of holding) {
    margin += row.margin;
    const marked = markToMarket(row, feed);
    unrealisedPnl += marked.unrealisedPnl ?? 0;
    const quote = feed.quote(row.symbol);
    const fill = row.context.fillPrice;
    if (quote && fill !== null && marked.marketPrice !== null) {
      const filledToday =
        row.context.filledAt !== null && Date.parse(row.context.filledAt) >= dayStart.getTime();
      const from = filledToday ? fill : quote.prevClose;
      movedToday += positionPnl(row.side, from, marked.marketPrice, row.shares);
    }
  }
  return {
    totalAssets: cash + margin + unrealisedPnl,
    cash,
    margin,
    unrealisedPnl,
    todayPnl: (realised?.total ?? 0) + movedToday,
    holdingCount: holding.length,
  };
}
