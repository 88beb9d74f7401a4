import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { InferType } from 'yup';
import type {
  ipoOfferingCreateRequest,
  ipoOfferingDetailResponse,
  ipoOfferingsResponse,
  StaffIpoOfferingDto,
} from '../../../contract';
import { seedHash } from '../../../contract/ipo-draw';
import type { AppContext } from '../../app-context';
import type { Database, Transaction } from '../../db/connect';
import { ipoOfferings, ipoSubscriptions } from '../../db/schema';
import { Refusal } from '../../refusal';
import { drawDto, scheduleDraw } from './draw-job';
import type { DrawRow, OfferingRow, OfferingTotals } from './offering-rows';
import {
  allottedOf,
  drawOf,
  drawsOf,
  NO_TOTALS,
  offeringById,
  offeringDto,
  totalsOf,
} from './offering-rows';

/**
 * The back office's offerings (docs/ipo.md "Staff"): create a draft, edit it before it opens,
 * publish it (the seed is drawn then, by the server, and only its hash shown). The draw is a
 * job; no call here chooses or changes an allocation.
 */

type OfferingTerms = InferType<typeof ipoOfferingCreateRequest>;

function staffDto(
  maru: AppContext,
  row: OfferingRow,
  draw: DrawRow | null,
  totals: OfferingTotals,
): StaffIpoOfferingDto {
  return {
    ...offeringDto(row, draw, totals, maru.clock.now(), maru.feed),
    status: row.publication,
    subscriptions: totals.subscriptions,
    sharesApplied: totals.sharesApplied,
    sharesAllotted: allottedOf(draw),
    drawnAt: draw?.drawnAt.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function staffView(maru: AppContext, db: Database | Transaction, row: OfferingRow) {
  const totals = (await totalsOf(db, [row.id])).get(row.id) ?? NO_TOTALS;
  return staffDto(maru, row, await drawOf(db, row.id), totals);
}

const SCHEDULE_FIELDS = ['opensAt', 'closesAt', 'drawAt', 'paymentDeadline', 'listingAt'] as const;

/** The terms as stored: times parsed, the schedule in order (`ipo.invalid_schedule`). */
function valuesOf(body: OfferingTerms) {
  const times = {} as Record<(typeof SCHEDULE_FIELDS)[number], Date>;
  for (const field of SCHEDULE_FIELDS) {
    const at = new Date(body[field]);
    if (Number.isNaN(at.getTime())) throw new Refusal('request.invalid', { field });
    times[field] = at;
  }
  const t = (f: (typeof SCHEDULE_FIELDS)[number]) => times[f].getTime();
  if (t('opensAt') >= t('closesAt'))
    throw new Refusal('ipo.invalid_schedule', { field: 'closesAt' });
  if (t('closesAt') > t('drawAt')) throw new Refusal('ipo.invalid_schedule', { field: 'drawAt' });
  if (t('drawAt') > t('paymentDeadline'))
    throw new Refusal('ipo.invalid_schedule', { field: 'paymentDeadline' });
  if (t('paymentDeadline') > t('listingAt'))
    throw new Refusal('ipo.invalid_schedule', { field: 'listingAt' });
  return {
    symbol: body.symbol,
    name: body.name.trim(),
    nameEn: (body.nameEn ?? '').trim(),
    market: body.market,
    broker: body.broker.trim(),
    offerPrice: body.offerPrice,
    sharesOffered: body.sharesOffered,
    minShares: body.minShares,
    maxTimes: body.maxTimes,
    minFunds: body.minFunds,
    depositPct: body.depositPct,
    equalShareBps: body.equalShareBps,
    ...times,
  };
}

export async function createIpoOffering(
  maru: AppContext,
  staffId: number,
  body: OfferingTerms,
): Promise<StaffIpoOfferingDto> {
  const now = maru.clock.now();
  const [row] = await maru.db
    .insert(ipoOfferings)
    .values({ ...valuesOf(body), createdBy: staffId, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('offering insert returned no row');
  return staffView(maru, maru.db, row);
}

/** Edits a draft; a published offering's terms are fixed (its seed's hash is out). */
export async function updateIpoOffering(
  maru: AppContext,
  body: OfferingTerms & { id: number },
): Promise<StaffIpoOfferingDto> {
  const now = maru.clock.now();
  const current = await offeringById(maru.db, body.id);
  if (current.publication === 'published') {
    throw new Refusal(
      now.getTime() >= current.opensAt.getTime() ? 'ipo.already_open' : 'ipo.already_published',
    );
  }
  const [row] = await maru.db
    .update(ipoOfferings)
    .set({ ...valuesOf(body), updatedAt: now })
    .where(eq(ipoOfferings.id, body.id))
    .returning();
  if (!row) throw new Error('offering update returned no row');
  return staffView(maru, maru.db, row);
}

/**
 * Publishes a draft: a seed of 32 random bytes (hex) is drawn by the server and kept secret; its
 * SHA-256 is published with the offering, before anyone can subscribe; the draw's job is written.
 */
export async function publishIpoOffering(
  maru: AppContext,
  id: number,
  seed: string = randomBytes(32).toString('hex'),
): Promise<StaffIpoOfferingDto> {
  const now = maru.clock.now();
  const current = await offeringById(maru.db, id);
  if (current.publication === 'published') throw new Refusal('ipo.already_published');
  const [row] = await maru.db
    .update(ipoOfferings)
    .set({
      publication: 'published',
      seed,
      seedHash: seedHash(seed),
      publishedAt: now,
      updatedAt: now,
    })
    .where(eq(ipoOfferings.id, id))
    .returning();
  if (!row) throw new Error('offering update returned no row');
  await scheduleDraw(maru.db, row, now);
  return staffView(maru, maru.db, row);
}

export async function listIpoOfferings(
  maru: AppContext,
  paging: { page: number; pageSize: number },
): Promise<InferType<typeof ipoOfferingsResponse>> {
  const [counted] = await maru.db.select({ n: sql<number>`count(*)::int` }).from(ipoOfferings);
  const rows = await maru.db
    .select()
    .from(ipoOfferings)
    .orderBy(desc(ipoOfferings.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  const ids = rows.map((r) => r.id);
  const totals = await totalsOf(maru.db, ids);
  const draws = await drawsOf(maru.db, ids);
  return {
    rows: rows.map((r) =>
      staffDto(maru, r, draws.get(r.id) ?? null, totals.get(r.id) ?? NO_TOTALS),
    ),
    page: paging.page,
    pageSize: paging.pageSize,
    total: counted?.n ?? 0,
  };
}

export async function ipoOfferingDetail(
  maru: AppContext,
  id: number,
): Promise<InferType<typeof ipoOfferingDetailResponse>> {
  const row = await offeringById(maru.db, id);
  const draw = await drawOf(maru.db, id);
  const byState = await maru.db
    .select({ state: ipoSubscriptions.state, count: sql<number>`count(*)::int` })
    .from(ipoSubscriptions)
    .where(eq(ipoSubscriptions.offeringId, id))
    .groupBy(ipoSubscriptions.state)
    .orderBy(ipoSubscriptions.state);
  const totals = (await totalsOf(maru.db, [id])).get(id) ?? NO_TOTALS;
  return {
    offering: staffDto(maru, row, draw, totals),
    byState,
    draw: draw ? drawDto(draw, []) : null,
  };
}
