import { eq } from 'drizzle-orm';
import { closingCosts, positionPnl } from '../../../contract';
import type { OrderCloseCause, OrderEvent } from '../../../machines/order';
import type { AppContext } from '../../app-context';
import { tradeOrders } from '../../db/schema';
import { applyEvent, orderLifecycle } from '../../lifecycle';
import type { Actor } from '../../lifecycle';
import { Refusal } from '../../refusal';
import { settleClose } from './order-ledger';
import type { OrderRow } from './order-ledger';
import { bookFillPrice } from './pricing';
import { orderRow } from './place-order';
import { settlesAtOf, seoulWords, tradingOpen } from './trading-time';

/**
 * Closing a position (docs/trading.md "Closing"): by the customer, by the maintenance rule
 * (`margin`), or at the session's end for day-trading products (`sessionEnd`). One transaction
 * applies the machine's event and posts the close.
 */

const EVENT_OF: Record<OrderCloseCause, 'order.close' | 'order.forceClose' | 'order.settle'> = {
  customer: 'order.close',
  margin: 'order.forceClose',
  sessionEnd: 'order.settle',
};

/**
 * The price a position closes at: selling a long into the bids, buying a short back from the
 * asks; at the session's end, the last price (the book has closed).
 */
export function closePriceOf(maru: AppContext, row: OrderRow, cause: OrderCloseCause) {
  if (cause === 'sessionEnd') return maru.feed.quote(row.symbol)?.price ?? null;
  return bookFillPrice(maru.feed.book(row.symbol, 5), row.side === 'short', row.shares);
}

/**
 * Applies a due unlock first: the lock job may not have run yet when the customer closes right
 * after `unlockAt` (the machine then still says locked). Answers the row as it is now.
 */
async function unlockIfDue(maru: AppContext, row: OrderRow, now: Date): Promise<OrderRow> {
  const unlockAt = row.context.unlockAt;
  if (row.state !== 'holding.locked' || unlockAt === null || Date.parse(unlockAt) > now.getTime()) {
    return row;
  }
  await applyEvent(maru.db, {
    lifecycle: orderLifecycle,
    id: row.id,
    event: { type: 'lock.elapsed' },
    actor: { kind: 'system', id: null },
    now,
  });
  return orderRow(maru, row.id);
}

/**
 * Closes `loaded` for `cause` as of `now`. Only the customer's close looks at the lock (applying
 * a due unlock first); a forced close and the session-end settlement close whatever the lock says,
 * so they leave it alone: a lock job still pending is then skipped by the machine.
 */
export async function closePosition(
  maru: AppContext,
  loaded: OrderRow,
  cause: OrderCloseCause,
  actor: Actor,
  now: Date = maru.clock.now(),
): Promise<OrderRow> {
  const row = cause === 'customer' ? await unlockIfDue(maru, loaded, now) : loaded;
  if (cause === 'customer') {
    if (row.state === 'holding.locked' && row.context.unlockAt) {
      throw new Refusal('trade.sell_locked', { until: seoulWords(new Date(row.context.unlockAt)) });
    }
    const market = maru.feed.instrument(row.symbol)?.market ?? null;
    const session = maru.feed.session();
    if (row.state === 'holding.closable' && !tradingOpen(session, market)) {
      throw new Refusal('trade.closed', { session: session.label });
    }
  }
  const price = closePriceOf(maru, row, cause);
  const fill = row.context.fillPrice;
  // The machine refuses a price it cannot post (or an order that is not holding) before any write.
  const event: OrderEvent = {
    type: EVENT_OF[cause],
    price: price ?? 0,
    at: now.toISOString(),
  };
  await applyEvent(maru.db, {
    lifecycle: orderLifecycle,
    id: row.id,
    event,
    actor,
    expectedVersion: row.version,
    now,
    sideEffects: async (tx) => {
      if (price === null || fill === null) throw new Refusal('trade.price_unavailable');
      const side = row.side;
      const costs = closingCosts({
        price,
        shares: row.shares,
        side,
        commissionPpm: row.terms.commissionPpm,
        taxPpm: row.taxPpm,
      });
      const pnl = positionPnl(side, fill, price, row.shares);
      const realisedPnl = await settleClose(tx, row, { pnl, fee: costs.fee, tax: costs.tax });
      await tx
        .update(tradeOrders)
        .set({
          closeFee: costs.fee,
          closeTax: costs.tax,
          realisedPnl,
          settlesAt: settlesAtOf(now),
          updatedAt: now,
        })
        .where(eq(tradeOrders.id, row.id));
    },
  });
  return orderRow(maru, row.id);
}
