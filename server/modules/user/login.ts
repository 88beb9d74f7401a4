import { eq } from 'drizzle-orm';
import type { SessionDto } from '../../../contract';
import type { LoginRequest } from '../../../contract';
import { accessRefusalOf } from '../../auth/account-states';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { createSession } from '../../auth/sessions';
import type { AppContext } from '../../app-context';
import { customers } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';

/**
 * Starts a session. An unknown account and a wrong password get the same refusal after the same
 * work; the account's state is revealed only to someone who knows its password.
 */
export async function login(context: AppContext, input: LoginRequest): Promise<SessionDto> {
  const [customer] = await context.db
    .select()
    .from(customers)
    .where(eq(customers.account, input.account));
  const matches = customer
    ? await verifyPassword(customer.passwordHash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!customer || !matches) throw new ApiRefusal('account.wrong_credentials');

  const refusal = accessRefusalOf(customer);
  if (refusal !== null) throw new ApiRefusal(refusal);

  const token = await createSession(context.db, customer.id, context.config.sessionTtlMs);
  return { token, account: customer.account };
}
