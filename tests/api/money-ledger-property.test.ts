import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdjustmentDto,
  Currency,
  ExchangeDto,
  ExchangeQuoteDto,
  FundCurrency,
} from '../../contract';
import { ACCOUNT_CURRENCIES } from '../../contract';
import { writeSetting } from '../../server/settings';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { call, envelope, expectSuccess } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import type { Operation } from './money-property-fund-ops';
import { fundOrderOperations } from './money-property-fund-ops';
import type { PropertyCustomer, World } from './money-property-world';
import {
  checkWorld,
  customerOf,
  emptyCustomerModel,
  potOf,
  refusalTally,
  refused,
} from './money-property-world';
import { adjust } from './money-helpers';
import { FUND, addWallet, newWithdrawer } from './withdrawal-helpers';

/**
 * A property over random sequences of money operations on the real server (one app per database
 * kind): adjustments, exchanges, deposits (recharge, staff approve or reject, cancel) and
 * withdrawals (cashOut to a card or wallet, four-eyes approval, reject, paid, cancel), with the
 * refusals the rules demand (one open fund order, limits, what is free, another customer's
 * destination, stale versions, decided orders). After every operation the balances (total,
 * available, held, withdrawable) and the open order are what a plain model says, and auditLedger
 * (what `npm run ledger:audit` runs) finds nothing. The seed is printed; rerun one with
 * MARU_PROPERTY_SEED. MARU_PROPERTY_RUNS sets the runs, MARU_PROPERTY_STEPS the longest sequence.
 */

const CUSTOMERS = 2;
const SEED = Number(process.env.MARU_PROPERTY_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.MARU_PROPERTY_RUNS ?? 10);
const STEPS = Number(process.env.MARU_PROPERTY_STEPS ?? 25);
/** Low, so that many withdrawals need two approvers (default 10,000,000 won). */
const FOUR_EYES_ABOVE = 300_000;
/** Each customer's opening balances (minor units): a few withdrawals' worth. */
const OPENING: Record<FundCurrency, number> = { KRW: 3_000_000, USD: 200_000, USDT: 2_000_000_000 };

const customerIndex = fc.nat({ max: CUSTOMERS - 1 });
const currency = fc.constantFrom(...ACCOUNT_CURRENCIES);
/** An amount as a share of the current balance: above 1 asks for more than there is. */
const share = fc.double({ min: 0.01, max: 1.3, noNaN: true });

const propose = (w: World, c: number, cur: Currency, amount: number) =>
  staffCall(
    w.t.app,
    '/ledger/adjust/propose',
    { customerId: customerOf(w, c).id, currency: cur, amount, reason: 'Property test' },
    w.proposer.token,
  );
const decide = (w: World, id: number, approve: boolean) =>
  staffCall(w.t.app, '/ledger/adjust/approve', { id, approve }, w.approver.token);

const MONEY_OPERATIONS: fc.Arbitrary<Operation>[] = [
  // Money in: an approved adjustment (USDT's minor unit is small: more of them).
  fc
    .record({ c: customerIndex, cur: currency, amount: fc.integer({ min: 1, max: 5_000_000 }) })
    .map(({ c, cur, amount }) => ({
      describe: `credit ${c} ${amount} ${cur}`,
      async run(w) {
        const minor = cur === 'USDT' ? amount * 100 : amount;
        const p = expectSuccess<AdjustmentDto>(await propose(w, c, cur, minor));
        expectSuccess(await decide(w, p.id, true));
        potOf(w, c, cur).available += minor;
      },
    })),
  // Money out by adjustment: refused past the available balance (then rejected), else posted.
  fc.record({ c: customerIndex, cur: currency, share }).map(({ c, cur, share: s }) => ({
    describe: `debit ${c} ${s.toFixed(2)} of ${cur}`,
    async run(w) {
      const pot = potOf(w, c, cur);
      const amount = Math.max(1, Math.floor(pot.available * s));
      const p = expectSuccess<AdjustmentDto>(await propose(w, c, cur, -amount));
      if (amount > pot.available) {
        refused(await decide(w, p.id, true), 'money.insufficient');
        expectSuccess(await decide(w, p.id, false));
        return;
      }
      expectSuccess(await decide(w, p.id, true));
      pot.available -= amount;
    },
  })),
  // An exchange of a share of the available balance; a second use of its quote is refused.
  fc
    .record({ c: customerIndex, pair: fc.tuple(currency, currency), share, reuse: fc.boolean() })
    .filter(({ pair: [from, to] }) => from !== to)
    .map(({ c, pair: [from, to], share: s, reuse }) => ({
      describe: `exchange ${c} ${s.toFixed(2)} of ${from} → ${to}${reuse ? ' (twice)' : ''}`,
      async run(w) {
        const { session } = customerOf(w, c);
        const fromPot = potOf(w, c, from);
        const amount = Math.max(1, Math.floor(fromPot.available * s));
        const quoted = await call(
          w.t.app,
          '/user/exchange/quote',
          { from, to, amount },
          { session },
        );
        if (envelope(quoted).code === 'exchange.too_small') return;
        const q = expectSuccess<ExchangeQuoteDto>(quoted);
        const body = { quoteId: q.quoteId, fundPassword: FUND };
        const answer = await call(w.t.app, '/user/exchange', body, { session });
        if (amount > fromPot.available) {
          refused(answer, 'money.insufficient');
          return;
        }
        const done = expectSuccess<ExchangeDto>(answer);
        expect(done.bought.amount).toBe(q.receive);
        fromPot.available -= amount;
        potOf(w, c, to).available += q.receive;
        if (reuse) {
          refused(
            await call(w.t.app, '/user/exchange', body, { session }),
            'exchange.quote_not_found',
          );
        }
      },
    })),
];

const OPERATIONS = [
  ...MONEY_OPERATIONS.map((arbitrary) => ({ arbitrary, weight: 2 })),
  ...fundOrderOperations(CUSTOMERS),
];

describe.each(databaseKinds)('ledger invariants under random money operations (%s)', (kind) => {
  let t: TestApp;
  let world: World;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    const reviewers: [SignedInStaff, SignedInStaff] = [
      await signInNewStaff(t.app, t.db, 'reviewer'),
      await signInNewStaff(t.app, t.db, 'reviewer'),
    ];
    const customers: PropertyCustomer[] = [];
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const withdrawer = await newWithdrawer(t.app, t.db, t.demoCode, reviewers[0]);
      customers.push({ ...withdrawer, wallet: await addWallet(t.app, withdrawer.session) });
    }
    await writeSetting(t.db, 'fund.fourEyesAbove', FOUR_EYES_ABOVE, reviewers[0].id, new Date());
    const proposer = await signInNewStaff(t.app, t.db, 'operator');
    const approver = await signInNewStaff(t.app, t.db, 'operator');
    // Some money to start with, so withdrawals are possible from the first operation.
    for (const customer of customers) {
      for (const [cur, amount] of Object.entries(OPENING)) {
        await adjust(t, { proposer, approver }, customer.id, cur as Currency, amount);
      }
    }
    world = {
      t,
      customers,
      proposer,
      approver,
      reviewers,
      payer: await signInNewStaff(t.app, t.db, 'operator'),
      fourEyesAbove: FOUR_EYES_ABOVE,
      model: customers.map(() => {
        const model = emptyCustomerModel();
        for (const [cur, amount] of Object.entries(OPENING)) {
          model.pots[cur as FundCurrency].available = amount;
        }
        return model;
      }),
    };
  }, 120_000);
  afterAll(() => t.close());

  it('keeps every invariant and the modelled balances and orders', async () => {
    console.info(
      `money property test (${kind}): seed ${SEED}, ${RUNS} runs of up to ${STEPS} operations (MARU_PROPERTY_SEED to replay)`,
    );
    const started = Date.now();
    let operations = 0;
    const kinds = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(...OPERATIONS), { minLength: Math.min(10, STEPS), maxLength: STEPS }),
        async (ops) => {
          for (const [i, op] of ops.entries()) {
            const after = `step ${i + 1} (${op.describe}) of seed ${SEED}`;
            try {
              await op.run(world);
            } catch (error) {
              throw new Error(`${after}: ${String(error)}`, { cause: error });
            }
            await checkWorld(world, after);
            operations += 1;
            const opKind = /^(staff \w+ \w+|\w+)/.exec(op.describe)?.[0] ?? op.describe;
            kinds.set(opKind, (kinds.get(opKind) ?? 0) + 1);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    console.info(
      `money property test (${kind}): ${operations} operations in ${Date.now() - started} ms`,
      Object.fromEntries(kinds),
      'refusals:',
      Object.fromEntries(refusalTally),
    );
  }, 180_000);
});
