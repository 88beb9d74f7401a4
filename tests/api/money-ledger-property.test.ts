import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdjustmentDto, Currency, ExchangeDto, ExchangeQuoteDto } from '../../contract';
import { ACCOUNT_CURRENCIES } from '../../contract';
import { auditLedger, describeViolation } from '../../server/ledger';
import type { TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import { call, envelope, expectRefusal, expectSuccess } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import type { MoneyCustomer } from './money-helpers';
import { FUND, balanceOf, verifiedCustomer } from './money-helpers';

/**
 * A property over random sequences of money operations on the real server (PGlite, one app):
 * whatever the sequence, every ledger invariant holds afterwards (auditLedger, what
 * `npm run ledger:audit` runs) and every balance is what a plain model of the operations says.
 * The seed is printed; rerun one with MARU_PROPERTY_SEED. MARU_PROPERTY_RUNS sets the runs.
 *
 * Operations are a list (OPERATIONS): each kind has an arbitrary for its parameters and a `run`
 * that calls the API and updates the model. Deposits and withdrawals join the list when they
 * exist on the branch (e.g. deposit → approve | reject | cancel; withdraw → approve → paid).
 */

const CUSTOMERS = 2;
const SEED = Number(process.env.MARU_PROPERTY_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.MARU_PROPERTY_RUNS ?? 6);

type Model = Map<string, number>;
const slot = (customer: number, currency: Currency) => `${customer}:${currency}`;

interface World {
  t: TestApp;
  customers: MoneyCustomer[];
  proposer: SignedInStaff;
  approver: SignedInStaff;
  model: Model;
}

interface Operation {
  describe: string;
  run(world: World): Promise<void>;
}

const customerIndex = fc.nat({ max: CUSTOMERS - 1 });
const currency = fc.constantFrom(...ACCOUNT_CURRENCIES);
/** An amount as a share of the current balance: above 1 asks for more than there is. */
const share = fc.double({ min: 0.01, max: 1.3, noNaN: true });

const propose = (w: World, c: number, cur: Currency, amount: number) =>
  staffCall(
    w.t.app,
    '/ledger/adjust/propose',
    { customerId: w.customers[c]?.id, currency: cur, amount, reason: 'Property test' },
    w.proposer.token,
  );
const decide = (w: World, id: number, approve: boolean) =>
  staffCall(w.t.app, '/ledger/adjust/approve', { id, approve }, w.approver.token);

const OPERATIONS: fc.Arbitrary<Operation>[] = [
  // Money in: an approved adjustment.
  fc
    .record({ c: customerIndex, cur: currency, amount: fc.integer({ min: 1, max: 5_000_000 }) })
    .map(({ c, cur, amount }) => ({
      describe: `credit ${c} ${amount} ${cur}`,
      async run(w) {
        const p = expectSuccess<AdjustmentDto>(await propose(w, c, cur, amount));
        expectSuccess(await decide(w, p.id, true));
        w.model.set(slot(c, cur), (w.model.get(slot(c, cur)) ?? 0) + amount);
      },
    })),
  // Money out by adjustment: refused past the balance (then rejected), else posted.
  fc.record({ c: customerIndex, cur: currency, share }).map(({ c, cur, share: s }) => ({
    describe: `debit ${c} ${s.toFixed(2)} of ${cur}`,
    async run(w) {
      const have = w.model.get(slot(c, cur)) ?? 0;
      const amount = Math.max(1, Math.floor(have * s));
      const p = expectSuccess<AdjustmentDto>(await propose(w, c, cur, -amount));
      if (amount > have) {
        expectRefusal(await decide(w, p.id, true), 'money.insufficient', 400);
        expectSuccess(await decide(w, p.id, false));
        return;
      }
      expectSuccess(await decide(w, p.id, true));
      w.model.set(slot(c, cur), have - amount);
    },
  })),
  // An exchange of a share of the balance; a second use of its quote is always refused.
  fc
    .record({ c: customerIndex, pair: fc.tuple(currency, currency), share, reuse: fc.boolean() })
    .filter(({ pair: [from, to] }) => from !== to)
    .map(({ c, pair: [from, to], share: s, reuse }) => ({
      describe: `exchange ${c} ${s.toFixed(2)} of ${from} → ${to}${reuse ? ' (twice)' : ''}`,
      async run(w) {
        const customer = w.customers[c];
        if (!customer) throw new Error('no customer');
        const { session } = customer;
        const have = w.model.get(slot(c, from)) ?? 0;
        const amount = Math.max(1, Math.floor(have * s));
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
        if (amount > have) {
          expectRefusal(answer, 'money.insufficient', 400);
          return;
        }
        const done = expectSuccess<ExchangeDto>(answer);
        expect(done.bought.amount).toBe(q.receive);
        w.model.set(slot(c, from), have - amount);
        w.model.set(slot(c, to), (w.model.get(slot(c, to)) ?? 0) + q.receive);
        if (reuse) {
          expectRefusal(
            await call(w.t.app, '/user/exchange', body, { session }),
            'exchange.quote_not_found',
            404,
          );
        }
      },
    })),
];

describe('ledger invariants under random money operations (pglite)', () => {
  let t: TestApp;
  let world: Omit<World, 'model'>;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    const reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    const customers: MoneyCustomer[] = [];
    for (let i = 0; i < CUSTOMERS; i += 1) customers.push(await verifiedCustomer(t, reviewer));
    world = {
      t,
      customers,
      proposer: await signInNewStaff(t.app, t.db, 'operator'),
      approver: await signInNewStaff(t.app, t.db, 'operator'),
    };
  }, 120_000);
  afterAll(() => t.close());

  it('keeps every invariant and the modelled balances', async () => {
    console.info(`money property test: seed ${SEED}, ${RUNS} runs (MARU_PROPERTY_SEED to replay)`);
    // Balances carry over between runs, so the model starts from what the ledger says.
    const readModel = async (): Promise<Model> => {
      const model: Model = new Map();
      for (const [c, customer] of world.customers.entries()) {
        for (const cur of ACCOUNT_CURRENCIES) {
          model.set(slot(c, cur), (await balanceOf(t, customer.session, cur)).available);
        }
      }
      return model;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(...OPERATIONS), { minLength: 1, maxLength: 12 }),
        async (ops) => {
          const w: World = { ...world, model: await readModel() };
          for (const op of ops) await op.run(w);
          const violations = await auditLedger(t.db);
          expect(violations.map(describeViolation)).toEqual([]);
          expect(Object.fromEntries(await readModel())).toEqual(Object.fromEntries(w.model));
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  }, 180_000);
});
