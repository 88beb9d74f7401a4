import { desc, eq } from 'drizzle-orm';
import type { BlockApplicationDto, BlockListDto } from '../../../contract';
import { SELL_TAX_PPM, openingCosts } from '../../../contract';
import type { AppContext } from '../../app-context';
import type { LiveSession } from '../../auth/sessions';
import { blockApplications, blockOfferings } from '../../db/schema';
import { blockApplicationLifecycle, statusOf } from '../../lifecycle';
import { Refusal } from '../../refusal';
import { assertMayTrade } from '../customers/restrictions';
import { verifyFundPassword } from '../fund-password';
import { blockHoldRef } from './block-ledger';
import { holdFunds } from './holds';
import { isOpenAt, listOfferings, nameOf, offeringById } from './block-offerings';
import type { OfferingRow } from './block-offerings';
import { availableBalance } from './order-ledger';
import { listedProduct } from './products';
import type { MarketFeed } from '../../market';

/**
 * A customer's side of block trades: the offerings with their own applications
 * (`/trade/block/list`), and applying (`/trade/block/apply`), which holds the cost at once.
 */

export type ApplicationRow = typeof blockApplications.$inferSelect;

/** The customer's applications the list shows, newest first. */
const LISTED = 50;

export function applicationDto(
  row: ApplicationRow,
  symbol: string,
  feed: MarketFeed,
): BlockApplicationDto {
  return {
    id: row.id,
    offeringId: row.offeringId,
    symbol,
    name: nameOf(feed, symbol),
    price: row.price,
    shares: row.shares,
    amount: row.amount,
    ...statusOf(blockApplicationLifecycle, row),
    reason: row.context.rejectionReason,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function blockList(maru: AppContext, customerId: number): Promise<BlockListDto> {
  const rows = await maru.db
    .select({ application: blockApplications, symbol: blockOfferings.symbol })
    .from(blockApplications)
    .innerJoin(blockOfferings, eq(blockOfferings.id, blockApplications.offeringId))
    .where(eq(blockApplications.customerId, customerId))
    .orderBy(desc(blockApplications.id))
    .limit(LISTED);
  return {
    offerings: await listOfferings(maru),
    applications: rows.map((r) => applicationDto(r.application, r.symbol, maru.feed)),
  };
}

/** What applying for `shares` of an offering costs: bought outright (leverage 1), a long. */
export async function applicationCosts(maru: AppContext, offering: OfferingRow, shares: number) {
  const terms = await listedProduct(maru.db, 'block');
  const market = maru.feed.instrument(offering.symbol)?.market ?? 'KOSPI';
  return openingCosts({
    price: offering.price,
    shares,
    leverage: 1,
    side: 'long',
    commissionPpm: terms.commissionPpm,
    taxPpm: SELL_TAX_PPM[market],
  });
}

/**
 * `/trade/block/apply`, in the call's transaction: the checks, the fund password when sent
 * (last), the application, and its cost held (available → held) until staff decide.
 */
export async function applyForBlock(
  maru: AppContext,
  session: LiveSession,
  body: { id: number; shares: number; fundPassword?: string | null },
  source: string | null,
): Promise<ApplicationRow> {
  const { db } = maru;
  const customerId = session.customer.id;
  assertMayTrade(session.customer);
  const offering = await offeringById(db, body.id);
  const costs = await applicationCosts(maru, offering, body.shares);
  const now = maru.clock.now();
  if (!isOpenAt(offering, now)) throw new Refusal('block.closed');
  if (body.shares < offering.minShares) {
    throw new Refusal('block.below_min_shares', {
      min: offering.minShares.toLocaleString('en-US'),
    });
  }
  const available = await availableBalance(db, customerId);
  if (costs.total > available) {
    throw new Refusal('trade.insufficient_margin', {
      needed: costs.total.toLocaleString('en-US'),
      available: available.toLocaleString('en-US'),
    });
  }
  if (body.fundPassword) {
    await verifyFundPassword(db, customerId, body.fundPassword, { source });
  }
  const [row] = await db
    .insert(blockApplications)
    .values({
      offeringId: offering.id,
      customerId,
      shares: body.shares,
      price: offering.price,
      amount: costs.notional,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('block application insert returned no row');
  // The pre-check above reads without a lock: the ledger refuses a parallel overdraft itself.
  await holdFunds(db, blockHoldRef(row), costs.total);
  return row;
}
