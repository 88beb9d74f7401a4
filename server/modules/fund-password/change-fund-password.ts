import { eq } from 'drizzle-orm';
import type { FundPasswordChangeRequest } from '../../../contract';
import { hashPassword } from '../../auth/passwords';
import type { Database } from '../../db/connect';
import { customers } from '../../db/schema';
import { verifyFundPassword } from './verify-fund-password';
import { verifiedFundPasswords } from './verified-cache';

/** Changes the fund password; the current one is checked with the attempt limit. */
export async function changeFundPassword(
  db: Database,
  customerId: number,
  input: FundPasswordChangeRequest,
  source: string | null,
): Promise<null> {
  await verifyFundPassword(db, customerId, input.oldFundPassword, {
    field: 'oldFundPassword',
    source,
  });
  const hash = await hashPassword(input.fundPassword);
  await db.update(customers).set({ fundPasswordHash: hash }).where(eq(customers.id, customerId));
  // The old password must take the counted path again at once (its MAC no longer matches anyway).
  verifiedFundPasswords.forget(customerId);
  return null;
}
