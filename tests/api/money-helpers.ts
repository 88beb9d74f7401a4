import type { AdjustmentDto, BalanceRowDto, Currency } from '../../contract';
import type { TestApp } from '../support/test-app';
import type { Session } from './api-helpers';
import { call, customerIdOf, expectSuccess, registerCustomer } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { staffCall, submitKyc } from './identity-helpers';

/** Money test helpers: a verified customer with a fund password, money in by adjustment. */

export const FUND = '135790';

export interface MoneyCustomer {
  session: Session;
  id: number;
}

/** Registered, verified as 홍길동 by `reviewer`, fund password FUND. */
export async function verifiedCustomer(
  t: TestApp,
  reviewer: SignedInStaff,
): Promise<MoneyCustomer> {
  const session = await registerCustomer(t.app, t.demoCode);
  expectSuccess((await submitKyc(t.app, session)).response);
  const id = await customerIdOf(t.db, session);
  expectSuccess(await staffCall(t.app, '/kyc/approve', { customerId: id }, reviewer.token));
  expectSuccess(
    await call(
      t.app,
      '/user/fundPassword/set',
      { fundPassword: FUND, confirmFundPassword: FUND },
      { session },
    ),
  );
  return { session, id };
}

/** A manual adjustment proposed by one operator and approved by another. */
export async function adjust(
  t: TestApp,
  staff: { proposer: SignedInStaff; approver: SignedInStaff },
  customerId: number,
  currency: Currency,
  amount: number,
  reason = 'Test funding',
): Promise<AdjustmentDto> {
  const proposed = expectSuccess<AdjustmentDto>(
    await staffCall(
      t.app,
      '/ledger/adjust/propose',
      { customerId, currency, amount, reason },
      staff.proposer.token,
    ),
  );
  return expectSuccess<AdjustmentDto>(
    await staffCall(
      t.app,
      '/ledger/adjust/approve',
      { id: proposed.id, approve: true },
      staff.approver.token,
    ),
  );
}

export async function balanceOf(
  t: TestApp,
  session: Session,
  currency: Currency,
): Promise<BalanceRowDto> {
  const rows = expectSuccess<BalanceRowDto[]>(await call(t.app, '/user/balances', {}, { session }));
  const row = rows.find((r) => r.currency === currency);
  if (!row) throw new Error(`no ${currency} balance`);
  return row;
}
