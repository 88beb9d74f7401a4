import type { FastifyInstance } from 'fastify';
import type { OfferingWindowContext, OfferingWindowEvent } from '../../machines/offering-window';
import type { Lifecycle } from '../../server/lifecycle';
import type { DatabaseKind } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import type { LifecycleAdapter, PathEntity } from '../support/lifecycle-paths';
import { describeLifecyclePaths, resultOfAnswer } from '../support/lifecycle-paths';
import { signInNewStaff, staffCall } from './identity-helpers';
import { runClockEvent } from './placement-helpers';
import { tradingMarket } from './trade-helpers';

/**
 * Every path of an offering's window (a placement's or an auction's: one machine,
 * machines/offering-window.ts) through the real app on a clock the test holds. An operator sets up
 * a draft and publishes it with the back office's call; the opening and closing jobs do the rest,
 * since staff have no event that opens or closes a window.
 */
export function describeOfferingWindowPaths(offering: {
  name: string;
  lifecycle: Lifecycle<OfferingWindowContext, OfferingWindowEvent>;
  /** The back office's publish call, e.g. `/offerings/auction/publish`. */
  publishPath: string;
  /** Saves a draft through the back office's call and returns its id. */
  draft(app: FastifyInstance, token: string, now: number): Promise<{ id: number }>;
}): void {
  describeLifecyclePaths({
    name: offering.name,
    lifecycle: offering.lifecycle,
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
        (await offering.lifecycle.storage.load(t.db as never, id))?.version ?? 0;
      return {
        async create() {
          return { id: (await offering.draft(t.app, operator.token, now)).id };
        },
        async send(entity, event) {
          if (event.type === 'offering.publish') {
            return resultOfAnswer(
              await staffCall(
                t.app,
                offering.publishPath,
                { id: entity.id, version: await versionOf(entity.id) },
                operator.token,
              ),
            );
          }
          return runClockEvent(t.db, offering.lifecycle, entity.id, event);
        },
        actorOf: (event) =>
          event.type === 'offering.publish'
            ? { kind: 'staff', id: operator.id }
            : { kind: 'system', id: null },
      };
    },
  });
}
