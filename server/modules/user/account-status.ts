import type { AccountStateName, AccountStatusDto } from '../../../contract';
import { ACCOUNT_STATE_NAMES, blockedActions } from '../../../contract';
import { restrictionsOf } from '../../../machines/account';
import type { SessionCustomer } from '../../auth/sessions';

/** The customer's own restrictions with staff's reasons (kept in the account lifecycle's context). */
export function accountStatus(customer: SessionCustomer): AccountStatusDto {
  const inForce = restrictionsOf(customer.accountState);
  const names: AccountStateName[] = ACCOUNT_STATE_NAMES.filter((name) => inForce[name]);
  return {
    restrictions: names.map((name) => ({
      name,
      reason: customer.accountContext.reasons[name] ?? null,
    })),
    blocked: blockedActions(names),
  };
}
