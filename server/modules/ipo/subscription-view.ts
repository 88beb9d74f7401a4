import { and, desc, eq, sql } from 'drizzle-orm';
import type {
  IpoRecordRowDto,
  IpoSubscriptionDetailDto,
  IpoSubscriptionDto,
} from '../../../contract';
import { allotmentSettlement, subscriptionNo } from '../../../contract';
import type { Database, Transaction } from '../../db/connect';
import { ipoOfferings, ipoSubscriptions } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { statusOf, subscriptionLifecycle, transitionsOf } from '../../lifecycle';
import type { SubscriptionRow } from './ledger';
import type { OfferingRow } from './offering-rows';

type OfferingPart = Pick<
  OfferingRow,
  'symbol' | 'name' | 'nameEn' | 'paymentDeadline' | 'listingAt'
>;

const offeringPart = {
  symbol: ipoOfferings.symbol,
  name: ipoOfferings.name,
  nameEn: ipoOfferings.nameEn,
  paymentDeadline: ipoOfferings.paymentDeadline,
  listingAt: ipoOfferings.listingAt,
};

export function subscriptionDto(row: SubscriptionRow, o: OfferingPart): IpoSubscriptionDto {
  const allotted = row.context.allotted;
  const settlement =
    allotted === null ? null : allotmentSettlement(row.offerPrice, allotted, row.deposit);
  return {
    id: row.id,
    subscriptionNo: subscriptionNo(row.offeringId, row.id),
    offeringId: row.offeringId,
    symbol: o.symbol,
    name: o.name,
    nameEn: o.nameEn,
    offerPrice: row.offerPrice,
    shares: row.shares,
    deposit: row.deposit,
    allotted,
    allottedAmount: settlement?.amount ?? null,
    due: settlement?.due ?? null,
    paid: row.paid,
    refunded: row.refunded,
    ...statusOf(subscriptionLifecycle, row),
    paymentDeadline: o.paymentDeadline.toISOString(),
    listingAt: o.listingAt.toISOString(),
    orderId: row.orderId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The customer's subscription with this id; another customer's reads exactly like an unknown one
 * (`ipo.subscription_not_found`, 404).
 */
export async function customerSubscription(
  db: Database | Transaction,
  customerId: number,
  id: number,
): Promise<{ row: SubscriptionRow; offering: OfferingPart }> {
  const [found] = await db
    .select({ row: ipoSubscriptions, offering: offeringPart })
    .from(ipoSubscriptions)
    .innerJoin(ipoOfferings, eq(ipoOfferings.id, ipoSubscriptions.offeringId))
    .where(and(eq(ipoSubscriptions.id, id), eq(ipoSubscriptions.customerId, customerId)));
  if (!found) throw new ApiRefusal('ipo.subscription_not_found', { field: 'id' }, 404);
  return found;
}

export async function subscriptionView(
  db: Database | Transaction,
  customerId: number,
  id: number,
): Promise<IpoSubscriptionDto> {
  const { row, offering } = await customerSubscription(db, customerId, id);
  return subscriptionDto(row, offering);
}

/** `/ipo/subscription`: the subscription with its history (staff never named). */
export async function subscriptionDetail(
  db: Database | Transaction,
  customerId: number,
  id: number,
): Promise<IpoSubscriptionDetailDto> {
  const subscription = await subscriptionView(db, customerId, id);
  const history = (await transitionsOf(db, subscriptionLifecycle.type, id)).map((t) => ({
    at: t.createdAt.toISOString(),
    event: t.event,
    from: t.fromState,
    to: t.toState,
    actor: t.actorKind,
    reason: t.reason,
  }));
  return { subscription, history };
}

/** The customer's subscriptions to one offering, newest first. */
export async function subscriptionsTo(
  db: Database | Transaction,
  customerId: number,
  offering: OfferingRow,
): Promise<IpoSubscriptionDto[]> {
  const rows = await db
    .select()
    .from(ipoSubscriptions)
    .where(
      and(
        eq(ipoSubscriptions.customerId, customerId),
        eq(ipoSubscriptions.offeringId, offering.id),
      ),
    )
    .orderBy(desc(ipoSubscriptions.id));
  return rows.map((r) => subscriptionDto(r, offering));
}

/** The 'subscriptions' tab of `/ipo/records`: one row per subscription, newest first. */
export async function subscriptionRecords(
  db: Database | Transaction,
  customerId: number,
  paging: { page: number; pageSize: number },
): Promise<{ rows: IpoRecordRowDto[]; total: number }> {
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ipoSubscriptions)
    .where(eq(ipoSubscriptions.customerId, customerId));
  const rows = await db
    .select({ row: ipoSubscriptions, offering: offeringPart })
    .from(ipoSubscriptions)
    .innerJoin(ipoOfferings, eq(ipoOfferings.id, ipoSubscriptions.offeringId))
    .where(eq(ipoSubscriptions.customerId, customerId))
    .orderBy(desc(ipoSubscriptions.id))
    .limit(paging.pageSize)
    .offset((paging.page - 1) * paging.pageSize);
  return {
    total: counted?.n ?? 0,
    rows: rows.map(({ row, offering }) => {
      const allotted = row.context.allotted;
      return {
        id: row.id,
        kind: 'subscriptions' as const,
        recordNo: subscriptionNo(row.offeringId, row.id),
        symbol: offering.symbol,
        name: offering.name,
        nameEn: offering.nameEn,
        price: row.offerPrice,
        shares: row.shares,
        allotted,
        // What the subscription holds or paid: the paid amount once paid, else the deposit while
        // it is held, nothing once released.
        amount: row.paid > 0 ? row.paid : row.refunded >= row.deposit ? null : row.deposit,
        state: row.state,
        createdAt: row.createdAt.toISOString(),
      };
    }),
  };
}
