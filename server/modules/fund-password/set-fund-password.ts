import { and, eq, isNull } from 'drizzle-orm';
import type { FundPasswordSetRequest } from '../../../contract';
import { hashPassword } from '../../auth/passwords';
import type { Database } from '../../db/connect';
import { customers } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { verifiedFundPasswords } from './verified-cache';

/** Sets the fund password the first time; afterwards it is changed or reset, never overwritten. */
export async function setFundPassword(
  db: Database,
  customerId: number,
  input: FundPasswordSetRequest,
): Promise<null> {
  const hash = await hashPassword(input.fundPassword);
  // Conditional on "not set yet", so two tabs setting at once cannot both succeed.
  const updated = await db
    .update(customers)
    .set({ fundPasswordHash: hash })
    .where(and(eq(customers.id, customerId), isNull(customers.fundPasswordHash)))
    .returning({ id: customers.id });
  if (updated.length === 0) throw new ApiRefusal('fund_password.already_set');
  verifiedFundPasswords.forget(customerId);
  return null;
}
