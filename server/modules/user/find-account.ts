import { asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { customers } from '../../db/schema';

/** The key login names are compared and counted by: names are unique regardless of case. */
export const accountKey = (account: string): string => account.toLowerCase();

/**
 * The customer a login name signs in: the account of exactly that name if there is one (an
 * account registered before names were unique regardless of case keeps its exact name), else the
 * one whose name matches regardless of case.
 */
export async function customerByLoginName(db: Database, account: string) {
  const [customer] = await db
    .select()
    .from(customers)
    .where(
      or(eq(customers.account, account), sql`lower(${customers.account}) = ${accountKey(account)}`),
    )
    .orderBy(desc(sql`${customers.account} = ${account}`), asc(customers.id))
    .limit(1);
  return customer ?? null;
}

/** Whether a name is taken, regardless of case (registration). */
export async function loginNameTaken(db: Database, account: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(sql`lower(${customers.account}) = ${accountKey(account)}`)
    .limit(1);
  return row !== undefined;
}
