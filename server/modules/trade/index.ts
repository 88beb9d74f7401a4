import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { refusalBody } from '../../http/refusal';
import { tradingOpen } from './trading-time';
import { cancelOrder, customerOrder } from './cancel-order';
import { closePosition } from './close-order';
import { orderDetail, ordersPage, portfolio } from './order-reads';
import { orderDto } from './order-view';
import { placeOrder, previewOrder } from './place-order';
import { readProducts } from './products';
import { registerTradeStaffCalls } from './staff-calls';
import { registerBlockCalls } from './block-calls';

export { seedProducts } from './products';
export { seedBlockOfferings } from './block-offerings';
export { startMatcher, sweepOrders } from './matcher';
export type { Matcher, SweepSummary } from './matcher';
export { unsettledProfits } from './settlement';
export { orderPushOf } from './order-push';

/** Trading (docs/trading.md): products, the order path, positions; staff reads and products. */
export function registerTradeModule(app: FastifyInstance): void {
  const orderLimit = { ...app.maru.config.orderRateLimit, per: 'session' as const };

  defineCall(app, CUSTOMER_API, 'tradeProducts', async ({ maru }) => {
    const session = maru.feed.session();
    const open = tradingOpen(session, null);
    return {
      products: (await readProducts(maru.db)).map((terms) => ({
        ...terms,
        openNow: terms.enabled && open,
      })),
      demo: session.demo,
      simulated: maru.feed.simulated,
      sessionLabel: session.label,
    };
  });
  defineCall(
    app,
    CUSTOMER_API,
    'tradePreview',
    ({ maru, session, body, request }) =>
      previewOrder(maru, session, body, (refusal) =>
        refusalBody(request.locale, refusal.code, refusal.params),
      ),
    { rateLimit: orderLimit },
  );
  defineCall(
    app,
    CUSTOMER_API,
    'tradePlace',
    async ({ maru, session, body, request, audit }) => {
      const order = await placeOrder(maru, session, body, request.ip);
      audit.entity = `order:${order.id}`;
      audit.detail = {
        product: order.product,
        symbol: order.symbol,
        side: order.side,
        type: order.type,
        lots: order.lots,
        leverage: order.leverage,
        state: order.state,
        fillPrice: order.fillPrice,
      };
      return order;
    },
    { rateLimit: orderLimit },
  );
  defineCall(app, CUSTOMER_API, 'tradeCancel', async ({ maru, session, body, audit }) => {
    const row = await cancelOrder(maru, session.customer.id, body.id);
    audit.entity = `order:${row.id}`;
    return orderDto(row, maru.feed);
  });
  defineCall(
    app,
    CUSTOMER_API,
    'tradeClose',
    async ({ maru, session, body, audit }) => {
      const row = await customerOrder(maru.db, session.customer.id, body.id);
      const closed = await closePosition(maru, row, 'customer', {
        kind: 'customer',
        id: session.customer.id,
      });
      audit.entity = `order:${closed.id}`;
      audit.detail = { closePrice: closed.context.closePrice, realisedPnl: closed.realisedPnl };
      return orderDto(closed, maru.feed);
    },
    { rateLimit: orderLimit },
  );
  defineCall(app, CUSTOMER_API, 'tradeOrders', ({ maru, session, body }) =>
    ordersPage(maru, session.customer.id, body),
  );
  defineCall(app, CUSTOMER_API, 'tradeOrder', ({ maru, session, body }) =>
    orderDetail(maru, session.customer.id, body.id),
  );
  defineCall(app, CUSTOMER_API, 'portfolio', ({ maru, session }) =>
    portfolio(maru, session.customer.id),
  );
  registerTradeStaffCalls(app);
  registerBlockCalls(app);
}
