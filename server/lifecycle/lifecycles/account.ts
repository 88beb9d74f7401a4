import type { AccountContext, AccountEvent } from '../../../machines/account';
import { accountLifecycle as definition } from '../../../machines/account';
import { customers } from '../../db/schema';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

/** The account's restrictions live on the customer row: account_state, _context, _version. */
export const accountLifecycle: Lifecycle<AccountContext, AccountEvent> = {
  type: 'account',
  definition,
  storage: tableStorage<AccountContext>(customers, {
    id: customers.id,
    state: customers.accountState,
    context: customers.accountContext,
    version: customers.accountVersion,
  }),
  notFound: 'account.not_found',
};
