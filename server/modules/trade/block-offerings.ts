import { count, desc, eq } from 'drizzle-orm';
import type { BlockOfferingDto } from '../../../contract';
import { floorToTick } from '../../../contract';
import type { AppContext } from '../../app-context';
import type { Database, Transaction } from '../../db/connect';
import { blockOfferings } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import type { MarketFeed } from '../../market';
import { loadInstruments } from '../../market/data-files';
import { Refusal } from '../../refusal';

/**
 * Block-trade offerings (docs/trading.md "Block trades"): an operator lists a symbol at a price
 * with a minimum number of shares and a window; customers apply inside the window.
 */

export type OfferingRow = typeof blockOfferings.$inferSelect;

/** The offerings a list shows: the newest windows first. */
const LISTED = 50;

export const isOpenAt = (row: Pick<OfferingRow, 'opensAt' | 'closesAt'>, now: Date) =>
  row.opensAt.getTime() <= now.getTime() && now.getTime() < row.closesAt.getTime();

export const nameOf = (feed: MarketFeed, symbol: string) =>
  feed.instrument(symbol)?.nameKo ?? symbol;

export function offeringDto(row: OfferingRow, feed: MarketFeed, now: Date): BlockOfferingDto {
  return {
    id: row.id,
    symbol: row.symbol,
    name: nameOf(feed, row.symbol),
    price: row.price,
    minShares: row.minShares,
    opensAt: row.opensAt.toISOString(),
    closesAt: row.closesAt.toISOString(),
    open: isOpenAt(row, now),
    demo: row.demo,
  };
}

export async function listOfferings(maru: AppContext): Promise<BlockOfferingDto[]> {
  const rows = await maru.db
    .select()
    .from(blockOfferings)
    .orderBy(desc(blockOfferings.closesAt), desc(blockOfferings.id))
    .limit(LISTED);
  const now = maru.clock.now();
  return rows.map((row) => offeringDto(row, maru.feed, now));
}

export async function offeringById(db: Database, id: number): Promise<OfferingRow> {
  const [row] = await db.select().from(blockOfferings).where(eq(blockOfferings.id, id));
  if (!row) throw new ApiRefusal('block.not_found', { field: 'id' }, 404);
  return row;
}

function timeOf(text: string, field: string): Date {
  const at = new Date(text);
  if (Number.isNaN(at.getTime())) throw new Refusal('request.invalid', { field });
  return at;
}

/** `/block/create`: a listed symbol, and a window that opens before it closes. */
export async function createOffering(
  maru: AppContext,
  staffId: number,
  body: { symbol: string; price: number; minShares: number; opensAt: string; closesAt: string },
): Promise<BlockOfferingDto> {
  if (!maru.feed.instrument(body.symbol)) {
    throw new ApiRefusal('market.unknown_symbol', { field: 'symbol' }, 404);
  }
  const opensAt = timeOf(body.opensAt, 'opensAt');
  const closesAt = timeOf(body.closesAt, 'closesAt');
  if (opensAt.getTime() >= closesAt.getTime()) {
    throw new Refusal('block.invalid_window', { field: 'closesAt' });
  }
  const now = maru.clock.now();
  const [row] = await maru.db
    .insert(blockOfferings)
    .values({
      symbol: body.symbol,
      price: body.price,
      minShares: body.minShares,
      opensAt,
      closesAt,
      createdBy: staffId,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('offering insert returned no row');
  return offeringDto(row, maru.feed, now);
}

/** The demo offerings: large KOSPI names, 100 shares at least, a few percent off. */
const DEMO_OFFERINGS = [
  { symbol: '005930', discountPct: 5 },
  { symbol: '000660', discountPct: 4 },
  { symbol: '035420', discountPct: 6 },
] as const;
const DEMO_MIN_SHARES = 100;
const DEMO_DAYS = 30;

/**
 * The embedded default's offerings (labelled demo), written once: a fresh install can apply for
 * a block trade at once. One count when they exist; the instrument file is read only to write them.
 */
export async function seedBlockOfferings(tx: Transaction, now: Date): Promise<void> {
  const [existing] = await tx.select({ n: count() }).from(blockOfferings);
  if ((existing?.n ?? 0) > 0) return;
  const instruments = new Map(loadInstruments().map((x) => [x.code, x]));
  const closesAt = new Date(now.getTime() + DEMO_DAYS * 24 * 60 * 60 * 1000);
  const values = DEMO_OFFERINGS.flatMap(({ symbol, discountPct }) => {
    const instrument = instruments.get(symbol);
    if (!instrument) return [];
    const price = floorToTick(Math.round((instrument.referencePrice * (100 - discountPct)) / 100));
    return [
      {
        symbol,
        price,
        minShares: DEMO_MIN_SHARES,
        opensAt: now,
        closesAt,
        demo: true,
        createdAt: now,
      },
    ];
  });
  if (values.length > 0) await tx.insert(blockOfferings).values(values);
}
