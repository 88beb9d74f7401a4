import { eq } from 'drizzle-orm';
import type { FundPasswordResetRequest } from '../../../contract';
import { normaliseIdNumber } from '../../../contract';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { Database } from '../../db/connect';
import { customers } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { latestSubmission } from '../kyc/status';
import { checkFundSecret } from './attempts';
import { verifiedFundPasswords } from './verified-cache';

/**
 * Replaces a forgotten fund password after re-checking identity: the login password and the ID
 * number on file (so only a verified customer can reset). Wrong answers count against the same
 * limit as wrong fund passwords, so a reset cannot be used to guess.
 */
export async function resetFundPassword(
  db: Database,
  customerId: number,
  input: FundPasswordResetRequest,
  source: string | null,
): Promise<null> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  if (!customer) throw new ApiRefusal('account.not_found', {}, 404);
  if (customer.fundPasswordHash === null) throw new ApiRefusal('fund_password.not_set');
  if (customer.kycState !== 'passed') throw new ApiRefusal('kyc.required');

  await checkFundSecret(
    db,
    customerId,
    source,
    async () => {
      if (!(await verifyPassword(customer.passwordHash, input.password))) return false;
      const onFile = (await latestSubmission(db, customerId))?.idNumber;
      return normaliseIdNumber(input.idNumber) === onFile;
    },
    (attemptsLeft) =>
      new ApiRefusal('fund_password.identity_mismatch', { field: 'password', attemptsLeft }),
  );
  const hash = await hashPassword(input.fundPassword);
  await db.update(customers).set({ fundPasswordHash: hash }).where(eq(customers.id, customerId));
  // The old password must take the counted path again at once (its MAC no longer matches anyway).
  verifiedFundPasswords.forget(customerId);
  return null;
}
