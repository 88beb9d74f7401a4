import type { WithdrawalContext, WithdrawalEvent } from '../../../machines/withdrawal';
import { withdrawalLifecycle as definition } from '../../../machines/withdrawal';
import { withdrawals } from '../../db/schema';
import { readSetting } from '../../settings';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

const MINUTE_MS = 60 * 1000;

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
  clock: {
    /**
     * A withdrawal still waiting for staff after the service time (setting
     * `fund.serviceMinutes`, read when it is asked for) is flagged overdue.
     */
    serviceDeadline: async (tx, { now }) =>
      new Date(now.getTime() + (await readSetting(tx, 'fund.serviceMinutes')) * MINUTE_MS),
  },
};
