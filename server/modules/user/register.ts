import { and, eq } from 'drizzle-orm';
import type { SessionDto } from '../../../contract';
import type { RegisterRequest } from '../../../contract';
import { hashPassword } from '../../auth/passwords';
import { createSession } from '../../auth/sessions';
import type { AppContext } from '../../app-context';
import { isUniqueViolation } from '../../db/errors';
import { customers, institutions } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { openCustomerAccounts } from '../../ledger';
import { newAccountId } from './account-id';
import { loginNameTaken } from './find-account';

/**
 * Opens an account: the customer, their ledger accounts and a first session, in one transaction.
 * The password is hashed before the transaction so no lock is held during the slow hash.
 */
export async function register(context: AppContext, input: RegisterRequest): Promise<SessionDto> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await context.db.transaction(async (tx) => {
      const [institution] = await tx
        .select({ id: institutions.id })
        .from(institutions)
        .where(and(eq(institutions.code, input.code), eq(institutions.active, true)));
      if (!institution) throw new ApiRefusal('account.inviter_unknown', { field: 'code' });

      // Names are unique regardless of case ('IDA…' and 'ida…' are one name).
      if (await loginNameTaken(tx, input.account)) {
        throw new ApiRefusal('account.exists', { field: 'account' });
      }

      const [customer] = await tx
        .insert(customers)
        .values({
          account: input.account,
          accountId: await newAccountId(tx),
          passwordHash,
          institutionId: institution.id,
        })
        .returning({ id: customers.id });
      if (!customer) throw new Error('customer insert returned no row');
      await openCustomerAccounts(tx, customer.id);
      const token = await createSession(tx, customer.id, context.config.sessionTtlMs);
      return { token, account: input.account };
    });
  } catch (error) {
    // Two registrations of one name at once: the second loses on the unique constraint.
    if (
      isUniqueViolation(error, 'customers_account_unique') ||
      isUniqueViolation(error, 'customers_account_lower_unique')
    ) {
      throw new ApiRefusal('account.exists', { field: 'account' });
    }
    throw error;
  }
}
