import type { SessionDto } from '../../../contract';
import type { LoginRequest } from '../../../contract';
import { accessRefusalOf } from '../../auth/account-states';
import { verifyAgainstDummy, verifyPassword } from '../../auth/passwords';
import { attemptSecret } from '../../auth/secret-attempts';
import { createSession } from '../../auth/sessions';
import type { AppContext } from '../../app-context';
import { ApiRefusal } from '../../http/refusal';
import { accountKey, customerByLoginName } from './find-account';

/**
 * Starts a session. An unknown account, a wrong password and a locked one (too many wrong
 * passwords for the name from this address, or for the name from anywhere) get the same refusal
 * after the same work (an argon2 verify each); the account's state is revealed only to someone
 * who knows its password. Names are matched regardless of case.
 */
export async function login(
  context: AppContext,
  input: LoginRequest,
  source: string,
): Promise<SessionDto> {
  const customer = await customerByLoginName(context.db, input.account);
  const outcome = await attemptSecret(
    context.db,
    { kind: 'customer_password', account: accountKey(input.account), source },
    {
      verify: () =>
        customer
          ? verifyPassword(customer.passwordHash, input.password)
          : verifyAgainstDummy(input.password),
      equalise: () => verifyAgainstDummy(input.password),
    },
  );
  if (!customer || !outcome.ok) throw new ApiRefusal('account.wrong_credentials').keepingWrites();

  const refusal = accessRefusalOf(customer);
  if (refusal !== null) throw new ApiRefusal(refusal);

  const token = await createSession(context.db, customer.id, context.config.sessionTtlMs);
  return { token, account: customer.account };
}
