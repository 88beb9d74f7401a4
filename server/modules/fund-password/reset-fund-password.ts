import { eq } from 'drizzle-orm';
import type { FundPasswordResetRequest } from '../../../contract';
import { normaliseIdNumber } from '../../../contract';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { Database } from '../../db/connect';
import { customers } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { latestSubmission } from '../kyc/status';
import { assertNotLocked, recordFailure } from './attempts';

/**
 * Replaces a forgotten fund password after re-checking identity: the login password and the ID
 * number on file (so only a verified customer can reset). Wrong answers count against the same
 * limit as wrong fund passwords, so a reset cannot be used to guess.
 */
export async function resetFundPassword(
  db: Database,
  customerId: number,
  input: FundPasswordResetRequest,
): Promise<null> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new ApiRefusal('account.not_found', {}, 404);
  if (customer.fundPasswordHash === null) throw new ApiRefusal('fund_password.not_set');
  if (customer.kycState !== 'passed') throw new ApiRefusal('kyc.required');
  assertNotLocked(customer);

  let matches = await verifyPassword(customer.passwordHash, input.password);
  if (matches) {
    const onFile = (await latestSubmission(db, customerId))?.idNumber;
    matches = normaliseIdNumber(input.idNumber) === onFile;
  }
  if (!matches) {
    const refusal = await recordFailure(db, customer, 'password');
    throw refusal.code === 'fund_password.locked'
      ? refusal
      : new ApiRefusal('fund_password.identity_mismatch', refusal.params).keepingWrites();
  }
  const hash = await hashPassword(input.fundPassword);
  await db
    .update(customers)
    .set({ fundPasswordHash: hash, fundPasswordFailures: 0, fundPasswordLockedUntil: null })
    .where(eq(customers.id, customerId));
  return null;
}
