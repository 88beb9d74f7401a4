import { isInState } from '../../machines/state-value';
import { positionPnl } from '../../contract/trade';
import type { OrdersDto, TradeOrderDto } from '../../contract/schemas/trade';

/** What a holding position is worth at a price, and its unrealised P&L there. */
export interface Valuation {
  /** The price valued at: the live quote's, or the one the server answered with. */
  price: number | null;
  marketValue: number | null;
  unrealisedPnl: number | null;
  /** Valued at a live quote (not the answer's price). */
  live: boolean;
}

export const isHolding = (order: Pick<TradeOrderDto, 'state'>) => isInState(order.state, 'holding');

/**
 * A holding position valued at the live price when there is one (the same arithmetic as the
 * server's: contract/trade.ts), else as the server answered. Other orders have no valuation.
 */
export function valuationOf(order: TradeOrderDto, livePrice: number | null | undefined): Valuation {
  const answered = {
    price: order.marketPrice,
    marketValue: order.marketValue,
    unrealisedPnl: order.unrealisedPnl,
    live: false,
  };
  if (!isHolding(order) || order.fillPrice === null) return answered;
  if (typeof livePrice !== 'number' || !Number.isFinite(livePrice) || livePrice <= 0) {
    return answered;
  }
  return {
    price: livePrice,
    marketValue: livePrice * order.shares,
    unrealisedPnl: positionPnl(order.side, order.fillPrice, livePrice, order.shares),
    live: true,
  };
}

export type HoldingTotals = OrdersDto['totals'];

/**
 * The holding tab's totals moved by the live quotes: the server summed every holding position at
 * its prices when it answered; each loaded position adds how far its live valuation moved since.
 * Positions on pages not loaded yet stay at the answered prices.
 */
export function liveTotals(
  answered: HoldingTotals,
  rows: readonly TradeOrderDto[],
  prices: Readonly<Record<string, { price: number } | undefined>>,
): HoldingTotals {
  let marketValue = answered.marketValue;
  let unrealisedPnl = answered.unrealisedPnl;
  for (const row of rows) {
    if (!isHolding(row)) continue;
    const now = valuationOf(row, prices[row.symbol]?.price);
    if (!now.live) continue;
    marketValue += (now.marketValue ?? 0) - (row.marketValue ?? 0);
    unrealisedPnl += (now.unrealisedPnl ?? 0) - (row.unrealisedPnl ?? 0);
  }
  return { margin: answered.margin, marketValue, unrealisedPnl };
}

/** The newer of two versions of one order (the socket and the calls may answer out of order). */
export function newestOf(a: TradeOrderDto, b: TradeOrderDto): TradeOrderDto {
  return b.version >= a.version ? b : a;
}
