import type { TradeOrderDto, TradeProductCode } from '../../../contract';
import { positionPnl, tradeOrderNo } from '../../../contract';
import type { MarketFeed } from '../../market';
import { orderLifecycle, statusOf } from '../../lifecycle';
import type { OrderRow } from './order-ledger';

/** Holding states: the order is a position. */
export const HOLDING_STATES = ['holding.locked', 'holding.closable'] as const;
export const isHolding = (state: string) => state.startsWith('holding');

/** A position's value at the market's last price, or nulls when it is not holding. */
export function markToMarket(row: OrderRow, feed: MarketFeed) {
  const fill = row.context.fillPrice;
  const price =
    isHolding(row.state) && fill !== null ? (feed.quote(row.symbol)?.price ?? null) : null;
  if (price === null || fill === null) {
    return { marketPrice: null, marketValue: null, unrealisedPnl: null };
  }
  return {
    marketPrice: price,
    marketValue: price * row.shares,
    unrealisedPnl: positionPnl(row.side, fill, price, row.shares),
  };
}

/** An order as the customer (and staff) read it. */
export function orderDto(row: OrderRow, feed: MarketFeed): TradeOrderDto {
  const ctx = row.context;
  return {
    id: row.id,
    orderNo: tradeOrderNo(row.id),
    product: row.product as TradeProductCode,
    symbol: row.symbol,
    name: feed.instrument(row.symbol)?.nameKo ?? row.symbol,
    nameEn: feed.instrument(row.symbol)?.nameEn ?? '',
    side: row.side,
    type: row.type,
    limitPrice: row.limitPrice,
    lots: row.lots,
    shares: row.shares,
    leverage: row.leverage,
    ...statusOf(orderLifecycle, { state: row.state, context: ctx, version: row.version }),
    margin: row.margin,
    notional: row.notional,
    fillPrice: ctx.fillPrice,
    filledAt: ctx.filledAt,
    unlockAt: ctx.unlockAt,
    closePrice: ctx.closePrice,
    closedAt: ctx.closedAt,
    closedBy: ctx.closedBy,
    cancelledBy: ctx.cancelledBy,
    fee: row.openFee + row.closeFee,
    tax: row.openTax + row.closeTax,
    realisedPnl: row.realisedPnl,
    settlesAt: row.settlesAt?.toISOString() ?? null,
    ...markToMarket(row, feed),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
