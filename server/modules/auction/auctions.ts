import { and, count, desc, eq, inArray, min, ne } from 'drizzle-orm';
import type { InferType } from 'yup';
import type { AuctionDto, auctionSaveRequest } from '../../../contract/schemas/placement';
import type { AppContext } from '../../app-context';
import type { Database, Transaction } from '../../db/connect';
import { auctionBids, auctions } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { applyEvent, auctionLifecycle, statusOf } from '../../lifecycle';
import { loadInstruments } from '../../market/data-files';
import { instrumentFacts, publishWindow, saveDraft, windowOf } from '../placement/offering-setup';

/**
 * Auctions (docs/placements.md): operators set one up as a draft (symbol, shares offered, reserve
 * price, minimum shares, window), edit it until they publish it; the clock opens it for sealed
 * bids and closes it, when the winners are computed by price then time.
 */

export type AuctionRow = typeof auctions.$inferSelect;
export type AuctionSave = InferType<typeof auctionSaveRequest>;

const LISTED = 50;

export function auctionDto(row: AuctionRow, lowestWinningPrice: number | null): AuctionDto {
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    sharesOffered: row.sharesOffered,
    reservePrice: row.reservePrice,
    minShares: row.minShares,
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    state: row.state,
    demo: row.demo,
    lowestWinningPrice,
  };
}

/** The lowest winning price of each ended auction among `ids`. */
async function clearingPrices(db: Database, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ auctionId: auctionBids.auctionId, price: min(auctionBids.price) })
    .from(auctionBids)
    .where(and(eq(auctionBids.state, 'won'), inArray(auctionBids.auctionId, ids)))
    .groupBy(auctionBids.auctionId);
  return new Map(rows.flatMap((r) => (r.price === null ? [] : [[r.auctionId, Number(r.price)]])));
}

/** The published auctions, newest windows first. */
export async function listAuctions(db: Database): Promise<AuctionDto[]> {
  const rows = await db
    .select()
    .from(auctions)
    .where(ne(auctions.state, 'draft'))
    .orderBy(desc(auctions.closesAt), desc(auctions.id))
    .limit(LISTED);
  const prices = await clearingPrices(
    db,
    rows.filter((r) => r.state === 'ended').map((r) => r.id),
  );
  return rows.map((row) => auctionDto(row, prices.get(row.id) ?? null));
}

export async function auctionById(db: Database, id: number): Promise<AuctionRow> {
  const [row] = await db.select().from(auctions).where(eq(auctions.id, id));
  if (!row) throw new ApiRefusal('auction.not_found', { field: 'id' }, 404);
  return row;
}

export async function staffAuctions(db: Database) {
  const rows = await db
    .select({ auction: auctions, bids: count(auctionBids.id) })
    .from(auctions)
    .leftJoin(auctionBids, eq(auctionBids.auctionId, auctions.id))
    .groupBy(auctions.id)
    .orderBy(desc(auctions.id))
    .limit(LISTED);
  const prices = await clearingPrices(
    db,
    rows.map((r) => r.auction.id),
  );
  return rows.map((r) => ({
    ...auctionDto(r.auction, prices.get(r.auction.id) ?? null),
    ...statusOf(auctionLifecycle, r.auction),
    createdBy: r.auction.createdBy,
    bids: r.bids,
  }));
}

/** `/offerings/auction/save`: a new draft, or an edit of a draft at the version seen. */
export async function saveAuction(
  maru: AppContext,
  staffId: number,
  body: AuctionSave,
): Promise<AuctionRow> {
  const now = maru.clock.now();
  const values = {
    ...instrumentFacts(maru, body.symbol),
    sharesOffered: body.sharesOffered,
    reservePrice: body.reservePrice,
    minShares: body.minShares,
    ...windowOf(body, now, 'auction.invalid_window'),
    updatedAt: now,
  };
  return saveDraft(body, 'auction.not_draft', {
    insert: () =>
      maru.db
        .insert(auctions)
        .values({ ...values, createdBy: staffId, createdAt: now })
        .returning(),
    load: (id) => auctionById(maru.db, id),
    update: (id) => maru.db.update(auctions).set(values).where(eq(auctions.id, id)).returning(),
  });
}

export async function publishAuction(
  maru: AppContext,
  staffId: number,
  body: { id: number; version: number },
): Promise<void> {
  const row = await auctionById(maru.db, body.id);
  await publishWindow(
    maru.db,
    auctionLifecycle,
    row,
    { version: body.version, now: maru.clock.now(), actor: { kind: 'staff', id: staffId } },
    'auction.invalid_window',
  );
}

const DEMO_SYMBOL = '035420';
const DEMO_DAYS = 7;

/** The embedded default's auction (labelled demo), written once and published by the system. */
export async function seedAuction(tx: Transaction, now: Date): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(auctions);
  if ((existing?.n ?? 0) > 0) return;
  const instrument = loadInstruments().find((x) => x.code === DEMO_SYMBOL);
  if (!instrument) return;
  const reservePrice = Math.round((instrument.referencePrice * 0.9) / 100) * 100;
  const [row] = await tx
    .insert(auctions)
    .values({
      symbol: DEMO_SYMBOL,
      name: instrument.nameKo,
      market: instrument.market,
      sharesOffered: 5_000,
      reservePrice,
      minShares: 10,
      opensAt: now,
      closesAt: new Date(now.getTime() + DEMO_DAYS * 24 * 60 * 60 * 1000),
      demo: true,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('auction insert returned no row');
  await applyEvent(tx, {
    lifecycle: auctionLifecycle,
    id: row.id,
    event: { type: 'offering.publish' },
    actor: { kind: 'system', id: null },
    now,
  });
}
