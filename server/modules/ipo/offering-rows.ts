import { and, eq, inArray, sql } from 'drizzle-orm';
import type { IpoOfferingDto, IpoSchedule, Market } from '../../../contract';
import { ipoPhase, ipoPremiumPct } from '../../../contract';
import type { Database, Transaction } from '../../db/connect';
import { ipoDraws, ipoOfferings, ipoSubscriptions } from '../../db/schema';
import type { MarketFeed } from '../../market';
import { ApiRefusal } from '../../http/refusal';

/** Offerings as stored, and the figures every view of them needs. */

export type OfferingRow = typeof ipoOfferings.$inferSelect;
export type DrawRow = typeof ipoDraws.$inferSelect;

export interface OfferingTotals {
  subscriptions: number;
  sharesApplied: number;
}

export const scheduleOf = (row: OfferingRow): IpoSchedule => ({
  opensAt: row.opensAt.toISOString(),
  closesAt: row.closesAt.toISOString(),
  drawAt: row.drawAt.toISOString(),
  paymentDeadline: row.paymentDeadline.toISOString(),
  listingAt: row.listingAt.toISOString(),
});

export const marketOf = (row: Pick<OfferingRow, 'market'>): Market =>
  row.market === 'KOSDAQ' ? 'KOSDAQ' : 'KOSPI';

/** Two decimals. */
const round2 = (x: number) => Math.round(x * 100) / 100;

/** The draw's totals: shares allotted in all. */
export const allottedOf = (draw: DrawRow | null): number | null =>
  draw === null ? null : draw.allocations.reduce((sum, a) => sum + a.total, 0);

/** The customer's (and staff's) view of an offering. */
export function offeringDto(
  row: OfferingRow,
  draw: DrawRow | null,
  totals: OfferingTotals,
  now: Date,
  feed: MarketFeed,
): IpoOfferingDto {
  const phase = ipoPhase(scheduleOf(row), now, draw !== null);
  const marketPrice = feed.quote(row.symbol)?.price ?? null;
  const closed = now.getTime() >= row.closesAt.getTime();
  const allotted = allottedOf(draw);
  // Once drawn, the published draw is the record of what was applied for (the demo's drawn
  // offering has subscribers only there).
  const applied =
    draw === null ? totals.sharesApplied : draw.inputs.reduce((sum, s) => sum + s.shares, 0);
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    nameEn: row.nameEn,
    market: row.market,
    broker: row.broker,
    offerPrice: row.offerPrice,
    marketPrice,
    priceDiff: marketPrice === null ? null : marketPrice - row.offerPrice,
    premiumPct: ipoPremiumPct(row.offerPrice, marketPrice),
    sharesOffered: row.sharesOffered,
    minShares: row.minShares,
    maxTimes: row.maxTimes,
    minFunds: row.minFunds,
    depositPct: row.depositPct,
    equalShareBps: row.equalShareBps,
    ...scheduleOf(row),
    phase,
    competitionRate: closed ? round2(applied / row.sharesOffered) : null,
    winningRate: allotted === null || applied === 0 ? null : round2((allotted / applied) * 100),
    seedHash: row.seedHash ?? '',
    demo: row.demo,
  };
}

/** Subscriptions and shares applied for, per offering. */
export async function totalsOf(
  db: Database | Transaction,
  ids: readonly number[],
): Promise<Map<number, OfferingTotals>> {
  const totals = new Map<number, OfferingTotals>();
  if (ids.length === 0) return totals;
  const rows = await db
    .select({
      offeringId: ipoSubscriptions.offeringId,
      n: sql<number>`count(*)::int`,
      shares: sql<string>`coalesce(sum(${ipoSubscriptions.shares}), 0)::text`,
    })
    .from(ipoSubscriptions)
    .where(inArray(ipoSubscriptions.offeringId, [...ids]))
    .groupBy(ipoSubscriptions.offeringId);
  for (const r of rows)
    totals.set(r.offeringId, { subscriptions: r.n, sharesApplied: Number(r.shares) });
  return totals;
}

export const NO_TOTALS: OfferingTotals = { subscriptions: 0, sharesApplied: 0 };

export async function drawsOf(
  db: Database | Transaction,
  ids: readonly number[],
): Promise<Map<number, DrawRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(ipoDraws)
    .where(inArray(ipoDraws.offeringId, [...ids]));
  return new Map(rows.map((r) => [r.offeringId, r]));
}

export async function drawOf(db: Database | Transaction, id: number): Promise<DrawRow | null> {
  const [row] = await db.select().from(ipoDraws).where(eq(ipoDraws.offeringId, id));
  return row ?? null;
}

/** A published offering; a draft or unknown id is `ipo.not_found` (404) to customers. */
export async function publishedOffering(
  db: Database | Transaction,
  id: number,
  lock = false,
): Promise<OfferingRow> {
  const query = db
    .select()
    .from(ipoOfferings)
    .where(and(eq(ipoOfferings.id, id), eq(ipoOfferings.publication, 'published')));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiRefusal('ipo.not_found', { field: 'id' }, 404);
  return row;
}

/** Any offering (staff); unknown is `ipo.not_found` (404). */
export async function offeringById(db: Database | Transaction, id: number): Promise<OfferingRow> {
  const [row] = await db.select().from(ipoOfferings).where(eq(ipoOfferings.id, id));
  if (!row) throw new ApiRefusal('ipo.not_found', { field: 'id' }, 404);
  return row;
}
