import { eq } from 'drizzle-orm';
import type {
  Instrument,
  OrderCosts,
  OrderPreviewDto,
  PlaceOrderRequest,
  Quote,
  TradeOrderDto,
  TradeProductTerms,
} from '../../../contract';
import { SELL_TAX_PPM, isOnTick, openingCosts, tickSize } from '../../../contract';
import type { AppContext } from '../../app-context';
import type { LiveSession } from '../../auth/sessions';
import { tradeOrders } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { applyEvent, orderLifecycle } from '../../lifecycle';
import { scheduleJob } from '../../lifecycle/jobs';
import { Refusal } from '../../refusal';
import { assertMayTrade } from '../customers/restrictions';
import { verifyFundPassword } from '../fund-password';
import { unusedCoupon, useCoupon } from '../service/check-in';
import { commissionPpmFor } from '../service/seat';
import { availableBalance, holdOpening, openFromAvailable } from './order-ledger';
import type { OrderRow } from './order-ledger';
import { orderDto } from './order-view';
import { bookFillPrice, marketable, opensBuying } from './pricing';
import { listedProduct } from './products';
import { sessionEndAfter, tradingOpen, unlockAtOf } from './trading-time';

/**
 * The order path (docs/trading.md "Placing an order"): `/trade/preview` answers what
 * `/trade/place` would do now without doing it; `/trade/place` does it in the call's transaction.
 */

const won = (amount: number) => amount.toLocaleString('en-US');

/** Shares beyond this are refused as lots (the database's integer column, and sanity). */
const MAX_SHARES = 100_000_000;

export interface OrderPlan {
  terms: TradeProductTerms;
  instrument: Instrument;
  quote: Quote;
  shares: number;
  /** The price it fills at now, or the limit price it rests at; null when there is none. */
  price: number | null;
  fillsNow: boolean;
  costs: OrderCosts;
  taxPpm: number;
  available: number;
  unlockAt: Date | null;
  /**
   * The commission per leg this customer pays (the product's, or the seat commission: docs/
   * service.md), and the check-in coupon that pays the opening one, if the customer has one.
   */
  commissionPpm: number;
  couponId: number | null;
  /** The first rule the order breaks; null when it would be placed. */
  refusal: Refusal | null;
}

/** The first of the checks that refuses, in the order the customer should fix them. */
function firstRefusal(checks: readonly (() => Refusal | null)[]): Refusal | null {
  for (const check of checks) {
    const refusal = check();
    if (refusal) return refusal;
  }
  return null;
}

/**
 * Everything about an order before it is placed. Throws for what makes the rest meaningless (the
 * account may not trade, the product or the stock is unknown); the other rules become `refusal`,
 * so a preview can still show the figures.
 */
export async function planOrder(
  maru: AppContext,
  session: LiveSession,
  body: PlaceOrderRequest,
): Promise<OrderPlan> {
  assertMayTrade(session.customer);
  const terms = await listedProduct(maru.db, body.product);
  // Block trades are applied for (`/trade/block/apply`), never placed.
  if (terms.code === 'block') throw new Refusal('trade.product_unavailable');
  const instrument = maru.feed.instrument(body.symbol);
  const quote = maru.feed.quote(body.symbol);
  if (!instrument || !quote) throw new ApiRefusal('market.unknown_symbol', {}, 404);

  const leverageAllowed = terms.leverages.includes(body.leverage);
  const leverage = leverageAllowed ? body.leverage : 1;
  const shares = body.lots * terms.lotSize;
  const sharesOk = Number.isSafeInteger(shares) && shares <= MAX_SHARES;
  const book = maru.feed.book(body.symbol, 5);
  const limit = body.type === 'limit' ? (body.price ?? null) : null;
  const buying = opensBuying(body.side);
  const fillsNow = body.type === 'market' || (limit !== null && marketable(book, body.side, limit));
  let price: number | null = limit;
  if (fillsNow && sharesOk) {
    const walked = bookFillPrice(book, buying, shares);
    // A marketable limit order fills at once, never worse than its limit.
    price =
      walked === null || limit === null
        ? walked
        : buying
          ? Math.min(walked, limit)
          : Math.max(walked, limit);
  }
  const taxPpm = SELL_TAX_PPM[instrument.market];
  const commissionPpm = await commissionPpmFor(maru.db, session.customer.id, terms.commissionPpm);
  const couponId = await unusedCoupon(maru.db, session.customer.id);
  const costs = openingCosts({
    price: price ?? 0,
    shares: sharesOk ? shares : 0,
    leverage,
    side: body.side,
    // A check-in coupon pays the opening commission in full.
    commissionPpm: couponId === null ? commissionPpm : 0,
    taxPpm,
  });
  const available = await availableBalance(maru.db, session.customer.id);
  const now = maru.clock.now();
  const session$ = maru.feed.session();

  const refusal = firstRefusal([
    () =>
      tradingOpen(session$, instrument.market)
        ? null
        : new Refusal('trade.closed', { session: session$.label }),
    () =>
      leverageAllowed
        ? null
        : new Refusal('trade.invalid_leverage', { allowed: terms.leverages.join(', ') }),
    () =>
      body.type === 'market' && body.price != null
        ? new Refusal('trade.market_price_not_allowed')
        : null,
    () =>
      limit !== null && !isOnTick(limit)
        ? new Refusal('trade.price_not_on_tick', { tick: tickSize(limit) })
        : null,
    () =>
      limit !== null && (limit < quote.lowerLimit || limit > quote.upperLimit)
        ? new Refusal('trade.price_limit', {
            lower: won(quote.lowerLimit),
            upper: won(quote.upperLimit),
          })
        : null,
    () => (sharesOk ? null : new Refusal('trade.invalid_lots')),
    () => (price === null ? new Refusal('trade.price_unavailable') : null),
    () =>
      costs.notional < terms.minOpenAmount
        ? new Refusal('trade.below_min_open', { min: won(terms.minOpenAmount) })
        : null,
    () =>
      costs.total > available
        ? new Refusal('trade.insufficient_margin', {
            needed: won(costs.total),
            available: won(available),
          })
        : null,
  ]);
  return {
    terms,
    instrument,
    quote,
    shares: sharesOk ? shares : 0,
    price,
    fillsNow,
    costs,
    taxPpm,
    available,
    unlockAt: fillsNow ? unlockAtOf(terms.lock, now) : null,
    commissionPpm,
    couponId,
    refusal,
  };
}

/** `/trade/preview`: the figures, and the refusal a place would get now (translated). */
export async function previewOrder(
  maru: AppContext,
  session: LiveSession,
  body: PlaceOrderRequest,
  translate: (refusal: Refusal) => { code: string; params: object; msg: string },
): Promise<OrderPreviewDto> {
  const plan = await planOrder(maru, session, body);
  return {
    price: plan.price,
    shares: plan.shares,
    notional: plan.costs.notional,
    margin: plan.costs.margin,
    fee: plan.costs.fee,
    tax: plan.costs.tax,
    total: plan.costs.total,
    available: plan.available,
    lowerLimit: plan.quote.lowerLimit,
    upperLimit: plan.quote.upperLimit,
    unlockAt: plan.unlockAt?.toISOString() ?? null,
    refusal: plan.refusal ? translate(plan.refusal) : null,
  };
}

/**
 * `/trade/place`, in the call's transaction: the checks, the fund password when sent (last, so
 * only an order that can be placed pays for argon2), the row, the money, and the fill when the
 * book offers the price now. A resting order's expiry at the session's end is a job.
 */
export async function placeOrder(
  maru: AppContext,
  session: LiveSession,
  body: PlaceOrderRequest,
  source: string | null,
): Promise<TradeOrderDto> {
  const { db } = maru;
  const plan = await planOrder(maru, session, body);
  if (plan.refusal) throw plan.refusal;
  if (body.fundPassword) {
    await verifyFundPassword(db, session.customer.id, body.fundPassword, { source });
  }
  const now = maru.clock.now();
  const expiresAt = sessionEndAfter(now, maru.feed.session().demo);
  const [row] = await db
    .insert(tradeOrders)
    .values({
      customerId: session.customer.id,
      product: plan.terms.code,
      // The terms as this customer has them: the closing leg pays the same commission rate.
      terms: { ...plan.terms, commissionPpm: plan.commissionPpm },
      symbol: body.symbol,
      side: body.side,
      type: body.type,
      limitPrice: body.type === 'limit' ? (body.price ?? null) : null,
      lots: body.lots,
      shares: plan.shares,
      leverage: body.leverage,
      taxPpm: plan.taxPpm,
      margin: plan.costs.margin,
      notional: plan.costs.notional,
      openFee: plan.costs.fee,
      openTax: plan.costs.tax,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('order insert returned no row');
  if (plan.couponId !== null) await useCoupon(db, plan.couponId, row.id, now);
  if (plan.fillsNow && plan.price !== null) {
    // The fill before the money: the entry locks the house's fee and tax accounts, which every
    // order shares, until the commit; posting it last keeps that lock for the fewest statements.
    // A refused entry (overdraft) still undoes the fill: both are in the call's transaction.
    const filled = await applyEvent(db, {
      lifecycle: orderLifecycle,
      id: row.id,
      event: {
        type: 'order.fill',
        price: plan.price,
        at: now.toISOString(),
        unlockAt: unlockAtOf(plan.terms.lock, now).toISOString(),
      },
      actor: { kind: 'system', id: null },
      now,
      // The row was inserted just above: no need to load it again.
      current: row,
    });
    await openFromAvailable(db, row);
    // The fill changes the state columns alone: the answer is the inserted row with them.
    return orderDto(
      { ...row, state: filled.to, context: filled.context, version: filled.version },
      maru.feed,
    );
  }
  await holdOpening(db, row);
  // The row starts in `pending` without a transition: its expiry is written here.
  await scheduleJob(
    db,
    { entityType: 'order', entityId: row.id, event: { type: 'order.expire' }, dueAt: expiresAt },
    now,
  );
  // Nothing has changed the row since its insert returned it.
  return orderDto(row, maru.feed);
}

/** An order's row as it is now (after a transition). */
export async function orderRow(maru: Pick<AppContext, 'db'>, id: number): Promise<OrderRow> {
  const [row] = await maru.db.select().from(tradeOrders).where(eq(tradeOrders.id, id));
  if (!row) throw new Refusal('trade.not_found');
  return row;
}
