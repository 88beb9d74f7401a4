import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  CorporateActionDto,
  CorporateCalendarDto,
  CorporateCreateRequest,
  CorporateEditRequest,
} from '../../../contract';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/connect';
import { corporateActions, corporateEntitlements, rightsApplications } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import {
  applyEvent,
  corporateActionLifecycle,
  inState,
  scheduleJob,
  statusOf,
} from '../../lifecycle';
import type { MarketFeed } from '../../market';
import { Refusal } from '../../refusal';
import { nameOf } from '../trade/block-offerings';
import { priceFactorPpm, scheduleOnFeed, unscheduleOnFeed } from './feed-actions';

/**
 * Staff's corporate-action calendar (docs/corporate-actions.md): announce a dividend or a rights
 * issue, change it until its record date, withdraw it with a reason; every call audited. The
 * record and payment dates are jobs (record.ts does what they do).
 */

export type ActionRow = typeof corporateActions.$inferSelect;

/** Applications that still count against an entitlement (not refused, not lapsed). */
export const LIVE_APPLICATION_STATES = ['applied', 'paid', 'listed'];

export async function actionById(db: Database, id: number, lock = false): Promise<ActionRow> {
  const query = db.select().from(corporateActions).where(eq(corporateActions.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new ApiRefusal('corporate.not_found', { field: 'id' }, 404);
  return row;
}

interface Totals {
  holders: number;
  paidNet: number;
  taxWithheld: number;
  sharesApplied: number;
}

async function totalsOf(db: Database, ids: number[]): Promise<Map<number, Totals>> {
  const totals = new Map<number, Totals>(
    ids.map((id) => [id, { holders: 0, paidNet: 0, taxWithheld: 0, sharesApplied: 0 }]),
  );
  if (ids.length === 0) return totals;
  const paid = await db
    .select({
      actionId: corporateEntitlements.actionId,
      holders: count(),
      net: sql<string>`coalesce(sum(${corporateEntitlements.net}) filter (where ${corporateEntitlements.paidAt} is not null), 0)`,
      tax: sql<string>`coalesce(sum(${corporateEntitlements.tax}) filter (where ${corporateEntitlements.paidAt} is not null), 0)`,
    })
    .from(corporateEntitlements)
    .where(inArray(corporateEntitlements.actionId, ids))
    .groupBy(corporateEntitlements.actionId);
  for (const row of paid) {
    const t = totals.get(row.actionId);
    if (!t) continue;
    t.holders = row.holders;
    t.paidNet = Number(row.net);
    t.taxWithheld = Number(row.tax);
  }
  const applied = await db
    .select({
      actionId: rightsApplications.actionId,
      shares: sql<string>`coalesce(sum(${rightsApplications.shares}), 0)`,
    })
    .from(rightsApplications)
    .where(
      sql`${inArray(rightsApplications.actionId, ids)} and ${inArray(rightsApplications.state, LIVE_APPLICATION_STATES)}`,
    )
    .groupBy(rightsApplications.actionId);
  for (const row of applied) {
    const t = totals.get(row.actionId);
    if (t) t.sharesApplied = Number(row.shares);
  }
  return totals;
}

export function isEditable(row: ActionRow, now: Date): boolean {
  return row.state === 'announced' && row.recordAt.getTime() > now.getTime();
}

function actionDto(
  row: ActionRow,
  totals: Totals,
  feed: MarketFeed,
  now: Date,
): CorporateActionDto {
  return {
    id: row.id,
    symbol: row.symbol,
    name: nameOf(feed, row.symbol),
    kind: row.kind,
    recordAt: row.recordAt.toISOString(),
    payAt: row.payAt.toISOString(),
    windowClosesAt: row.windowClosesAt?.toISOString() ?? null,
    perShare: row.perShare,
    issuePrice: row.issuePrice,
    ratioPpm: row.ratioPpm,
    priceFactorPpm: row.priceFactorPpm,
    ...statusOf(corporateActionLifecycle, row),
    cancelReason: row.context.cancelReason,
    ...totals,
    editable: isEditable(row, now),
    demo: row.demo,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function actionView(maru: AppContext, id: number): Promise<CorporateActionDto> {
  const row = await actionById(maru.db, id);
  const totals = await totalsOf(maru.db, [row.id]);
  return actionDto(row, totals.get(row.id)!, maru.feed, maru.clock.now());
}

/** The calendar, newest record date first. */
export async function corporateCalendar(
  maru: AppContext,
  paging: { page: number; pageSize: number },
): Promise<CorporateCalendarDto> {
  const { db } = maru;
  const rows = await db
    .select()
    .from(corporateActions)
    .orderBy(desc(corporateActions.recordAt), desc(corporateActions.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  const [total] = await db.select({ n: count() }).from(corporateActions);
  const totals = await totalsOf(
    db,
    rows.map((r) => r.id),
  );
  const now = maru.clock.now();
  return {
    items: rows.map((r) => actionDto(r, totals.get(r.id)!, maru.feed, now)),
    page: paging.page,
    pageSize: paging.pageSize,
    total: total?.n ?? 0,
  };
}

interface Terms {
  recordAt: Date;
  payAt: Date;
  windowClosesAt: Date | null;
  perShare: number | null;
  issuePrice: number | null;
  ratioPpm: number | null;
}

const dateField = (value: string | null | undefined, field: string): Date => {
  const ms = value ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) throw new Refusal('corporate.invalid_dates', { field });
  return new Date(ms);
};

/** At most ten new shares per share held: anything more is a typing slip. */
const MAX_RATIO_PPM = 10_000_000;

/** The request's dates and terms, checked for the kind; the record date must be in the future. */
function termsOf(
  kind: 'dividend' | 'rights',
  body: Omit<CorporateEditRequest, 'id' | 'version' | 'kind'>,
  now: Date,
): Terms {
  const recordAt = dateField(body.recordAt, 'recordAt');
  const payAt = dateField(body.payAt, 'payAt');
  if (recordAt <= now || payAt <= recordAt) {
    throw new Refusal('corporate.invalid_dates', { field: recordAt <= now ? 'recordAt' : 'payAt' });
  }
  if (kind === 'dividend') {
    if (!body.perShare) throw new Refusal('corporate.invalid_terms', { field: 'perShare' });
    return {
      recordAt,
      payAt,
      windowClosesAt: null,
      perShare: body.perShare,
      issuePrice: null,
      ratioPpm: null,
    };
  }
  if (!body.issuePrice) throw new Refusal('corporate.invalid_terms', { field: 'issuePrice' });
  if (!body.ratioPpm || body.ratioPpm > MAX_RATIO_PPM) {
    throw new Refusal('corporate.invalid_terms', { field: 'ratioPpm' });
  }
  const windowClosesAt = dateField(body.windowClosesAt, 'windowClosesAt');
  if (windowClosesAt <= recordAt || windowClosesAt > payAt) {
    throw new Refusal('corporate.invalid_dates', { field: 'windowClosesAt' });
  }
  return {
    recordAt,
    payAt,
    windowClosesAt,
    perShare: null,
    issuePrice: body.issuePrice,
    ratioPpm: body.ratioPpm,
  };
}

/** The factor from the symbol's price now; a dividend as large as the price is a slip. */
function factorFor(feed: MarketFeed, symbol: string, kind: 'dividend' | 'rights', terms: Terms) {
  const price = feed.quote(symbol)?.price ?? feed.instrument(symbol)?.referencePrice ?? 0;
  if (price <= 0) throw new Refusal('market.unknown_symbol', { field: 'symbol' });
  if (kind === 'dividend' && (terms.perShare ?? 0) >= price) {
    throw new Refusal('corporate.invalid_terms', { field: 'perShare' });
  }
  return priceFactorPpm(price, { kind, ...terms });
}

const recordJob = (row: Pick<ActionRow, 'id' | 'recordAt'>) => ({
  entityType: corporateActionLifecycle.type,
  entityId: row.id,
  event: { type: 'corporate.record' },
  dueAt: row.recordAt,
});

/** `/corporate/create`: the action, announced, with its record-date job and the feed's factor. */
export async function createAction(
  maru: AppContext,
  staffId: number,
  body: CorporateCreateRequest,
): Promise<CorporateActionDto> {
  const { db, feed } = maru;
  const now = maru.clock.now();
  const instrument = feed.instrument(body.symbol);
  if (!instrument) throw new Refusal('market.unknown_symbol', { field: 'symbol' });
  const terms = termsOf(body.kind, body, now);
  const [row] = await db
    .insert(corporateActions)
    .values({
      symbol: body.symbol,
      kind: body.kind,
      ...terms,
      market: instrument.market,
      priceFactorPpm: factorFor(feed, body.symbol, body.kind, terms),
      createdBy: staffId,
      updatedBy: staffId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('corporate action insert returned no row');
  await scheduleJob(db, recordJob(row), now);
  scheduleOnFeed(feed, row);
  return actionView(maru, row.id);
}

/**
 * `/corporate/edit`: new dates and terms for an action still announced before its record date.
 * A moved record date gets a job of its own; the old one, if earlier, is refused when it runs
 * (record.ts checks the date), and if later finds the action recorded already.
 */
export async function editAction(
  maru: AppContext,
  staffId: number,
  body: CorporateEditRequest,
): Promise<CorporateActionDto> {
  const { db, feed } = maru;
  const now = maru.clock.now();
  const row = await actionById(db, body.id, true);
  if (!isEditable(row, now)) throw new ApiRefusal('corporate.not_editable', {}, 409);
  // The kind is part of what staff saw; it never changes.
  if (body.kind !== row.kind) throw new Refusal('corporate.wrong_kind', { field: 'kind' });
  if (row.version !== body.version) throw new Refusal('lifecycle.conflict');
  const terms = termsOf(row.kind, body, now);
  const priceFactor = factorFor(feed, row.symbol, row.kind, terms);
  await db
    .update(corporateActions)
    .set({ ...terms, priceFactorPpm: priceFactor, updatedBy: staffId, updatedAt: now })
    .where(eq(corporateActions.id, row.id));
  await scheduleJob(db, recordJob({ id: row.id, recordAt: terms.recordAt }), now);
  unscheduleOnFeed(feed, row);
  scheduleOnFeed(feed, { ...row, ...terms, priceFactorPpm: priceFactor });
  return actionView(maru, row.id);
}

/**
 * `/corporate/cancel`: withdraws an action before it is paid; a rights issue only while its
 * window is open (after that the holders have paid). Waiting applications lapse (record.ts).
 */
export async function cancelAction(
  maru: AppContext,
  staffId: number,
  body: { id: number; version: number; reason: string },
): Promise<CorporateActionDto> {
  const { db, feed } = maru;
  const now = maru.clock.now();
  const row = await actionById(db, body.id);
  if (
    row.kind === 'rights' &&
    row.windowClosesAt &&
    row.windowClosesAt <= now &&
    row.state === 'recorded'
  ) {
    throw new Refusal('corporate.window_closed');
  }
  await applyEvent(db, {
    lifecycle: corporateActionLifecycle,
    id: row.id,
    event: { type: 'corporate.cancel', reason: body.reason },
    actor: { kind: 'staff', id: staffId },
    reason: body.reason.trim(),
    expectedVersion: body.version,
    now,
  });
  // Before the record date the simulator has not applied the factor yet: take it back.
  if (row.state === 'announced') unscheduleOnFeed(feed, row);
  return actionView(maru, row.id);
}

/** After a restart the simulator is new: the factors of actions still to come are scheduled again. */
export async function rescheduleOnFeed(maru: AppContext): Promise<void> {
  const rows = await maru.db
    .select()
    .from(corporateActions)
    .where(inState(corporateActions.state, 'announced'));
  for (const row of rows) scheduleOnFeed(maru.feed, row);
}
