import { eq } from 'drizzle-orm';
import { verifyPassword } from '../../auth/passwords';
import type { Database } from '../../db/connect';
import { customers } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { assertNotLocked, recordFailure } from './attempts';

/**
 * Checks a customer's fund password with the attempt limit; money-moving calls (withdrawals)
 * call this before anything else. Throws the coded refusal; returns when it matches.
 */
export async function verifyFundPassword(
  db: Database,
  customerId: number,
  plain: string,
  field = 'fundPassword',
): Promise<void> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new ApiRefusal('account.not_found', {}, 404);
  if (customer.fundPasswordHash === null) throw new ApiRefusal('fund_password.not_set');
  assertNotLocked(customer);
  if (!(await verifyPassword(customer.fundPasswordHash, plain))) {
    throw await recordFailure(db, customer, field);
  }
  if (customer.fundPasswordFailures > 0) {
    await db.update(customers).set({ fundPasswordFailures: 0 }).where(eq(customers.id, customerId));
  }
}
