import type { AccountStateName, CustomerDetailDto } from '../../../../contract';
import { ACCOUNT_EVENTS } from '../../../../machines/account';
import type { Database } from '../../../db/connect';
import { accountLifecycle, applyEvent } from '../../../lifecycle';
import { customerDetail } from './customer-detail';

/**
 * Sets or clears one account state with a reason, through the account lifecycle: the machine
 * refuses setting a state already set (or clearing one not set), the transition record keeps who
 * and why, and the optimistic lock lets only one of two staff acting at once win. The state takes
 * effect on the customer's next call (authenticate reads it on every request).
 */
export async function setAccountState(
  db: Database,
  staffId: number,
  input: {
    customerId: number;
    state: AccountStateName;
    value: boolean;
    reason: string;
    version?: number | null;
  },
  now: Date,
): Promise<CustomerDetailDto> {
  const events = ACCOUNT_EVENTS[input.state];
  const reason = input.reason.trim();
  await applyEvent(db, {
    lifecycle: accountLifecycle,
    id: input.customerId,
    event: { type: input.value ? events.set : events.clear, reason },
    actor: { kind: 'staff', id: staffId },
    reason,
    expectedVersion: input.version ?? null,
    now,
  });
  return customerDetail(db, input.customerId);
}
