import { asc, count, eq, sql } from 'drizzle-orm';
import type { KycQueueItemDto, KycState } from '../../../../contract';
import type { Database } from '../../../db/connect';
import { customers, kycSubmissions } from '../../../db/schema';

/** Verifications in one state (under review by default), the longest-waiting first. */
export async function kycQueue(
  db: Database,
  filter: { state?: KycState; page: number; pageSize: number },
): Promise<{ items: KycQueueItemDto[]; page: number; pageSize: number; total: number }> {
  const state = filter.state ?? 'under_review';
  const latest = db
    .select({
      customerId: kycSubmissions.customerId,
      lastId: sql<number>`max(${kycSubmissions.id})`.as('last_id'),
    })
    .from(kycSubmissions)
    .groupBy(kycSubmissions.customerId)
    .as('latest');
  const [total] = await db
    .select({ n: count() })
    .from(customers)
    .where(eq(customers.kycState, state));
  const rows = await db
    .select({
      customerId: customers.id,
      account: customers.account,
      accountId: customers.accountId,
      state: customers.kycState,
      context: customers.kycContext,
      realName: kycSubmissions.realName,
      submittedAt: kycSubmissions.createdAt,
    })
    .from(customers)
    .leftJoin(latest, eq(latest.customerId, customers.id))
    .leftJoin(kycSubmissions, eq(kycSubmissions.id, latest.lastId))
    .where(eq(customers.kycState, state))
    .orderBy(sql`${kycSubmissions.createdAt} asc nulls last`, asc(customers.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return {
    items: rows.map((r) => ({
      customerId: r.customerId,
      account: r.account,
      accountId: r.accountId,
      state: r.state,
      realName: r.realName,
      submissions: r.context.submissions,
      submittedAt: r.submittedAt?.toISOString() ?? null,
    })),
    page: filter.page,
    pageSize: filter.pageSize,
    total: total?.n ?? 0,
  };
}
