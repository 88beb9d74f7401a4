import { eq } from 'drizzle-orm';
import { attemptConfirmedSecret } from '../../auth/secret-attempts';
import { verifyPassword } from '../../auth/passwords';
import type { Database } from '../../db/connect';
import { customers } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { checkFundSecret, refuseUnlessOk } from './attempts';
import { verifiedFundPasswords } from './verified-cache';

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
 *
 * The password argon2 confirmed for this customer within the last minutes (verified-cache.ts)
 * is recognised without argon2, under the same locks; anything else, every wrong password
 * included, takes the counted argon2 path.
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
  const source = options.source ?? null;
  const wrong = (attemptsLeft: number) =>
    new ApiRefusal('fund_password.wrong', { field, attemptsLeft });
  if (verifiedFundPasswords.matches(customerId, hash, plain, Date.now())) {
    const outcome = await attemptConfirmedSecret(db, {
      kind: 'fund_password',
      account: String(customerId),
      source,
    });
    refuseUnlessOk(customerId, outcome, wrong);
    return;
  }
  await checkFundSecret(db, customerId, source, () => verifyPassword(hash, plain), wrong);
  verifiedFundPasswords.remember(customerId, hash, plain, Date.now());
}
