import type { WithdrawalContext, WithdrawalEvent } from '../../../machines/withdrawal';
import { withdrawalLifecycle as definition } from '../../../machines/withdrawal';
import { withdrawals } from '../../db/schema';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

/** Withdrawals live in their own table (server/db/schema.ts `withdrawals`). */
export const withdrawalLifecycle: Lifecycle<WithdrawalContext, WithdrawalEvent> = {
  type: 'withdrawal',
  definition,
  storage: tableStorage<WithdrawalContext>(withdrawals, {
    id: withdrawals.id,
    state: withdrawals.state,
    context: withdrawals.context,
    version: withdrawals.version,
  }),
  notFound: 'withdrawal.not_found',
  // The service clock starts at creation (server/modules/money/withdrawals.ts), not here.
  clock: {},
};
