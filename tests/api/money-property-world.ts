import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type {
  BalanceRowDto,
  CashOutInfoDto,
  Currency,
  ErrorCode,
  FundCurrency,
  WalletDto,
} from '../../contract';
import { FUND_CURRENCIES } from '../../contract';
import { httpStatusOf } from '../../server/http/refusal';
import { auditLedger, describeViolation } from '../../server/ledger';
import type { TestApp } from '../support/test-app';
import { call, envelope, expectRefusal, expectSuccess } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import type { Withdrawer } from './withdrawal-helpers';

/**
 * The world of the money property test (money-ledger-property.test.ts): the app, its customers
 * and staff, and a plain model of what each customer owns and which fund order is open. The model
 * persists across the property's runs (fast-check runs them one after another, and
 * `endOnFailure` stops at the first failure), so it is also checked across runs.
 */

/** A deposit or withdrawal as the model sees it. */
export interface ModelOrder {
  kind: 'deposit' | 'withdrawal';
  id: number;
  currency: FundCurrency;
  amount: number;
  version: number;
  /** Open while pending or approved (a withdrawal only); closed once final. */
  state: 'pending' | 'approved' | 'closed';
  /** Staff (by index in World.reviewers) who approved a four-eyes withdrawal so far. */
  approvers: number[];
}

export interface Pot {
  available: number;
  held: number;
}

export interface CustomerModel {
  pots: Record<FundCurrency, Pot>;
  /** The one fund order that may be open (product rule: one fund operation at a time). */
  open: ModelOrder | null;
  /** The latest order of each kind, kept after it closes so decisions on it can be refused. */
  last: { deposit: ModelOrder | null; withdrawal: ModelOrder | null };
}

export interface PropertyCustomer extends Withdrawer {
  wallet: WalletDto;
}

export interface World {
  t: TestApp;
  customers: PropertyCustomer[];
  /** Adjustments: one proposes, the other approves. */
  proposer: SignedInStaff;
  approver: SignedInStaff;
  /** Two reviewers, so a four-eyes withdrawal can be approved by two different members. */
  reviewers: [SignedInStaff, SignedInStaff];
  /** Records payouts (`/withdrawals/paid`). */
  payer: SignedInStaff;
  /** `fund.fourEyesAbove` as set for the test, in won. */
  fourEyesAbove: number;
  model: CustomerModel[];
}

export const emptyCustomerModel = (): CustomerModel => ({
  pots: {
    KRW: { available: 0, held: 0 },
    USD: { available: 0, held: 0 },
    USDT: { available: 0, held: 0 },
  },
  open: null,
  last: { deposit: null, withdrawal: null },
});

/** Any account currency the adjustments and exchanges work on is a fund currency too. */
export function potOf(w: World, c: number, currency: Currency): Pot {
  const pot = w.model[c]?.pots[currency as FundCurrency];
  if (!pot) throw new Error(`no pot ${c}:${currency}`);
  return pot;
}

export function customerOf(w: World, c: number): PropertyCustomer {
  const customer = w.customers[c];
  if (!customer) throw new Error(`no customer ${c}`);
  return customer;
}

export function modelOf(w: World, c: number): CustomerModel {
  const model = w.model[c];
  if (!model) throw new Error(`no model ${c}`);
  return model;
}

/** How often each refusal was predicted and seen, for the run's summary. */
export const refusalTally = new Map<ErrorCode, number>();

/** A refusal with the code and the HTTP status the server gives that code. */
export function refused(response: LightMyRequestResponse, code: ErrorCode, field?: string) {
  const body = expectRefusal(response, code, httpStatusOf(code), field);
  refusalTally.set(code, (refusalTally.get(code) ?? 0) + 1);
  return body;
}

/** Whether the answer is a refusal with this code (for the rare outcomes the model leaves open). */
export const isRefusal = (response: LightMyRequestResponse, code: ErrorCode) =>
  envelope(response).code === code;

/**
 * After every operation: each customer's balances (total, available, held, withdrawable) and
 * open fund order are what the model says, and the ledger audit (what `npm run ledger:audit`
 * runs) finds nothing.
 */
export async function checkWorld(w: World, after: string): Promise<void> {
  for (const [c, customer] of w.customers.entries()) {
    const model = modelOf(w, c);
    const rows = expectSuccess<BalanceRowDto[]>(
      await call(w.t.app, '/user/balances', {}, { session: customer.session }),
    );
    const actual = Object.fromEntries(
      FUND_CURRENCIES.map((cur) => [cur, rows.find((r) => r.currency === cur)]),
    );
    const expected = Object.fromEntries(
      FUND_CURRENCIES.map((cur) => {
        const { available, held } = model.pots[cur];
        return [
          cur,
          { currency: cur, total: available + held, available, held, withdrawable: available },
        ];
      }),
    );
    expect(actual, `balances of customer ${c} after ${after}`).toEqual(expected);
    const info = expectSuccess<CashOutInfoDto>(
      await call(w.t.app, '/user/cashOut/info', { currency: 'KRW' }, { session: customer.session }),
    );
    expect(info.pendingOrderId, `open order of customer ${c} after ${after}`).toBe(
      model.open?.id ?? null,
    );
  }
  const violations = await auditLedger(w.t.db);
  expect(violations.map(describeViolation), `ledger audit after ${after}`).toEqual([]);
}
