import { count, desc, eq, ne } from 'drizzle-orm';
import type { InferType } from 'yup';
import type { PlacementDto, placementSaveRequest } from '../../../contract/schemas/placement';
import type { AppContext } from '../../app-context';
import type { Database, Transaction } from '../../db/connect';
import { placementApplications, placements } from '../../db/schema';
import type { PlacementTier } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { applyEvent, placementLifecycle, statusOf } from '../../lifecycle';
import { loadInstruments } from '../../market/data-files';
import { Refusal } from '../../refusal';
import { instrumentFacts, publishWindow, saveDraft, windowOf } from './offering-setup';

/**
 * Placements (docs/placements.md): operators set one up as a draft (symbol, price, shares offered,
 * tiers with their minimums, deposit share, payment time, window), edit it until they publish it,
 * and the clock opens and closes it. Customers see the published ones.
 */

export type PlacementRow = typeof placements.$inferSelect;
export type PlacementSave = InferType<typeof placementSaveRequest>;

/** The placements a list shows: the newest windows first. */
const LISTED = 50;

/** The least one can apply for: the lowest tier's minimum. */
export const minimumOf = (tiers: readonly PlacementTier[]) =>
  Math.min(...tiers.map((t) => t.minShares));

export function placementDto(row: PlacementRow): PlacementDto {
  return {
    id: row.id,
    symbol: row.symbol,
    name: row.name,
    price: row.price,
    sharesOffered: row.sharesOffered,
    tiers: row.tiers,
    minShares: minimumOf(row.tiers),
    depositPct: row.depositPct,
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    paymentHours: row.paymentHours,
    state: row.state,
    demo: row.demo,
  };
}

/** The published placements, newest windows first (drafts are staff's). */
export async function listPlacements(db: Database): Promise<PlacementDto[]> {
  const rows = await db
    .select()
    .from(placements)
    .where(ne(placements.state, 'draft'))
    .orderBy(desc(placements.closesAt), desc(placements.id))
    .limit(LISTED);
  return rows.map(placementDto);
}

export async function placementById(db: Database, id: number): Promise<PlacementRow> {
  const [row] = await db.select().from(placements).where(eq(placements.id, id));
  if (!row) throw new ApiRefusal('placement.not_found', { field: 'id' }, 404);
  return row;
}

/** Tiers ascending by minimum, each minimum once. */
export function tiersOf(tiers: readonly PlacementTier[]): PlacementTier[] {
  const sorted = [...tiers].sort((a, b) => a.minShares - b.minShares);
  if (new Set(sorted.map((t) => t.minShares)).size !== sorted.length) {
    throw new Refusal('placement.invalid_tiers', { field: 'tiers' });
  }
  return sorted.map((t) => ({ minShares: t.minShares, allotPct: t.allotPct }));
}

/** The back office's view: every placement with its status and how many applied. */
export async function staffPlacements(db: Database) {
  const rows = await db
    .select({ placement: placements, applications: count(placementApplications.id) })
    .from(placements)
    .leftJoin(placementApplications, eq(placementApplications.placementId, placements.id))
    .groupBy(placements.id)
    .orderBy(desc(placements.id))
    .limit(LISTED);
  return rows.map((r) => ({
    ...placementDto(r.placement),
    ...statusOf(placementLifecycle, r.placement),
    createdBy: r.placement.createdBy,
    applications: r.applications,
  }));
}

/** `/offerings/placement/save`: a new draft, or an edit of a draft at the version seen. */
export async function savePlacement(
  maru: AppContext,
  staffId: number,
  body: PlacementSave,
): Promise<PlacementRow> {
  const now = maru.clock.now();
  const facts = instrumentFacts(maru, body.symbol);
  const window = windowOf(body, now, 'placement.invalid_window');
  const values = {
    ...facts,
    price: body.price,
    sharesOffered: body.sharesOffered,
    tiers: tiersOf(body.tiers),
    depositPct: body.depositPct,
    paymentHours: body.paymentHours,
    ...window,
    updatedAt: now,
  };
  return saveDraft(body, 'placement.not_draft', {
    insert: () =>
      maru.db
        .insert(placements)
        .values({ ...values, createdBy: staffId, createdAt: now })
        .returning(),
    load: (id) => placementById(maru.db, id),
    update: (id) => maru.db.update(placements).set(values).where(eq(placements.id, id)).returning(),
  });
}

export async function publishPlacement(
  maru: AppContext,
  staffId: number,
  body: { id: number; version: number },
): Promise<PlacementRow> {
  const row = await placementById(maru.db, body.id);
  await publishWindow(
    maru.db,
    placementLifecycle,
    row,
    { version: body.version, now: maru.clock.now(), actor: { kind: 'staff', id: staffId } },
    'placement.invalid_window',
  );
  return placementById(maru.db, body.id);
}

/** The demo placement: a large KOSPI name a little under its reference price. */
const DEMO_SYMBOL = '000660';
const DEMO_DISCOUNT_PCT = 8;
const DEMO_DAYS = 14;
export const DEMO_TIERS: PlacementTier[] = [
  { minShares: 10, allotPct: 50 },
  { minShares: 100, allotPct: 80 },
  { minShares: 1_000, allotPct: 100 },
];

/**
 * The embedded default's placement (labelled demo), written once and published by the system so
 * the clock opens it at once: a fresh install shows one to apply for.
 */
export async function seedPlacement(tx: Transaction, now: Date): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(placements);
  if ((existing?.n ?? 0) > 0) return;
  const instrument = loadInstruments().find((x) => x.code === DEMO_SYMBOL);
  if (!instrument) return;
  const price =
    Math.round((instrument.referencePrice * (100 - DEMO_DISCOUNT_PCT)) / 100 / 100) * 100;
  const [row] = await tx
    .insert(placements)
    .values({
      symbol: DEMO_SYMBOL,
      name: instrument.nameKo,
      market: instrument.market,
      price,
      sharesOffered: 100_000,
      tiers: DEMO_TIERS,
      depositPct: 50,
      paymentHours: 48,
      opensAt: now,
      closesAt: new Date(now.getTime() + DEMO_DAYS * 24 * 60 * 60 * 1000),
      demo: true,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('placement insert returned no row');
  await applyEvent(tx, {
    lifecycle: placementLifecycle,
    id: row.id,
    event: { type: 'offering.publish' },
    actor: { kind: 'system', id: null },
    now,
  });
}
