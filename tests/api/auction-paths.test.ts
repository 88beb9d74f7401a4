import type { OfferingWindowContext, OfferingWindowEvent } from '../../machines/offering-window';
import { auctionLifecycle } from '../../server/lifecycle';
import type { DatabaseKind } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import type { LifecycleAdapter, PathEntity } from '../support/lifecycle-paths';
import { describeLifecyclePaths, resultOfAnswer } from '../support/lifecycle-paths';
import { signInNewStaff, staffCall } from './identity-helpers';
import { draftAuction, runClockEvent } from './placement-helpers';
import { tradingMarket } from './trade-helpers';

/**
 * Every path of an auction's window through the real app on a clock the test holds: an operator
 * sets up a draft and publishes it (to be auctioned); its opening job starts it (in progress) and
 * its closing job ends it. Staff have no event that picks winners.
 */
describeLifecyclePaths({
  name: 'auction',
  lifecycle: auctionLifecycle,
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
      (await auctionLifecycle.storage.load(t.db as never, id))?.version ?? 0;
    return {
      async create() {
        const auction = await draftAuction(t.app, operator.token, now);
        return { id: auction.id };
      },
      async send(a, event) {
        if (event.type === 'offering.publish') {
          return resultOfAnswer(
            await staffCall(
              t.app,
              '/offerings/auction/publish',
              { id: a.id, version: await versionOf(a.id) },
              operator.token,
            ),
          );
        }
        return runClockEvent(t.db, auctionLifecycle, a.id, event);
      },
      actorOf: (event) =>
        event.type === 'offering.publish'
          ? { kind: 'staff', id: operator.id }
          : { kind: 'system', id: null },
    };
  },
});
