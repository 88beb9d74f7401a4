import { eq } from 'drizzle-orm';
import type { UserInfoDto } from '../../../contract';
import type { LiveSession } from '../../auth/sessions';
import type { AppContext } from '../../app-context';
import { institutions } from '../../db/schema';
import { balancesOf } from '../../ledger';
import { accountStatesOf } from '../../auth/account-states';
import { avatarDataUrl } from '../service/avatar';

/** The signed-in customer as the "Mine" page shows them, balances derived from the ledger. */
export async function userInfo(context: AppContext, session: LiveSession): Promise<UserInfoDto> {
  const { customer } = session;
  const [institution] = await context.db
    .select({ name: institutions.name })
    .from(institutions)
    .where(eq(institutions.id, customer.institutionId));
  return {
    account: customer.account,
    accountId: customer.accountId,
    kycState: customer.kycState,
    creditScore: customer.creditScore,
    avatar: await avatarDataUrl(context, customer.avatar),
    institution: institution?.name ?? '',
    fundPasswordSet: customer.fundPasswordHash !== null,
    balances: await balancesOf(context.db, customer.id),
    states: accountStatesOf(customer),
    createdAt: customer.createdAt.toISOString(),
  };
}
