import type { DepositContext, DepositEvent } from '../../../machines/deposit';
import { depositLifecycle as definition } from '../../../machines/deposit';
import { deposits } from '../../db/schema';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

/**
 * Deposits live in their own table: state, context, version. No clock rule: a deposit starts in
 * `pending.waiting`, so its overdue job is written by the call that creates it
 * (server/modules/money/deposits/recharge.ts), at `fund.serviceMinutes` after creation.
 */
export const depositLifecycle: Lifecycle<DepositContext, DepositEvent> = {
  type: 'deposit',
  definition,
  storage: tableStorage<DepositContext>(deposits, {
    id: deposits.id,
    state: deposits.depositState,
    context: deposits.depositContext,
    version: deposits.depositVersion,
  }),
  notFound: 'fund_order.not_found',
};
