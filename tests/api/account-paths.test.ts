import type { AccountStateName, CustomerDetailDto } from '../../contract';
import { ACCOUNT_STATE_NAMES } from '../../contract';
import { ACCOUNT_EVENTS, accountLifecycle as accountMachine } from '../../machines/account';
import type { AccountContext, AccountEvent } from '../../machines/account';
import { accountLifecycle } from '../../server/lifecycle';
import type { LifecycleAdapter } from '../support/lifecycle-paths';
import { describeLifecyclePaths, resultOfAnswer } from '../support/lifecycle-paths';
import { expectSuccess, registerCustomer } from './api-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import { customerIdOf } from './api-helpers';

/**
 * Every restriction of the account lifecycle (a parallel machine: five regions, off/on) set and
 * cleared by a signed-in operator through the back office's setState call.
 */

/** Which restriction and value an account event sets, from ACCOUNT_EVENTS. */
const MEANING = new Map<string, { state: AccountStateName; value: boolean }>(
  ACCOUNT_STATE_NAMES.flatMap((state) => [
    [ACCOUNT_EVENTS[state].set, { state, value: true }],
    [ACCOUNT_EVENTS[state].clear, { state, value: false }],
  ]),
);

function meaningOf(event: AccountEvent) {
  const meaning = MEANING.get(event.type);
  if (!meaning) throw new Error(`no account state for ${event.type}`);
  return meaning;
}

describeLifecyclePaths({
  name: 'account',
  lifecycle: accountLifecycle,
  // Each event with a blank reason, which the machine refuses (account.reason_required): the API
  // refuses it at validation (request.required) before the machine is asked, so it is declared
  // unsendable here and covered by the machine's unit tests (machines/platform.test.ts).
  extraEvents: accountMachine.sampleEvents.map((event) => ({ ...event, reason: ' ' })),
  sendsAsIs: (event) => event.reason.trim() !== '',
  adapter: async (t): Promise<LifecycleAdapter<{ id: number }, AccountContext, AccountEvent>> => {
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    return {
      async create() {
        const session = await registerCustomer(t.app, t.demoCode);
        const id = await customerIdOf(t.db, session);
        return { id };
      },
      async send(customer, event) {
        const body = { customerId: customer.id, ...meaningOf(event), reason: event.reason };
        return resultOfAnswer(await staffCall(t.app, '/customers/setState', body, operator.token));
      },
      actorOf: () => ({ kind: 'staff', id: operator.id }),
      reasonOf: (event) => event.reason.trim(),
      async status(customer) {
        const detail = expectSuccess<CustomerDetailDto>(
          await staffCall(t.app, '/customers/detail', { customerId: customer.id }, operator.token),
        );
        return detail.accountLifecycle;
      },
    };
  },
});
