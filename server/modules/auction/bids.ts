import { and, asc, count, desc, eq } from 'drizzle-orm';
import { openingCosts, SELL_TAX_PPM } from '../../../contract';
import type { AuctionBidDto } from '../../../contract/schemas/placement';
import type { AppContext } from '../../app-context';
import type { LiveSession } from '../../auth/sessions';
import type { Database, Transaction } from '../../db/connect';
import { auctionBids, auctions } from '../../db/schema';
import type { TransitionNotice } from '../../lifecycle';
import { applyEvent, auctionBidLifecycle, statusOf } from '../../lifecycle';
import { Refusal } from '../../refusal';
import { auctionWinners } from '../../../contract/placement-rules';
import { assertMayTrade } from '../customers/restrictions';
import { verifyFundPassword } from '../fund-password';
import { openHeldPosition } from '../trade/held-position';
import type { HoldRef } from '../trade/holds';
import { holdFunds, releaseFunds, stillHeld } from '../trade/holds';
import { availableBalance } from '../trade/order-ledger';
import { readProducts } from '../trade/products';
import { auctionById } from './auctions';
import type { AuctionRow } from './auctions';

/**
 * Sealed bids (docs/placements.md): a bid holds price × shares and the commission at once; no
 * customer sees another's bid. At the close (the auction's `window.close` job) the published rule
 * (contract/placement-rules.ts) picks the winners by price then time; each winner's shares become
 * a position at its own price, and every hold not needed goes back.
 */

export type AuctionBidRow = typeof auctionBids.$inferSelect;

const LISTED = 50;
export const RECORDS_PAGE_SIZE = 20;

export const auctionBidNo = (id: number) => `A${id}`;
const holdRef = (row: { id: number; customerId: number }): HoldRef => ({
  customerId: row.customerId,
  holdKind: 'auction_hold',
  releaseKind: 'auction_release',
  reason: auctionBidNo(row.id),
});

export function bidDto(
  row: AuctionBidRow,
  auction: Pick<AuctionRow, 'symbol' | 'name'>,
): AuctionBidDto {
  const won = row.context.won;
  return {
    id: row.id,
    auctionId: row.auctionId,
    symbol: auction.symbol,
    name: auction.name,
    price: row.price,
    shares: row.shares,
    held: row.held,
    won,
    wonAmount: won === null ? null : won * row.price,
    orderId: row.orderId,
    ...statusOf(auctionBidLifecycle, row),
    createdAt: row.createdAt.toISOString(),
  };
}

const joined = (db: Database) =>
  db
    .select({ bid: auctionBids, symbol: auctions.symbol, name: auctions.name })
    .from(auctionBids)
    .innerJoin(auctions, eq(auctions.id, auctionBids.auctionId));

export async function customerBids(db: Database, customerId: number): Promise<AuctionBidDto[]> {
  const rows = await joined(db)
    .where(eq(auctionBids.customerId, customerId))
    .orderBy(desc(auctionBids.id))
    .limit(LISTED);
  return rows.map((r) => bidDto(r.bid, r));
}

/**
 * The customer's auction records, a page at a time, newest first, in the project's list shape
 * (`{items, page, pageSize, total}`), with what each bid won; `/auction/records` and the IPO
 * records' `auctions` tab.
 */
export async function auctionRecordsPage(
  db: Database,
  customerId: number,
  page = 1,
  pageSize = RECORDS_PAGE_SIZE,
): Promise<{ items: AuctionBidDto[]; page: number; pageSize: number; total: number }> {
  const [rows, [counted]] = await Promise.all([
    joined(db)
      .where(eq(auctionBids.customerId, customerId))
      .orderBy(desc(auctionBids.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(auctionBids).where(eq(auctionBids.customerId, customerId)),
  ]);
  return {
    items: rows.map((r) => bidDto(r.bid, r)),
    page,
    pageSize,
    total: counted?.n ?? 0,
  };
}

/** price × shares and the block product's commission on it: bought outright. */
async function costOf(db: Database, market: string, price: number, shares: number) {
  const terms = (await readProducts(db)).find((p) => p.code === 'block');
  if (!terms) throw new Error('the block product has no terms');
  const taxMarket = (market in SELL_TAX_PPM ? market : 'KOSPI') as keyof typeof SELL_TAX_PPM;
  return openingCosts({
    price,
    shares,
    leverage: 1,
    side: 'long',
    commissionPpm: terms.commissionPpm,
    taxPpm: SELL_TAX_PPM[taxMarket],
  }).total;
}

/** `/auction/bid`, in the call's transaction: the checks, the fund password (last), the hold. */
export async function placeBid(
  maru: AppContext,
  session: LiveSession,
  body: { id: number; price: number; shares: number; fundPassword?: string | null },
  source: string | null,
): Promise<AuctionBidDto> {
  const { db } = maru;
  const customerId = session.customer.id;
  assertMayTrade(session.customer);
  const auction = await auctionById(db, body.id);
  if (auction.state !== 'inProgress') throw new Refusal('auction.closed');
  if (body.price < auction.reservePrice) {
    throw new Refusal('auction.below_reserve', {
      min: auction.reservePrice.toLocaleString('en-US'),
    });
  }
  if (body.shares < auction.minShares) {
    throw new Refusal('auction.below_min_shares', {
      min: auction.minShares.toLocaleString('en-US'),
    });
  }
  const held = await costOf(db, auction.market, body.price, body.shares);
  const available = await availableBalance(db, customerId);
  if (held > available) {
    throw new Refusal('trade.insufficient_margin', {
      needed: held.toLocaleString('en-US'),
      available: available.toLocaleString('en-US'),
    });
  }
  if (body.fundPassword) {
    await verifyFundPassword(db, customerId, body.fundPassword, { source });
  }
  const now = maru.clock.now();
  const [row] = await db
    .insert(auctionBids)
    .values({
      auctionId: auction.id,
      customerId,
      price: body.price,
      shares: body.shares,
      held,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('auction bid insert returned no row');
  await holdFunds(db, holdRef(row), held);
  return bidDto(row, auction);
}

const SYSTEM = { kind: 'system', id: null } as const;

/** Decides every bid of an auction that just ended, and moves the money of each. */
async function closeAuction(tx: Transaction, auctionId: number, now: Date): Promise<void> {
  const [auction] = await tx.select().from(auctions).where(eq(auctions.id, auctionId));
  if (!auction) return;
  const rows = await tx
    .select()
    .from(auctionBids)
    .where(and(eq(auctionBids.auctionId, auctionId), eq(auctionBids.state, 'placed')))
    .orderBy(asc(auctionBids.id));
  const won = auctionWinners(
    auction.sharesOffered,
    rows.map((r) => ({
      id: r.id,
      price: r.price,
      shares: r.shares,
      placedAt: r.createdAt.getTime(),
    })),
  );
  for (const row of rows) {
    const shares = won.get(row.id) ?? 0;
    await applyEvent(tx, {
      lifecycle: auctionBidLifecycle,
      id: row.id,
      event: { type: 'auction.result', shares, at: now.toISOString() },
      actor: SYSTEM,
      current: row,
      now,
      sideEffects: async (inner) => {
        const ref = holdRef(row);
        const kept = await stillHeld(inner, ref);
        let used = 0;
        if (shares > 0) {
          used = await costOf(inner, auction.market, row.price, shares);
          // The position takes its cost from `held`; the rest of this bid's hold goes back.
          const orderId = await openHeldPosition(
            inner,
            {
              customerId: row.customerId,
              symbol: auction.symbol,
              market: auction.market,
              price: row.price,
              shares,
              held: used,
            },
            now,
            false,
          );
          await inner
            .update(auctionBids)
            .set({ orderId, updatedAt: now })
            .where(eq(auctionBids.id, row.id));
        }
        await releaseFunds(inner, ref, kept - used, 'system');
      },
    });
  }
}

/** A transition subscriber (server/lifecycle/subscribers.ts), subscribed once by the module. */
export async function onAuctionTransition(
  tx: Transaction,
  notice: TransitionNotice,
): Promise<void> {
  if (notice.lifecycle.type === 'auction' && notice.to === 'ended') {
    await closeAuction(tx, notice.id, notice.now);
  }
}
