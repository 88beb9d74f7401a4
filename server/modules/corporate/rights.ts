import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type {
  CorporateApplicationsDto,
  CorporateListDto,
  RightsAllotmentRecordsPage,
  RightsApplicationDto,
} from '../../../contract';
import type { AppContext } from '../../app-context';
import type { LiveSession } from '../../auth/sessions';
import type { Database, Transaction } from '../../db/connect';
import {
  corporateActions,
  corporateEntitlements,
  customers,
  rightsApplications,
} from '../../db/schema';
import {
  applyEvent,
  rightsApplicationLifecycle,
  scheduleJob,
  statusOf,
  subscribeTransitions,
} from '../../lifecycle';
import type { TransitionNotice } from '../../lifecycle';
import type { MarketFeed } from '../../market';
import { Refusal } from '../../refusal';
import { assertMayTrade } from '../customers/restrictions';
import { verifyFundPassword } from '../fund-password';
import { nameOf } from '../trade/block-offerings';
import { openFilledPosition } from '../trade/filled-position';
import { heldBy, holdFunds, releaseHeld } from '../trade/holds';
import type { HoldRef } from '../trade/holds';
import { LIVE_APPLICATION_STATES, actionById } from './actions';

/**
 * Rights issues from the holder's side (docs/corporate-actions.md): what the record date offered
 * me, applying within the window (issue price × shares held at once, as a block-trade application
 * holds its cost), and what becomes of an application: paid when the window closes, a `stock`
 * position at the issue price on the listing date, or the hold given back when staff refuse it or
 * the issue is withdrawn.
 */

export type RightsApplicationRow = typeof rightsApplications.$inferSelect;

/** The application's number as journal entries name it. */
export const rightsApplicationNo = (id: number) => `R${id}`;

const holdRefOf = (row: Pick<RightsApplicationRow, 'id' | 'customerId'>): HoldRef => ({
  customerId: row.customerId,
  holdKind: 'rights_hold',
  releaseKind: 'rights_release',
  reason: rightsApplicationNo(row.id),
});

const LISTED = 50;

function applicationDto(
  row: RightsApplicationRow,
  symbol: string,
  feed: MarketFeed,
): RightsApplicationDto {
  return {
    id: row.id,
    actionId: row.actionId,
    symbol,
    name: nameOf(feed, symbol),
    price: row.price,
    shares: row.shares,
    amount: row.amount,
    ...statusOf(rightsApplicationLifecycle, row),
    reason: row.context.refusalReason,
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Shares applied for against an entitlement, not counting refused or lapsed applications. */
async function appliedShares(db: Database, actionId: number, customerId: number) {
  const [row] = await db
    .select({ shares: sql<string>`coalesce(sum(${rightsApplications.shares}), 0)` })
    .from(rightsApplications)
    .where(
      and(
        eq(rightsApplications.actionId, actionId),
        eq(rightsApplications.customerId, customerId),
        inArray(rightsApplications.state, LIVE_APPLICATION_STATES),
      ),
    );
  return Number(row?.shares ?? 0);
}

const isOpen = (action: typeof corporateActions.$inferSelect, now: Date) =>
  action.kind === 'rights' &&
  action.state === 'recorded' &&
  action.windowClosesAt !== null &&
  now < action.windowClosesAt;

/** `/corporate/list`: my dividends, the rights issues offered to me, my applications. */
export async function corporateList(
  maru: AppContext,
  customerId: number,
): Promise<CorporateListDto> {
  const { db, feed } = maru;
  const now = maru.clock.now();
  const entitled = await db
    .select({ e: corporateEntitlements, a: corporateActions })
    .from(corporateEntitlements)
    .innerJoin(corporateActions, eq(corporateActions.id, corporateEntitlements.actionId))
    .where(eq(corporateEntitlements.customerId, customerId))
    .orderBy(desc(corporateActions.recordAt), desc(corporateActions.id))
    .limit(LISTED);
  const applications = await db
    .select({ application: rightsApplications, symbol: corporateActions.symbol })
    .from(rightsApplications)
    .innerJoin(corporateActions, eq(corporateActions.id, rightsApplications.actionId))
    .where(eq(rightsApplications.customerId, customerId))
    .orderBy(desc(rightsApplications.id))
    .limit(LISTED);
  const live = (actionId: number) =>
    applications
      .filter(
        (r) =>
          r.application.actionId === actionId &&
          LIVE_APPLICATION_STATES.includes(r.application.state),
      )
      .reduce((sum, r) => sum + r.application.shares, 0);
  const upcoming = await db
    .select()
    .from(corporateActions)
    .where(and(eq(corporateActions.state, 'announced'), gt(corporateActions.recordAt, now)))
    .orderBy(asc(corporateActions.recordAt), asc(corporateActions.id))
    .limit(LISTED);
  return {
    upcoming: upcoming.map((a) => ({
      id: a.id,
      kind: a.kind,
      symbol: a.symbol,
      name: nameOf(feed, a.symbol),
      recordAt: a.recordAt.toISOString(),
      payAt: a.payAt.toISOString(),
      windowClosesAt: a.windowClosesAt?.toISOString() ?? null,
      perShare: a.perShare,
      issuePrice: a.issuePrice,
      ratioPpm: a.ratioPpm,
      demo: a.demo,
    })),
    dividends: entitled
      .filter(({ a }) => a.kind === 'dividend')
      .map(({ e, a }) => ({
        actionId: a.id,
        symbol: a.symbol,
        name: nameOf(feed, a.symbol),
        recordAt: a.recordAt.toISOString(),
        payAt: a.payAt.toISOString(),
        sharesHeld: e.sharesHeld,
        perShare: a.perShare ?? 0,
        gross: e.gross,
        tax: e.tax,
        net: e.net,
        paidAt: e.paidAt?.toISOString() ?? null,
        state: a.state,
        demo: a.demo,
      })),
    rights: entitled
      .filter(({ a }) => a.kind === 'rights')
      .map(({ e, a }) => ({
        id: a.id,
        symbol: a.symbol,
        name: nameOf(feed, a.symbol),
        recordAt: a.recordAt.toISOString(),
        windowClosesAt: (a.windowClosesAt ?? a.payAt).toISOString(),
        listingAt: a.payAt.toISOString(),
        issuePrice: a.issuePrice ?? 0,
        ratioPpm: a.ratioPpm ?? 0,
        sharesHeld: e.sharesHeld,
        entitled: e.entitledShares,
        applied: live(a.id),
        open: isOpen(a, now),
        state: a.state,
        demo: a.demo,
      })),
    applications: applications.map((r) => applicationDto(r.application, r.symbol, feed)),
  };
}

/**
 * `/corporate/apply`, in the call's transaction: the issue is open, I was entitled on the record
 * date and have shares left to apply for (the entitlement row is locked while counting, so
 * parallel applications cannot pass it together), the fund password when sent (last), then the
 * application with its amount held and its window-close job.
 */
export async function applyForRights(
  maru: AppContext,
  session: LiveSession,
  body: { id: number; shares: number; fundPassword?: string | null },
  source: string | null,
): Promise<RightsApplicationRow> {
  const { db } = maru;
  const customerId = session.customer.id;
  assertMayTrade(session.customer);
  const action = await actionById(db, body.id);
  if (action.kind !== 'rights') throw new Refusal('corporate.wrong_kind', { field: 'id' });
  const now = maru.clock.now();
  if (!isOpen(action, now)) throw new Refusal('corporate.not_open');
  const [entitlement] = await db
    .select()
    .from(corporateEntitlements)
    .where(
      and(
        eq(corporateEntitlements.actionId, action.id),
        eq(corporateEntitlements.customerId, customerId),
      ),
    )
    .for('update');
  if (!entitlement || entitlement.entitledShares <= 0) throw new Refusal('corporate.not_entitled');
  const left = entitlement.entitledShares - (await appliedShares(db, action.id, customerId));
  if (body.shares > left) {
    throw new Refusal('corporate.over_entitlement', {
      max: Math.max(0, left).toLocaleString('en-US'),
    });
  }
  const price = action.issuePrice ?? 0;
  const amount = price * body.shares;
  if (body.fundPassword) {
    await verifyFundPassword(db, customerId, body.fundPassword, { source });
  }
  const [row] = await db
    .insert(rightsApplications)
    .values({
      actionId: action.id,
      customerId,
      shares: body.shares,
      price,
      amount,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('rights application insert returned no row');
  // The ledger refuses an overdraft itself (trade.insufficient_margin), as for a block trade.
  await holdFunds(db, holdRefOf(row), amount);
  // The application starts in `applied`, which no transition enters: its clock job is written here.
  await scheduleJob(
    db,
    {
      entityType: rightsApplicationLifecycle.type,
      entityId: row.id,
      event: { type: 'rights.pay' },
      dueAt: action.windowClosesAt ?? action.payAt,
    },
    now,
  );
  return row;
}

/** A rights issue's applications for staff, newest first. */
export async function actionApplications(
  maru: AppContext,
  actionId: number,
): Promise<CorporateApplicationsDto> {
  const action = await actionById(maru.db, actionId);
  const rows = await maru.db
    .select({ application: rightsApplications, account: customers.account })
    .from(rightsApplications)
    .innerJoin(customers, eq(customers.id, rightsApplications.customerId))
    .where(eq(rightsApplications.actionId, action.id))
    .orderBy(desc(rightsApplications.id));
  return {
    rows: rows.map((r) => ({
      ...applicationDto(r.application, action.symbol, maru.feed),
      customerId: r.application.customerId,
      account: r.account,
    })),
  };
}

/** `/corporate/refuse`: staff refuse a waiting application with a reason; the hold comes back. */
export async function refuseApplication(
  maru: AppContext,
  staffId: number,
  body: { id: number; version: number; reason: string },
): Promise<CorporateApplicationsDto> {
  const [row] = await maru.db
    .select({ actionId: rightsApplications.actionId })
    .from(rightsApplications)
    .where(eq(rightsApplications.id, body.id));
  await applyEvent(maru.db, {
    lifecycle: rightsApplicationLifecycle,
    id: body.id,
    event: { type: 'rights.refuse', reason: body.reason },
    actor: { kind: 'staff', id: staffId },
    reason: body.reason.trim(),
    expectedVersion: body.version,
    now: maru.clock.now(),
  });
  if (!row) throw new Refusal('corporate.not_found');
  return actionApplications(maru, row.actionId);
}

const RECORDS_PAGE_SIZE = 20;

/**
 * A customer's rights allotments, newest first, a page at a time: what `/ipo/records` answers
 * for its `allotments` tab (the IPO area adds the names it shows).
 */
export async function rightsAllotmentRecords(
  db: Database,
  accountId: number,
  page: number,
  pageSize = RECORDS_PAGE_SIZE,
): Promise<RightsAllotmentRecordsPage> {
  const pageNo = Math.max(1, Math.floor(page));
  const rows = await db
    .select({
      application: rightsApplications,
      symbol: corporateActions.symbol,
      payAt: corporateActions.payAt,
    })
    .from(rightsApplications)
    .innerJoin(corporateActions, eq(corporateActions.id, rightsApplications.actionId))
    .where(eq(rightsApplications.customerId, accountId))
    .orderBy(desc(rightsApplications.id))
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize);
  const [total] = await db
    .select({ n: count() })
    .from(rightsApplications)
    .where(eq(rightsApplications.customerId, accountId));
  return {
    rows: rows.map(({ application: a, symbol, payAt }) => ({
      id: a.id,
      actionId: a.actionId,
      symbol,
      price: a.price,
      shares: a.shares,
      amount: a.amount,
      state: a.state,
      reason: a.context.refusalReason,
      orderId: a.orderId,
      listingAt: payAt.toISOString(),
      createdAt: a.createdAt.toISOString(),
    })),
    page: pageNo,
    pageSize,
    total: total?.n ?? 0,
  };
}

/**
 * An application's money follows its state, in the transition's transaction: refused or lapsed
 * gives the hold back; listed turns it into a `stock` position at the issue price (the shared
 * filled-position helper, as an approved block trade).
 */
async function onApplicationTransition(tx: Transaction, notice: TransitionNotice): Promise<void> {
  if (notice.lifecycle.type !== rightsApplicationLifecycle.type) return;
  if (notice.to !== 'refused' && notice.to !== 'lapsed' && notice.to !== 'listed') return;
  const [row] = await tx
    .select()
    .from(rightsApplications)
    .where(eq(rightsApplications.id, notice.id));
  if (!row) return;
  const actor =
    notice.actor.kind === 'staff' ? `staff:${notice.actor.id ?? ''}` : notice.actor.kind;
  const changes: Partial<RightsApplicationRow> = { updatedAt: notice.now };
  if (notice.to === 'listed') {
    const [action] = await tx
      .select()
      .from(corporateActions)
      .where(eq(corporateActions.id, row.actionId));
    if (!action) throw new Refusal('corporate.not_found');
    const held = await heldBy(tx, holdRefOf(row));
    changes.orderId = await openFilledPosition(tx, {
      customerId: row.customerId,
      product: 'stock',
      symbol: action.symbol,
      market: action.market,
      price: row.price,
      shares: row.shares,
      // The hold beyond price × shares is the commission taken when applying.
      openFee: held - row.price * row.shares,
      // Filled at once: the order's expiry (the session's end) never applies.
      demo: false,
      now: notice.now,
    });
  } else {
    await releaseHeld(tx, holdRefOf(row), actor);
  }
  await tx.update(rightsApplications).set(changes).where(eq(rightsApplications.id, row.id));
}
subscribeTransitions(onApplicationTransition);
