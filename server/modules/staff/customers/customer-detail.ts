import { asc, eq } from 'drizzle-orm';
import type { CustomerDetailDto } from '../../../../contract';
import type { Database } from '../../../db/connect';
import { accountStateChanges, customers, staffAccounts } from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';
import { selectSummaries, toSummary } from './customer-summary';

export async function customerDetail(db: Database, customerId: number): Promise<CustomerDetailDto> {
  const [row] = await selectSummaries(db).where(eq(customers.id, customerId));
  if (!row) throw new ApiRefusal('account.not_found', { field: 'customerId' }, 404);
  const [extra] = await db
    .select({ creditScore: customers.creditScore, fundPasswordHash: customers.fundPasswordHash })
    .from(customers)
    .where(eq(customers.id, customerId));
  const changes = await db
    .select({
      state: accountStateChanges.state,
      value: accountStateChanges.value,
      reason: accountStateChanges.reason,
      staff: staffAccounts.account,
      at: accountStateChanges.createdAt,
    })
    .from(accountStateChanges)
    .innerJoin(staffAccounts, eq(staffAccounts.id, accountStateChanges.staffId))
    .where(eq(accountStateChanges.customerId, customerId))
    .orderBy(asc(accountStateChanges.id));
  return {
    ...toSummary(row),
    creditScore: extra?.creditScore ?? 0,
    fundPasswordSet: (extra?.fundPasswordHash ?? null) !== null,
    stateChanges: changes.map((c) => ({ ...c, at: c.at.toISOString() })),
  };
}
