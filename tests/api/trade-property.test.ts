import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { signInNewStaff } from './identity-helpers';
import type { Trader, TradingMarket } from './trade-helpers';
import { newTrader, tradingMarket } from './trade-helpers';
import { tradeOperations } from './trade-property-ops';
import type { TradeWorld } from './trade-property-world';
import { checkTradeWorld, engineTally, newWorld, tradeRefusalTally } from './trade-property-world';

/**
 * A property over random sequences of trading on the real server (one app per database kind) on
 * a simulated market the test moves: a few funded customers place market and limit orders, long
 * and short, in every product but block, with random lots and leverages (some refused); cancel,
 * close (also while locked); the market moves by seconds to twenty minutes (and on to the next
 * opening once it has closed); the engine's sweep and the clock's jobs run; an operator changes
 * products. Every answer is what a plain model predicts (trade-property-ops.ts), and after every
 * step the invariants hold (trade-property-world.ts checkTradeWorld): no leverage beyond what was
 * allowed, no balance below zero, held and pledged money equal to the orders', realised P&L equal
 * to the order's postings, and a clean ledger audit.
 *
 * The market starts at 15:00 Seoul, twenty minutes before the session's end, so runs cross the
 * close (expiries, day-trading settlements) and the next morning (T+1 unlocks) without simulating
 * a whole day. The seed is printed; rerun one with MARU_PROPERTY_SEED. MARU_PROPERTY_RUNS sets the
 * runs, MARU_PROPERTY_STEPS the longest sequence.
 */

const CUSTOMERS = 3;
const FUNDED = 30_000_000;
const SEED = Number(process.env.MARU_PROPERTY_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.MARU_PROPERTY_RUNS ?? 4);
const STEPS = Number(process.env.MARU_PROPERTY_STEPS ?? 15);
/** 2026-11-25 15:00 Seoul (a Wednesday, continuous trading). */
const START = Date.parse('2026-11-25T06:00:00.000Z');

describe.each(databaseKinds)('trading invariants under random orders (%s)', (kind) => {
  let t: TestApp;
  let m: TradingMarket;
  let world: TradeWorld;

  beforeAll(async () => {
    m = tradingMarket({ start: START, seed: `trade-property-${SEED}` });
    t = await buildTestApp(kind, {}, { clock: m.clock, market: m.market });
    const customers: Trader[] = [];
    for (let i = 0; i < CUSTOMERS; i += 1) {
      customers.push(await newTrader(t.app, t.db, t.demoCode, FUNDED));
    }
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    world = newWorld({ t, m, customers, operator }, FUNDED);
    tradeRefusalTally.clear();
    engineTally.clear();
  }, 120_000);
  afterAll(() => t?.close());

  it('keeps every invariant and answers as the model predicts', async () => {
    console.info(
      `trade property test (${kind}): seed ${SEED}, ${RUNS} runs of up to ${STEPS} operations (MARU_PROPERTY_SEED to replay)`,
    );
    const started = Date.now();
    let operations = 0;
    const kinds = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(...tradeOperations(CUSTOMERS)), {
          minLength: Math.min(10, STEPS),
          maxLength: STEPS,
        }),
        async (ops) => {
          for (const [i, op] of ops.entries()) {
            const after = `step ${i + 1} (${op.describe}) of seed ${SEED}`;
            try {
              await op.run(world);
            } catch (error) {
              throw new Error(`${after}: ${String(error)}`, { cause: error });
            }
            await checkTradeWorld(world, after);
            operations += 1;
            const opKind = /^(staff \w+|\w+)/.exec(op.describe)?.[0] ?? op.describe;
            kinds.set(opKind, (kinds.get(opKind) ?? 0) + 1);
          }
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    const states = new Map<string, number>();
    for (const o of world.orders.values()) states.set(o.state, (states.get(o.state) ?? 0) + 1);
    console.info(
      `trade property test (${kind}): ${operations} operations in ${Date.now() - started} ms, market at ${new Date(m.now()).toISOString()}`,
      Object.fromEntries(kinds),
      'orders:',
      Object.fromEntries(states),
      'engine:',
      Object.fromEntries(engineTally),
      'refusals:',
      Object.fromEntries(tradeRefusalTally),
    );
  }, 300_000);
});
