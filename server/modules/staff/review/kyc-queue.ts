import { asc, count, eq, sql } from 'drizzle-orm';
import type { KycQueueItemDto } from '../../../../contract';
import { kycMachine } from '../../../../machines/kyc';
import { statePaths } from '../../../../machines/lifecycle';
import { isInState } from '../../../../machines/state-value';
import type { Database } from '../../../db/connect';
import { customers, kycSubmissions } from '../../../db/schema';
import { Refusal } from '../../../refusal';
import { inState } from '../../../lifecycle';

const KYC_STATE_PATHS = new Set(statePaths(kycMachine));
/** Flagged by the review-deadline job (machines/kyc.ts, docs/jobs.md). */
const OVERDUE = 'under_review.overdue';

/**
 * Verifications in one state of the machine (under review by default, which includes the ones
 * flagged overdue): overdue ones first, then the longest-waiting.
 */
export async function kycQueue(
  db: Database,
  filter: { state?: string | null; page: number; pageSize: number },
): Promise<{ items: KycQueueItemDto[]; page: number; pageSize: number; total: number }> {
  const state = filter.state ?? 'under_review';
  if (!KYC_STATE_PATHS.has(state)) throw new Refusal('request.invalid', { field: 'state' });
  const where = inState(customers.kycState, state);
  const latest = db
    .select({
      customerId: kycSubmissions.customerId,
      lastId: sql<number>`max(${kycSubmissions.id})`.as('last_id'),
    })
    .from(kycSubmissions)
    .groupBy(kycSubmissions.customerId)
    .as('latest');
  const [total] = await db.select({ n: count() }).from(customers).where(where);
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
    .where(where)
    .orderBy(
      sql`case when ${inState(customers.kycState, OVERDUE)} then 0 else 1 end`,
      sql`${kycSubmissions.createdAt} asc nulls last`,
      asc(customers.id),
    )
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return {
    items: rows.map((r) => ({
      customerId: r.customerId,
      account: r.account,
      accountId: r.accountId,
      state: r.state,
      overdue: isInState(r.state, OVERDUE),
      realName: r.realName,
      submissions: r.context.submissions,
      submittedAt: r.submittedAt?.toISOString() ?? null,
    })),
    page: filter.page,
    pageSize: filter.pageSize,
    total: total?.n ?? 0,
  };
}
