import { eq } from 'drizzle-orm';
import type { AccountStateName, CustomerDetailDto } from '../../../../contract';
import type { Database } from '../../../db/connect';
import { accountStateChanges, customers } from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';
import { customerDetail } from './customer-detail';

/** The column behind each account state staff may set or clear. */
const COLUMNS = {
  frozen: customers.frozen,
  disabled: customers.disabled,
  loginBanned: customers.loginBanned,
  tradingBarred: customers.tradingBarred,
  withdrawalBarred: customers.withdrawalBarred,
} as const satisfies Record<AccountStateName, unknown>;

/**
 * Sets or clears one account state with a reason, recorded beside the change. The state takes
 * effect on the customer's next call (authenticate reads it on every request).
 */
export async function setAccountState(
  db: Database,
  staffId: number,
  input: { customerId: number; state: AccountStateName; value: boolean; reason: string },
): Promise<CustomerDetailDto> {
  if (!(input.state in COLUMNS)) throw new ApiRefusal('request.invalid', { field: 'state' });
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(customers)
      .set({ [input.state]: input.value })
      .where(eq(customers.id, input.customerId))
      .returning({ id: customers.id });
    if (updated.length === 0) {
      throw new ApiRefusal('account.not_found', { field: 'customerId' }, 404);
    }
    await tx.insert(accountStateChanges).values({
      customerId: input.customerId,
      state: input.state,
      value: input.value,
      reason: input.reason.trim(),
      staffId,
    });
  });
  return customerDetail(db, input.customerId);
}
