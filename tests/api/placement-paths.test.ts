import type { OfferingWindowContext, OfferingWindowEvent } from '../../machines/offering-window';
import { placementLifecycle } from '../../server/lifecycle';
import type { DatabaseKind } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import type { LifecycleAdapter, PathEntity } from '../support/lifecycle-paths';
import { describeLifecyclePaths, resultOfAnswer } from '../support/lifecycle-paths';
import { signInNewStaff, staffCall } from './identity-helpers';
import { draftPlacement, runClockEvent } from './placement-helpers';
import { tradingMarket } from './trade-helpers';

/**
 * Every path of a placement's window through the real app on a clock the test holds: an operator
 * sets up a draft and publishes it (`/offerings/placement/publish`, the back office's call); its
 * opening job opens it to applications and its closing job closes it (and allots). Staff have no
 * event that opens, closes or allots a window: only its jobs do.
 */
describeLifecyclePaths({
  name: 'placement',
  lifecycle: placementLifecycle,
  buildApp: (kind: DatabaseKind) => {
    const m = tradingMarket();
    return buildTestApp(kind, {}, { clock: m.clock, market: m.market });
  },
  adapter: async (
    t,
  ): Promise<LifecycleAdapter<PathEntity, OfferingWindowContext, OfferingWindowEvent>> => {
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    const now = t.app.maru.clock.now().getTime();
    const versionOf = async (id: number) =>
      (await placementLifecycle.storage.load(t.db as never, id))?.version ?? 0;
    return {
      async create() {
        const placement = await draftPlacement(t.app, operator.token, now);
        return { id: placement.id };
      },
      async send(p, event) {
        if (event.type === 'offering.publish') {
          return resultOfAnswer(
            await staffCall(
              t.app,
              '/offerings/placement/publish',
              { id: p.id, version: await versionOf(p.id) },
              operator.token,
            ),
          );
        }
        return runClockEvent(t.db, placementLifecycle, p.id, event);
      },
      actorOf: (event) =>
        event.type === 'offering.publish'
          ? { kind: 'staff', id: operator.id }
          : { kind: 'system', id: null },
    };
  },
});
