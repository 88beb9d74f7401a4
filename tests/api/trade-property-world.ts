import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type {
  ErrorCode,
  OrderBookSnapshot,
  OrderSide,
  OrderType,
  TradeProductCode,
  TradeProductTerms,
} from '../../contract';
import { SELL_TAX_PPM, closingCosts, positionPnl, tradeOrderNo } from '../../contract';
import { journalEntries, ledgerAccounts, postings, tradeOrders } from '../../server/db/schema';
import { httpStatusOf } from '../../server/http/refusal';
import { auditLedger, describeViolation } from '../../server/ledger';
import { loadCalendar } from '../../server/market/data-files';
import { MINUTE_MS, seoulDayNumber, seoulMidnight } from '../../server/market/seoul-time';
import { DEFAULT_PRODUCTS } from '../../server/modules/trade/products';
import type { TestApp } from '../support/test-app';
import { expectRefusal } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import type { Trader, TradingMarket } from './trade-helpers';

/**
 * The world of the trading property test (trade-property.test.ts): the real app on a market the
 * test moves, a few funded customers, an operator who changes products, and a plain model of
 * every order and of each customer's won accounts. The model is written from docs/trading.md (the
 * order of the checks, the fill rule, the money table), not from the engine's code: the book walk
 * and the close's settlement are done again here. After every step `checkTradeWorld` compares
 * the database with the model and checks the invariants that hold whatever the model says.
 */

export type ModelState = 'pending' | 'holding.locked' | 'holding.closable' | 'closed' | 'cancelled';

export interface ModelOrder {
  id: number;
  c: number;
  product: TradeProductCode;
  /** The terms it was placed on (a later staff change does not apply to it). */
  terms: TradeProductTerms;
  symbol: string;
  side: OrderSide;
  type: OrderType;
  limitPrice: number | null;
  shares: number;
  leverage: number;
  taxPpm: number;
  margin: number;
  notional: number;
  openFee: number;
  openTax: number;
  expiresAt: number;
  state: ModelState;
  fillPrice: number | null;
  unlockAt: number | null;
  closePrice: number | null;
  closedBy: 'customer' | 'margin' | 'sessionEnd' | null;
  cancelledBy: 'customer' | 'sessionEnd' | null;
  closeFee: number;
  closeTax: number;
  realisedPnl: number | null;
  /** It rested before filling: a `trade_fill` entry exists. */
  rested: boolean;
}

export interface CustomerMoney {
  available: number;
  held: number;
  positionMargin: number;
  /** What was deposited: total money = funded + realised − open positions' opening costs. */
  funded: number;
}

export interface TradeWorld {
  t: TestApp;
  m: TradingMarket;
  customers: Trader[];
  operator: SignedInStaff;
  money: CustomerMoney[];
  orders: Map<number, ModelOrder>;
  products: Record<TradeProductCode, TradeProductTerms>;
  /** The largest leverage any product has offered: the bound on notional ÷ equity. */
  maxLeverage: number;
}

export const isHoldingState = (s: ModelState) => s === 'holding.locked' || s === 'holding.closable';
export const openingTotalOf = (o: Pick<ModelOrder, 'margin' | 'openFee' | 'openTax'>) =>
  o.margin + o.openFee + o.openTax;

export function newWorld(
  fields: Omit<TradeWorld, 'orders' | 'products' | 'maxLeverage' | 'money'>,
  funded: number,
): TradeWorld {
  const products = structuredClone(DEFAULT_PRODUCTS);
  return {
    ...fields,
    money: fields.customers.map(() => ({
      available: funded,
      held: 0,
      positionMargin: 0,
      funded,
    })),
    orders: new Map(),
    products,
    maxLeverage: Math.max(...Object.values(products).flatMap((p) => p.leverages)),
  };
}

export function moneyOf(w: TradeWorld, c: number): CustomerMoney {
  const money = w.money[c];
  if (!money) throw new Error(`no customer ${c}`);
  return money;
}

export function traderOf(w: TradeWorld, c: number): Trader {
  const trader = w.customers[c];
  if (!trader) throw new Error(`no customer ${c}`);
  return trader;
}

// ---- the rules, as docs/trading.md states them ---------------------------------------------

/**
 * The fill rule: walk the opposite side of the five-level book from the best, volume-weighted,
 * rounded to the won; shares beyond the five levels at the last level's price. No price in a call
 * auction or from an empty side.
 */
export function walkBook(
  book: OrderBookSnapshot | undefined,
  buying: boolean,
  shares: number,
): number | null {
  if (!book || book.auction) return null;
  const levels = buying ? book.asks : book.bids;
  if (levels.length === 0) return null;
  let left = shares;
  let value = 0;
  let last = 0;
  for (const level of levels) {
    if (left === 0) break;
    const take = Math.min(left, level.qty);
    value += take * level.price;
    left -= take;
    last = level.price;
  }
  return Math.round((value + left * last) / shares);
}

/** Orders are taken in continuous trading, unless the stock's market is halted. */
export function marketOpen(w: TradeWorld, symbol: string): boolean {
  const session = w.m.feed.session();
  const market = w.m.feed.instrument(symbol)?.market;
  if (session.demo) return true;
  return (
    session.phase === 'continuous' &&
    (market === undefined || !session.haltedMarkets.includes(market))
  );
}

const calendar = loadCalendar();
const OPEN_MIN = 9 * 60;
const END_MIN = 15 * 60 + 20;

/** T+N: the opening (09:00 Seoul) of the Nth trading day after the fill's day; N minutes after. */
export function unlockAtOf(terms: TradeProductTerms, filledAt: number): number {
  if (terms.lock.count <= 0) return filledAt;
  if (terms.lock.kind === 'minutes') return filledAt + terms.lock.count * MINUTE_MS;
  let day = seoulDayNumber(filledAt);
  for (let left = terms.lock.count; left > 0;) {
    day += 1;
    if (calendar.isTradingDay(day)) left -= 1;
  }
  return seoulMidnight(day) + OPEN_MIN * MINUTE_MS;
}

/** The session's end (15:20 Seoul on a trading day) an order placed at `at` expires at. */
export function sessionEndAfter(at: number): number {
  let day = seoulDayNumber(at);
  const endOf = (d: number) => seoulMidnight(d) + END_MIN * MINUTE_MS;
  while (!calendar.isTradingDay(day) || endOf(day) <= at) day += 1;
  return endOf(day);
}

/** The next trading day's 09:00 Seoul after `at`. */
export function nextOpenAfter(at: number): number {
  let day = seoulDayNumber(at) + 1;
  while (!calendar.isTradingDay(day)) day += 1;
  return seoulMidnight(day) + OPEN_MIN * MINUTE_MS;
}

export const taxPpmOf = (w: TradeWorld, symbol: string): number => {
  const market = w.m.feed.instrument(symbol)?.market;
  if (!market) throw new Error(`no instrument ${symbol}`);
  return SELL_TAX_PPM[market];
};

export interface CloseOutcome {
  price: number;
  fee: number;
  tax: number;
  /** What comes back to `available` (below zero: a loss past the margin, taken as far as it goes). */
  back: number;
}

/** Closing at `price`: the margin back with the P&L, less the closing fee and the sell tax. */
export function closeOutcome(o: ModelOrder, price: number): CloseOutcome {
  if (o.fillPrice === null) throw new Error(`order ${o.id} has no fill`);
  const costs = closingCosts({
    price,
    shares: o.shares,
    side: o.side,
    commissionPpm: o.terms.commissionPpm,
    taxPpm: o.taxPpm,
  });
  const pnl = positionPnl(o.side, o.fillPrice, price, o.shares);
  return { price, fee: costs.fee, tax: costs.tax, back: o.margin + pnl - costs.fee - costs.tax };
}

/**
 * Applies a close to the model. `fromAvailable` is what the customer's available changed by:
 * `back` when it is not below zero, else no more than what was available.
 */
export function applyClose(
  w: TradeWorld,
  o: ModelOrder,
  outcome: CloseOutcome,
  fromAvailable: number,
  closedBy: NonNullable<ModelOrder['closedBy']>,
): void {
  const money = moneyOf(w, o.c);
  money.positionMargin -= o.margin;
  money.available += fromAvailable;
  o.state = 'closed';
  o.closePrice = outcome.price;
  o.closedBy = closedBy;
  o.closeFee = outcome.fee;
  o.closeTax = outcome.tax;
  o.realisedPnl = fromAvailable - o.margin - o.openFee - o.openTax;
}

/** What a close takes from available when the loss passes the margin, as the model sees it. */
export const modelFromAvailable = (w: TradeWorld, o: ModelOrder, back: number) =>
  back >= 0 ? back : 0 - Math.min(-back, moneyOf(w, o.c).available);

export function applyFill(w: TradeWorld, o: ModelOrder, price: number, at: number): void {
  const money = moneyOf(w, o.c);
  money.held -= openingTotalOf(o);
  money.positionMargin += o.margin;
  o.fillPrice = price;
  o.unlockAt = unlockAtOf(o.terms, at);
  o.state = o.unlockAt <= at ? 'holding.closable' : 'holding.locked';
}

export function applyCancel(w: TradeWorld, o: ModelOrder, by: 'customer' | 'sessionEnd'): void {
  const money = moneyOf(w, o.c);
  money.held -= openingTotalOf(o);
  money.available += openingTotalOf(o);
  o.state = 'cancelled';
  o.cancelledBy = by;
}

// ---- answers ---------------------------------------------------------------------------------

/** How often each refusal was predicted and seen, for the run's summary. */
export const tradeRefusalTally = new Map<string, number>();
/** What the engine and the clock did (fills, forced closes, settlements, expiries, unlocks). */
export const engineTally = new Map<string, number>();
export const countEngine = (what: string) =>
  engineTally.set(what, (engineTally.get(what) ?? 0) + 1);

/** A refusal with the code, and the HTTP status the server gives that code. */
export function refusedWith(response: LightMyRequestResponse, code: ErrorCode, what: string) {
  try {
    expectRefusal(response, code, httpStatusOf(code));
  } catch (error) {
    throw new Error(`${what}: ${String(error)}`, { cause: error });
  }
  tradeRefusalTally.set(code, (tradeRefusalTally.get(code) ?? 0) + 1);
}

// ---- the checks after every step -------------------------------------------------------------

type Row = typeof tradeOrders.$inferSelect;

const TRADE_KINDS = ['trade_open', 'trade_fill', 'trade_release', 'trade_close'] as const;

/** Per order number and entry kind: the entries and the sum of their postings on the customer. */
async function tradePostings(w: TradeWorld) {
  const rows = await w.t.db
    .select({
      reason: journalEntries.reason,
      kind: journalEntries.kind,
      entries: sql<number>`count(distinct ${journalEntries.id})::int`,
      sum: sql<string>`sum(${postings.amount})::text`,
    })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
    .where(
      and(isNotNull(ledgerAccounts.customerId), inArray(journalEntries.kind, [...TRADE_KINDS])),
    )
    .groupBy(journalEntries.reason, journalEntries.kind);
  const byOrder = new Map<string, { kinds: Record<string, number>; sum: number }>();
  for (const row of rows) {
    const entry = byOrder.get(row.reason) ?? { kinds: {}, sum: 0 };
    entry.kinds[row.kind] = Number(row.entries);
    entry.sum += Number(row.sum);
    byOrder.set(row.reason, entry);
  }
  return byOrder;
}

/** The customer's won accounts as the ledger stores them. */
async function wonAccounts(w: TradeWorld, customerId: number) {
  const rows = await w.t.db
    .select({ kind: ledgerAccounts.kind, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.customerId, customerId), eq(ledgerAccounts.currency, 'KRW')));
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.balance ?? 0);
  return {
    available: of('available'),
    held: of('held'),
    positionMargin: of('position_margin'),
    all: rows.map((r) => ({ kind: r.kind, balance: Number(r.balance) })),
  };
}

/** The order row as the model says it must be. */
function expectedRow(o: ModelOrder) {
  return {
    id: o.id,
    state: o.state,
    product: o.product,
    symbol: o.symbol,
    side: o.side,
    shares: o.shares,
    leverage: o.leverage,
    limitPrice: o.limitPrice,
    margin: o.margin,
    notional: o.notional,
    openFee: o.openFee,
    openTax: o.openTax,
    closeFee: o.closeFee,
    closeTax: o.closeTax,
    realisedPnl: o.realisedPnl,
    expiresAt: new Date(o.expiresAt).toISOString(),
    fillPrice: o.fillPrice,
    unlockAt: o.unlockAt === null ? null : new Date(o.unlockAt).toISOString(),
    closePrice: o.closePrice,
    closedBy: o.closedBy,
    cancelledBy: o.cancelledBy,
  };
}

function actualRow(r: Row): ReturnType<typeof expectedRow> {
  return {
    id: r.id,
    state: r.state as ModelState,
    product: r.product as TradeProductCode,
    symbol: r.symbol,
    side: r.side,
    shares: r.shares,
    leverage: r.leverage,
    limitPrice: r.limitPrice,
    margin: r.margin,
    notional: r.notional ?? 0,
    openFee: r.openFee,
    openTax: r.openTax,
    closeFee: r.closeFee,
    closeTax: r.closeTax,
    realisedPnl: r.realisedPnl,
    expiresAt: r.expiresAt.toISOString(),
    fillPrice: r.context.fillPrice,
    unlockAt: r.context.unlockAt === null ? null : new Date(r.context.unlockAt).toISOString(),
    closePrice: r.context.closePrice,
    closedBy: r.context.closedBy,
    cancelledBy: r.context.cancelledBy,
  };
}

/**
 * After every step:
 * - every order row is what the model says (state, prices, money, times);
 * - each customer's available, held and position_margin are the model's, none below zero; held
 *   is the opening totals of their pending orders and position_margin the margins of their
 *   holding positions (read from the rows, not the model);
 * - no leverage beyond what was allowed (the 2019 "infinite leverage" bug): each position's
 *   margin × leverage covers its notional, its leverage was one its product offered, and the
 *   customer's notional in all is at most equity (cash + pledged margin) × the largest leverage;
 * - money is conserved: what the customer has is what was deposited, plus what closed positions
 *   realised, less the opening costs of the open ones;
 * - every order's postings on the customer's accounts (entries whose reason is its number): one
 *   opening entry, at most one of each other kind as its state allows, summing to its realised
 *   P&L when closed, to zero when pending or cancelled, and to minus its opening costs when
 *   holding;
 * - the ledger audit finds nothing.
 */
export async function checkTradeWorld(w: TradeWorld, after: string): Promise<void> {
  const ids = w.customers.map((c) => c.id);
  const rows = await w.t.db.select().from(tradeOrders).where(inArray(tradeOrders.customerId, ids));
  expect(
    rows.map((r) => r.id).sort((a, b) => a - b),
    `orders after ${after}`,
  ).toEqual([...w.orders.keys()].sort((a, b) => a - b));
  for (const row of rows) {
    const o = w.orders.get(row.id);
    if (!o) throw new Error(`order ${row.id} is not in the model`);
    expect(actualRow(row), `order ${row.id} after ${after}`).toEqual(expectedRow(o));
  }

  const booked = await tradePostings(w);
  for (const [c, customer] of w.customers.entries()) {
    const money = moneyOf(w, c);
    const mine = rows.filter((r) => r.customerId === customer.id);
    const accounts = await wonAccounts(w, customer.id);
    const where = `customer ${c} after ${after}`;
    for (const a of accounts.all) {
      expect(a.balance, `${a.kind} of ${where}`).toBeGreaterThanOrEqual(0);
    }
    expect(
      {
        available: accounts.available,
        held: accounts.held,
        positionMargin: accounts.positionMargin,
      },
      `won accounts of ${where}`,
    ).toEqual({
      available: money.available,
      held: money.held,
      positionMargin: money.positionMargin,
    });
    const pending = mine.filter((r) => r.state === 'pending');
    const holding = mine.filter((r) => r.state.startsWith('holding'));
    expect(accounts.held, `held = pending totals, ${where}`).toBe(
      pending.reduce((sum, r) => sum + r.margin + r.openFee + r.openTax, 0),
    );
    expect(accounts.positionMargin, `position_margin = holding margins, ${where}`).toBe(
      holding.reduce((sum, r) => sum + r.margin, 0),
    );

    let notional = 0;
    for (const r of holding) {
      const n = r.notional ?? Number.POSITIVE_INFINITY;
      expect(r.margin * r.leverage, `margin × leverage of order ${r.id}`).toBeGreaterThanOrEqual(n);
      expect(r.terms.leverages, `leverage of order ${r.id}`).toContain(r.leverage);
      notional += n;
    }
    const equity = accounts.available + accounts.held + accounts.positionMargin;
    expect(notional, `notional within equity × ${w.maxLeverage}, ${where}`).toBeLessThanOrEqual(
      equity * w.maxLeverage,
    );

    const realised = mine.reduce(
      (sum, r) => sum + (r.state === 'closed' ? (r.realisedPnl ?? 0) : 0),
      0,
    );
    const openCosts = holding.reduce((sum, r) => sum + r.openFee + r.openTax, 0);
    expect(equity, `money conserved, ${where}`).toBe(money.funded + realised - openCosts);

    for (const r of mine) {
      const entry = booked.get(tradeOrderNo(r.id)) ?? { kinds: {}, sum: 0 };
      const holdingNow = r.state.startsWith('holding');
      const o = w.orders.get(r.id);
      expect(entry.kinds, `entries of order ${r.id} (${r.state}) after ${after}`).toEqual({
        trade_open: 1,
        ...(o?.rested && r.state !== 'pending' && r.state !== 'cancelled' ? { trade_fill: 1 } : {}),
        ...(r.state === 'cancelled' ? { trade_release: 1 } : {}),
        ...(r.state === 'closed' ? { trade_close: 1 } : {}),
      });
      const expected =
        r.state === 'closed' ? r.realisedPnl : holdingNow ? 0 - (r.openFee + r.openTax) : 0;
      expect(entry.sum, `postings of order ${r.id} (${r.state}) after ${after}`).toBe(expected);
    }
  }
  const violations = await auditLedger(w.t.db);
  expect(violations.map(describeViolation), `ledger audit after ${after}`).toEqual([]);
}
