import { asc, and, eq } from 'drizzle-orm';
import type { AccountStateName, CustomerDetailDto } from '../../../../contract';
import { ACCOUNT_EVENTS } from '../../../../machines/account';
import type { Database } from '../../../db/connect';
import { customers, lifecycleTransitions, staffAccounts } from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';
import { accountLifecycle, loadLifecycle, statusOf } from '../../../lifecycle';
import { selectSummaries, toSummary } from './customer-summary';

/** Which restriction an account event sets or clears. */
const EVENT_MEANING = new Map<string, { state: AccountStateName; value: boolean }>(
  Object.entries(ACCOUNT_EVENTS).flatMap(([state, { set, clear }]) => [
    [set, { state: state as AccountStateName, value: true }],
    [clear, { state: state as AccountStateName, value: false }],
  ]),
);

export async function customerDetail(db: Database, customerId: number): Promise<CustomerDetailDto> {
  const [row] = await selectSummaries(db).where(eq(customers.id, customerId));
  if (!row) throw new ApiRefusal('account.not_found', { field: 'customerId' }, 404);
  const [extra] = await db
    .select({ creditScore: customers.creditScore, fundPasswordHash: customers.fundPasswordHash })
    .from(customers)
    .where(eq(customers.id, customerId));
  // The account lifecycle's transitions are the history of its restrictions.
  const transitions = await db
    .select({
      event: lifecycleTransitions.event,
      reason: lifecycleTransitions.reason,
      staff: staffAccounts.account,
      at: lifecycleTransitions.createdAt,
    })
    .from(lifecycleTransitions)
    .leftJoin(staffAccounts, eq(staffAccounts.id, lifecycleTransitions.actorId))
    .where(
      and(
        eq(lifecycleTransitions.entityType, 'account'),
        eq(lifecycleTransitions.entityId, String(customerId)),
      ),
    )
    .orderBy(asc(lifecycleTransitions.id));
  const account = await loadLifecycle(db, accountLifecycle, customerId);
  return {
    ...toSummary(row),
    creditScore: extra?.creditScore ?? 0,
    fundPasswordSet: (extra?.fundPasswordHash ?? null) !== null,
    accountLifecycle: statusOf(accountLifecycle, account),
    stateChanges: transitions.flatMap((t) => {
      const meaning = EVENT_MEANING.get(t.event);
      if (!meaning) return [];
      return [
        {
          ...meaning,
          reason: t.reason ?? '',
          staff: t.staff ?? 'system',
          at: t.at.toISOString(),
        },
      ];
    }),
  };
}
