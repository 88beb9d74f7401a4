import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/connect';
import { customers, institutions } from '../../../db/schema';

/** The columns every customer list and page shows. */
export const summaryColumns = {
  id: customers.id,
  account: customers.account,
  accountId: customers.accountId,
  kycState: customers.kycState,
  institution: institutions.name,
  createdAt: customers.createdAt,
  frozen: customers.frozen,
  disabled: customers.disabled,
  loginBanned: customers.loginBanned,
  tradingBarred: customers.tradingBarred,
  withdrawalBarred: customers.withdrawalBarred,
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
    states: {
      frozen: row.frozen,
      disabled: row.disabled,
      loginBanned: row.loginBanned,
      tradingBarred: row.tradingBarred,
      withdrawalBarred: row.withdrawalBarred,
    },
  };
}

export function selectSummaries(db: Database) {
  return db
    .select(summaryColumns)
    .from(customers)
    .innerJoin(institutions, eq(institutions.id, customers.institutionId));
}
