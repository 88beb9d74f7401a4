import type { PlacementListDto } from '../../contract/schemas/placement';
import type {
  PlacementApplicationContext,
  PlacementApplicationEvent,
} from '../../machines/placement-application';
import {
  applyEvent,
  placementApplicationLifecycle,
  placementLifecycle,
} from '../../server/lifecycle';
import type { DatabaseKind } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import type { LifecycleAdapter } from '../support/lifecycle-paths';
import { describeLifecyclePaths, resultOfAnswer, resultOfCall } from '../support/lifecycle-paths';
import { call, expectSuccess } from './api-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import {
  applyPlacement,
  draftPlacement,
  payPlacement,
  runClockEvent,
  runJobsOf,
} from './placement-helpers';
import type { Trader } from './trade-helpers';
import { newTrader, tradingMarket } from './trade-helpers';
import { FUND } from './withdrawal-helpers';

/**
 * Every path of the placement-application machine through the real app on a clock the test
 * holds: staff publish a placement of 10 shares (one tier: 50 % of what is applied for), the clock
 * opens it, a customer applies for 20; the window's close job allots (10 shares, or none when
 * another customer applied first and took them all); the customer pays up, or the payment
 * deadline's job cancels the allotment.
 */
interface PathApplication {
  id: number;
  placementId: number;
  trader: Trader;
}

describeLifecyclePaths({
  name: 'placement application',
  lifecycle: placementApplicationLifecycle,
  buildApp: (kind: DatabaseKind) => {
    const m = tradingMarket();
    return buildTestApp(kind, {}, { clock: m.clock, market: m.market });
  },
  adapter: async (
    t,
  ): Promise<
    LifecycleAdapter<PathApplication, PlacementApplicationContext, PlacementApplicationEvent>
  > => {
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    const now = t.app.maru.clock.now().getTime();
    const placementState = async (id: number) =>
      (await placementLifecycle.storage.load(t.db as never, id))?.state;
    return {
      async create(events) {
        const placement = await draftPlacement(t.app, operator.token, now, {
          sharesOffered: 10,
          tiers: [{ minShares: 10, allotPct: 50 }],
        });
        expectSuccess(
          await staffCall(
            t.app,
            '/offerings/placement/publish',
            { id: placement.id, version: placement.version },
            operator.token,
          ),
        );
        await runJobsOf(t.db, 'placement', placement.id, now);
        const first = events.find((e) => e.type === 'allotment');
        if (first?.type === 'allotment' && first.shares === 0) {
          // Someone earlier takes every share: this application is allotted none.
          const earlier = await newTrader(t.app, t.db, t.demoCode, 1_000_000);
          expectSuccess(await applyPlacement(t.app, earlier, { id: placement.id, shares: 20 }));
        }
        const trader = await newTrader(t.app, t.db, t.demoCode, 1_000_000);
        const applied = expectSuccess<{ id: number }>(
          await applyPlacement(t.app, trader, { id: placement.id, shares: 20, fundPassword: FUND }),
        );
        return { id: applied.id, placementId: placement.id, trader };
      },
      async send(a, event) {
        if (event.type === 'allotment') {
          // The allotment is what the placement's close computes; once it has closed, nothing
          // sends one again, so the engine gets it as the system and must refuse it.
          if ((await placementState(a.placementId)) === 'inProgress') {
            return runClockEvent(t.db, placementLifecycle, a.placementId, {
              type: 'window.close',
            });
          }
          return resultOfCall(() =>
            applyEvent(t.db, {
              lifecycle: placementApplicationLifecycle,
              id: a.id,
              event,
              actor: { kind: 'system', id: null },
            }),
          );
        }
        if (event.type === 'placement.pay') {
          return resultOfAnswer(await payPlacement(t.app, a.trader, a.id));
        }
        return runClockEvent(t.db, placementApplicationLifecycle, a.id, event);
      },
      actorOf: (event, a) =>
        event.type === 'placement.pay'
          ? { kind: 'customer', id: a.trader.id }
          : { kind: 'system', id: null },
      // The close stamps its own time; what matters is the shares.
      contextMatches: (expected, actual) =>
        expected.allotted === actual.allotted &&
        (expected.allottedAt === null) === (actual.allottedAt === null),
      async status(a) {
        const list = expectSuccess<PlacementListDto>(
          await call(t.app, '/placement/list', {}, { session: a.trader.session }),
        );
        const row = list.applications.find((r) => r.id === a.id);
        if (!row) throw new Error(`application ${a.id} is not in the customer's list`);
        return { state: row.state, version: row.version, accepts: row.accepts };
      },
    };
  },
});
