import { and, count, desc, eq } from 'drizzle-orm';
import { openingCosts, SELL_TAX_PPM } from '../../../contract';
import type { PlacementApplicationDto } from '../../../contract/schemas/placement';
import { isInState } from '../../../machines/state-value';
import type { AppContext } from '../../app-context';
import type { LiveSession } from '../../auth/sessions';
import type { Database } from '../../db/connect';
import { placementApplications, placements } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { applyEvent, placementApplicationLifecycle, statusOf } from '../../lifecycle';
import { Refusal } from '../../refusal';
import { assertMayTrade } from '../customers/restrictions';
import { verifyFundPassword } from '../fund-password';
import { openHeldPosition } from '../trade/held-position';
import { holdFunds, stillHeld } from '../trade/holds';
import { availableBalance } from '../trade/order-ledger';
import { readProducts } from '../trade/products';
import { placementHoldRef } from './placement-ledger';
import { minimumOf, placementById } from './placements';
import type { PlacementRow } from './placements';

/**
 * A customer's side of placements: applying (the deposit held at once), paying up an allotment
 * pending payment (the shares become a position), and the records.
 */

export type PlacementApplicationRow = typeof placementApplications.$inferSelect;

/** Applications the list shows, newest first; records page by this many. */
const LISTED = 50;
export const RECORDS_PAGE_SIZE = 20;
const HOUR_MS = 60 * 60 * 1000;

export function applicationDto(
  row: PlacementApplicationRow,
  placement: Pick<PlacementRow, 'symbol' | 'name' | 'paymentHours'>,
): PlacementApplicationDto {
  const allotted = row.context.allotted;
  const pending = isInState(row.state, 'allotted.pendingPayment');
  const allottedAt = row.context.allottedAt;
  return {
    id: row.id,
    placementId: row.placementId,
    symbol: placement.symbol,
    name: placement.name,
    price: row.price,
    shares: row.shares,
    deposit: row.deposit,
    allotted,
    allottedAmount: allotted === null ? null : allotted * row.price,
    paidUp: isInState(row.state, 'allotted.paidUp') && allotted !== null ? allotted * row.price : 0,
    payBy:
      pending && allottedAt
        ? new Date(Date.parse(allottedAt) + placement.paymentHours * HOUR_MS).toISOString()
        : null,
    orderId: row.orderId,
    ...statusOf(placementApplicationLifecycle, row),
    createdAt: row.createdAt.toISOString(),
  };
}

const joined = (db: Database) =>
  db
    .select({
      application: placementApplications,
      symbol: placements.symbol,
      name: placements.name,
      paymentHours: placements.paymentHours,
    })
    .from(placementApplications)
    .innerJoin(placements, eq(placements.id, placementApplications.placementId));

export async function customerApplications(
  db: Database,
  customerId: number,
): Promise<PlacementApplicationDto[]> {
  const rows = await joined(db)
    .where(eq(placementApplications.customerId, customerId))
    .orderBy(desc(placementApplications.id))
    .limit(LISTED);
  return rows.map((r) => applicationDto(r.application, r));
}

/**
 * The customer's placement records, a page at a time, newest first, in the project's list shape
 * (`{items, page, pageSize, total}`); `/placement/records` and the IPO records' `placements` tab.
 */
export async function placementRecordsPage(
  db: Database,
  customerId: number,
  page = 1,
  pageSize = RECORDS_PAGE_SIZE,
): Promise<{ items: PlacementApplicationDto[]; page: number; pageSize: number; total: number }> {
  const [rows, [counted]] = await Promise.all([
    joined(db)
      .where(eq(placementApplications.customerId, customerId))
      .orderBy(desc(placementApplications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(placementApplications)
      .where(eq(placementApplications.customerId, customerId)),
  ]);
  return {
    items: rows.map((r) => applicationDto(r.application, r)),
    page,
    pageSize,
    total: counted?.n ?? 0,
  };
}

/** The deposit applying holds: the placement's share of price × shares, rounded up to the won. */
export const depositOf = (placement: Pick<PlacementRow, 'price' | 'depositPct'>, shares: number) =>
  Math.ceil((placement.price * shares * placement.depositPct) / 100);

/**
 * `/placement/apply`, in the call's transaction: the checks, the fund password when sent (last),
 * the application, and its deposit held (available → held) until the allotment.
 */
export async function applyForPlacement(
  maru: AppContext,
  session: LiveSession,
  body: { id: number; shares: number; fundPassword?: string | null },
  source: string | null,
): Promise<PlacementApplicationDto> {
  const { db } = maru;
  const customerId = session.customer.id;
  assertMayTrade(session.customer);
  const placement = await placementById(db, body.id);
  if (placement.state !== 'inProgress') throw new Refusal('placement.closed');
  const min = minimumOf(placement.tiers);
  if (body.shares < min) {
    throw new Refusal('placement.below_minimum', { min: min.toLocaleString('en-US') });
  }
  const deposit = depositOf(placement, body.shares);
  const available = await availableBalance(db, customerId);
  if (deposit > available) {
    throw new Refusal('trade.insufficient_margin', {
      needed: deposit.toLocaleString('en-US'),
      available: available.toLocaleString('en-US'),
    });
  }
  if (body.fundPassword) {
    await verifyFundPassword(db, customerId, body.fundPassword, { source });
  }
  const now = maru.clock.now();
  const [row] = await db
    .insert(placementApplications)
    .values({
      placementId: placement.id,
      customerId,
      shares: body.shares,
      price: placement.price,
      deposit,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('placement application insert returned no row');
  // The pre-check above reads without a lock: the ledger refuses a parallel overdraft itself.
  await holdFunds(db, placementHoldRef(row), deposit);
  return applicationDto(row, placement);
}

async function ownApplication(db: Database, customerId: number, id: number) {
  const [row] = await db
    .select()
    .from(placementApplications)
    .where(and(eq(placementApplications.id, id), eq(placementApplications.customerId, customerId)));
  if (!row) throw new ApiRefusal('placement.not_found', { field: 'id' }, 404);
  return row;
}

/** What the allotted shares cost bought outright: price × shares and the block commission. */
async function allottedCost(db: Database, placement: PlacementRow, shares: number) {
  const terms = (await readProducts(db)).find((p) => p.code === 'block');
  if (!terms) throw new Error('the block product has no terms');
  const market = placement.market in SELL_TAX_PPM ? placement.market : 'KOSPI';
  return openingCosts({
    price: placement.price,
    shares,
    leverage: 1,
    side: 'long',
    commissionPpm: terms.commissionPpm,
    taxPpm: SELL_TAX_PPM[market as keyof typeof SELL_TAX_PPM],
  }).total;
}

/**
 * `/placement/pay`: only a pending payment can be paid up (the machine refuses the rest). The
 * rest of the cost beyond the kept deposit is held from available (refused when short), and the
 * whole becomes a position at the placement price, in one transaction.
 */
export async function payPlacement(
  maru: AppContext,
  session: LiveSession,
  id: number,
): Promise<PlacementApplicationDto> {
  const { db } = maru;
  const customerId = session.customer.id;
  const row = await ownApplication(db, customerId, id);
  const placement = await placementById(db, row.placementId);
  const now = maru.clock.now();
  await applyEvent(db, {
    lifecycle: placementApplicationLifecycle,
    id: row.id,
    event: { type: 'placement.pay' },
    actor: { kind: 'customer', id: customerId },
    expectedVersion: row.version,
    current: row,
    now,
    sideEffects: async (tx) => {
      const shares = row.context.allotted ?? 0;
      const ref = placementHoldRef(row);
      const total = await allottedCost(tx, placement, shares);
      const kept = await stillHeld(tx, ref);
      if (total > kept) await holdFunds(tx, ref, total - kept);
      const orderId = await openHeldPosition(
        tx,
        {
          customerId,
          symbol: placement.symbol,
          market: placement.market,
          price: row.price,
          shares,
          held: total,
        },
        now,
        maru.feed.session().demo,
      );
      await tx
        .update(placementApplications)
        .set({ orderId, updatedAt: now })
        .where(eq(placementApplications.id, row.id));
    },
  });
  const [fresh] = await db
    .select()
    .from(placementApplications)
    .where(eq(placementApplications.id, row.id));
  if (!fresh) throw new Error('placement application vanished');
  return applicationDto(fresh, placement);
}
