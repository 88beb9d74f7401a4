import { eq } from 'drizzle-orm';
import { verifyPassword } from '../../auth/passwords';
import type { Database } from '../../db/connect';
import { customers } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { checkFundSecret } from './attempts';

export interface VerifyFundPasswordOptions {
  /** The request field the fund password came in, named by the refusal. */
  field?: string;
  /** The client's address (request.ip), counted per source; null: not counted per source. */
  source?: string | null;
}

/**
 * Checks a customer's fund password with the attempt limit; money-moving calls (withdrawals)
 * call this before anything else. Throws the coded refusal; returns when it matches. The attempt
 * is counted before the comparison, so parallel guesses cannot outrun the lock.
 */
export async function verifyFundPassword(
  db: Database,
  customerId: number,
  plain: string,
  options: VerifyFundPasswordOptions = {},
): Promise<void> {
  const [customer] = await db
    .select({ hash: customers.fundPasswordHash })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!customer) throw new ApiRefusal('account.not_found', {}, 404);
  const hash = customer.hash;
  if (hash === null) throw new ApiRefusal('fund_password.not_set');
  const field = options.field ?? 'fundPassword';
  await checkFundSecret(
    db,
    customerId,
    options.source ?? null,
    () => verifyPassword(hash, plain),
    (attemptsLeft) => new ApiRefusal('fund_password.wrong', { field, attemptsLeft }),
  );
}
