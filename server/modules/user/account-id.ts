import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { customers } from '../../db/schema';

/**
 * A fresh public account number: 8 digits, not starting with 0, random so that it reveals neither
 * the login name nor how many customers there are.
 */
export async function newAccountId(db: Database): Promise<string> {
  for (;;) {
    const candidate = String(randomInt(10_000_000, 100_000_000));
    const [taken] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.accountId, candidate));
    if (!taken) return candidate;
  }
}
