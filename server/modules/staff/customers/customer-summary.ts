import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/connect';
import { customers, institutions } from '../../../db/schema';
import { accountStatesOf } from '../../../auth/account-states';

/** The columns every customer list and page shows. */
export const summaryColumns = {
  id: customers.id,
  account: customers.account,
  accountId: customers.accountId,
  kycState: customers.kycState,
  institution: institutions.name,
  createdAt: customers.createdAt,
  accountState: customers.accountState,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]['_']['data'];
};

export function toSummary(row: SummaryRow) {
  return {
    id: row.id,
    account: row.account,
    accountId: row.accountId,
    kycState: row.kycState,
    institution: row.institution,
    createdAt: row.createdAt.toISOString(),
    states: accountStatesOf(row),
  };
}

export function selectSummaries(db: Database) {
  return db
    .select(summaryColumns)
    .from(customers)
    .innerJoin(institutions, eq(institutions.id, customers.institutionId));
}
