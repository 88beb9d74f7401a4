/**
 * Trading terms shared by the server's order path and the client's ticket (issue 11,
 * docs/trading.md): the products, their rules, and the arithmetic of an order's costs. Money is
 * KRW, which has no minor digits, so every amount here is whole won.
 */

export const TRADE_PRODUCTS = ['stock', 'dayTrading', 'bulkDayTrading', 'block'] as const;
export type TradeProductCode = (typeof TRADE_PRODUCTS)[number];

export const ORDER_SIDES = ['long', 'short'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];

export const ORDER_TYPES = ['limit', 'market'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** The customer's tabs on `/trade/index` (and `all` for the records). */
export const ORDER_TABS = ['holding', 'pending', 'closed', 'all'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** Which order states each tab lists: `closed` holds both ends (closed and cancelled). */
export const ORDER_TAB_STATES: Record<Exclude<OrderTab, 'all'>, readonly string[]> = {
  holding: ['holding.locked', 'holding.closable'],
  pending: ['pending'],
  closed: ['closed', 'cancelled'],
};

/**
 * How long a filled position may not be closed: N minutes after the fill (the spec's 15-minute
 * sell delay), or until the opening of the Nth business day after the fill (T+1).
 */
export interface LockRule {
  kind: 'minutes' | 'days';
  count: number;
}

/** One product's terms as staff set them (`/products/set`) and customers read them. */
export interface TradeProductTerms {
  code: TradeProductCode;
  /** Shares in one lot; an order is a whole number of lots. */
  lotSize: number;
  /** The leverage multiples a customer may pick, ascending; [1] is a cash product. */
  leverages: number[];
  /** The smallest notional (price × shares) an order may open, in won. */
  minOpenAmount: number;
  lock: LockRule;
  /** Commission on each leg's notional, in millionths (150 = 0.015 %). */
  commissionPpm: number;
  /**
   * Equity (margin + unrealised P&L) at or below this share of the margin, in percent, closes
   * the position at the market (the maintenance rule).
   */
  maintenancePct: number;
  /** Positions are closed at the market at the session's end (day-trading products). */
  closesAtSessionEnd: boolean;
  /** Listed: customers may open new orders. */
  enabled: boolean;
}

/** The sell tax in millionths of the selling leg's notional, by market (MARKET-RULES.md, 2026). */
export const SELL_TAX_PPM = { KOSPI: 2_000, KOSDAQ: 2_000, KONEX: 1_000 } as const;
export type TaxMarket = keyof typeof SELL_TAX_PPM;

const PPM = 1_000_000;

/** A share of an amount in millionths, rounded up to the won (a fee is never undercharged). */
export function ppmOf(amount: number, ppm: number): number {
  return Math.ceil((amount * ppm) / PPM);
}

export interface OrderCosts {
  /** Price × shares: the contract amount. */
  notional: number;
  /** Notional ÷ leverage, rounded up: what the position pledges. */
  margin: number;
  /** The opening leg's commission. */
  fee: number;
  /** The sell tax charged now: a short position's opening leg is a sale. */
  tax: number;
  /** What is taken from the available balance: margin + fee + tax. */
  total: number;
}

/** The costs of opening `shares` at `price` (a long buys; a short sells, so pays the tax now). */
export function openingCosts(input: {
  price: number;
  shares: number;
  leverage: number;
  side: OrderSide;
  commissionPpm: number;
  taxPpm: number;
}): OrderCosts {
  const notional = input.price * input.shares;
  const margin = Math.ceil(notional / input.leverage);
  const fee = ppmOf(notional, input.commissionPpm);
  const tax = input.side === 'short' ? ppmOf(notional, input.taxPpm) : 0;
  return { notional, margin, fee, tax, total: margin + fee + tax };
}

/** Profit or loss of `shares` opened at `open` and valued at `price`: a short gains as it falls. */
export function positionPnl(side: OrderSide, open: number, price: number, shares: number): number {
  return (side === 'long' ? price - open : open - price) * shares;
}

/** The costs of closing: the closing leg's commission, and the sell tax when it is a sale (long). */
export function closingCosts(input: {
  price: number;
  shares: number;
  side: OrderSide;
  commissionPpm: number;
  taxPpm: number;
}): { notional: number; fee: number; tax: number } {
  const notional = input.price * input.shares;
  return {
    notional,
    fee: ppmOf(notional, input.commissionPpm),
    tax: input.side === 'long' ? ppmOf(notional, input.taxPpm) : 0,
  };
}

/** Whether equity has fallen to the maintenance margin (the forced-close rule). */
export function atMaintenance(margin: number, unrealisedPnl: number, maintenancePct: number) {
  return (margin + unrealisedPnl) * 100 <= margin * maintenancePct;
}

/** The order number customers and staff quote. */
export const tradeOrderNo = (id: number) => `T${id}`;
