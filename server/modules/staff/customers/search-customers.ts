import { and, asc, count, eq, exists, ilike, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../../../db/connect';
import { customers, kycSubmissions } from '../../../db/schema';
import { selectSummaries, toSummary } from './customer-summary';

/** LIKE treats % and _ as wildcards; a search for "a_b" means those characters. */
const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Customers whose account, account ID or submitted real name matches the query. */
export async function searchCustomers(
  db: Database,
  filter: { query?: string; institutionId?: number; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  const query = filter.query?.trim();
  if (query) {
    const pattern = `%${likeEscape(query)}%`;
    const byName = db
      .select({ one: sql`1` })
      .from(kycSubmissions)
      .where(
        and(eq(kycSubmissions.customerId, customers.id), ilike(kycSubmissions.realName, pattern)),
      );
    const match = or(
      ilike(customers.account, pattern),
      eq(customers.accountId, query),
      exists(byName),
    );
    if (match) conditions.push(match);
  }
  if (filter.institutionId !== undefined) {
    conditions.push(eq(customers.institutionId, filter.institutionId));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  const rows = await selectSummaries(db)
    .where(where)
    .orderBy(asc(customers.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return {
    items: rows.map(toSummary),
    page: filter.page,
    pageSize: filter.pageSize,
    total: total?.n ?? 0,
  };
}
