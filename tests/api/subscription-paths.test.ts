import { and, asc, eq } from 'drizzle-orm';
import type { IpoSubscriptionDto } from '../../contract';
import type { SubscriptionContext, SubscriptionEvent } from '../../machines/subscription';
import type { Database } from '../../server/db/connect';
import { ipoOfferings, lifecycleJobs } from '../../server/db/schema';
import { applyEvent, subscriptionLifecycle } from '../../server/lifecycle';
import { runDueJobs } from '../../server/lifecycle/jobs';
import { DRAW_JOB_ENTITY } from '../../server/modules/ipo';
import type { DatabaseKind } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import type { LifecycleAdapter, SendResult } from '../support/lifecycle-paths';
import { describeLifecyclePaths, resultOfAnswer, resultOfCall } from '../support/lifecycle-paths';
import { call, expectSuccess } from './api-helpers';
import { signInNewStaff } from './identity-helpers';
import { act, publishedOffering, subscribed } from './ipo-helpers';
import type { Trader } from './trade-helpers';
import { newTrader, tradingMarket } from './trade-helpers';

/**
 * Every path of the subscription machine through the real app on a clock the test holds still:
 * a customer subscribes to a fresh offering (the deposit is held), the clock's jobs close the
 * window, the draw job allots the shares, the customer pays or waives, the deadline and the
 * listing are the jobs the subscription scheduled, run at their due times.
 *
 * `draw.result` with shares: the offering's draw job, over this one subscription of an offering
 * of exactly those shares (undersubscribed, so it gets what it applied for). A result of 0
 * shares cannot come from a draw of one subscriber, so it is sent to the engine as the system,
 * as the draw job sends it; its money (the deposit released) is the same transition subscriber's.
 * Any other clock event is its pending job run at its due time, or, with none pending, the event
 * sent to the engine as the system, which must refuse it.
 */
interface PathSubscription {
  id: number;
  offeringId: number;
  trader: Trader;
}

const SHARES = 20;

/** Runs the entity's jobs due up to the pending job for `event`; its outcome is the answer. */
async function sendClock(
  db: Database,
  s: PathSubscription,
  event: SubscriptionEvent,
): Promise<SendResult> {
  const entity = { type: subscriptionLifecycle.type, id: String(s.id) };
  const [job] = await db
    .select()
    .from(lifecycleJobs)
    .where(
      and(
        eq(lifecycleJobs.entityType, entity.type),
        eq(lifecycleJobs.entityId, entity.id),
        eq(lifecycleJobs.eventType, event.type),
        eq(lifecycleJobs.status, 'pending'),
      ),
    )
    .orderBy(asc(lifecycleJobs.runAt))
    .limit(1);
  if (!job) {
    return resultOfCall(() =>
      applyEvent(db, {
        lifecycle: subscriptionLifecycle,
        id: s.id,
        event,
        actor: { kind: 'system', id: null },
      }),
    );
  }
  await runDueJobs(db, { now: job.runAt, entity });
  const [ran] = await db.select().from(lifecycleJobs).where(eq(lifecycleJobs.id, job.id));
  if (ran?.status === 'done') return { ok: true };
  return { ok: false, code: ran?.lastError ?? 'job not run', httpStatus: null };
}

/** The subscription's own jobs due by the draw (its drawDate job ends skipped once drawn). */
async function settleDrawJobs(db: Database, s: PathSubscription): Promise<void> {
  const [offering] = await db.select().from(ipoOfferings).where(eq(ipoOfferings.id, s.offeringId));
  if (!offering) throw new Error('no offering');
  await runDueJobs(db, {
    now: offering.drawAt,
    entity: { type: subscriptionLifecycle.type, id: String(s.id) },
  });
  return;
}

async function sendDraw(
  db: Database,
  s: PathSubscription,
  event: Extract<SubscriptionEvent, { type: 'draw.result' }>,
): Promise<SendResult> {
  const loaded = await subscriptionLifecycle.storage.load(db as never, s.id);
  if (loaded?.state === 'awaitingDraw' && event.shares === SHARES) {
    const [offering] = await db
      .select()
      .from(ipoOfferings)
      .where(eq(ipoOfferings.id, s.offeringId));
    if (!offering) throw new Error('no offering');
    await runDueJobs(db, {
      now: offering.drawAt,
      entity: { type: DRAW_JOB_ENTITY, id: String(s.offeringId) },
    });
    await settleDrawJobs(db, s);
    const after = await subscriptionLifecycle.storage.load(db as never, s.id);
    return after?.state === 'won.pendingPayment'
      ? { ok: true }
      : { ok: false, code: `draw left ${after?.state}`, httpStatus: null };
  }
  const result = await resultOfCall(() =>
    applyEvent(db, {
      lifecycle: subscriptionLifecycle,
      id: s.id,
      event,
      actor: { kind: 'system', id: null },
    }),
  );
  if (result.ok) await settleDrawJobs(db, s);
  return result;
}

describeLifecyclePaths({
  name: 'subscription',
  lifecycle: subscriptionLifecycle,
  buildApp: (kind: DatabaseKind) => {
    const m = tradingMarket();
    return buildTestApp(kind, {}, { clock: m.clock, market: m.market });
  },
  adapter: async (
    t,
  ): Promise<LifecycleAdapter<PathSubscription, SubscriptionContext, SubscriptionEvent>> => {
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    return {
      async create() {
        const now = t.app.maru.clock.now().getTime();
        const offering = await publishedOffering(t.app, operator.token, now, {
          sharesOffered: SHARES,
        });
        const trader = await newTrader(t.app, t.db, t.demoCode, 1_000_000);
        const sub = await subscribed(t.app, trader, offering.id, SHARES);
        return { id: sub.id, offeringId: offering.id, trader };
      },
      async send(s, event) {
        switch (event.type) {
          case 'subscription.pay':
            return resultOfAnswer(await act(t.app, s.trader, '/ipo/pay', s.id));
          case 'subscription.waive':
            return resultOfAnswer(await act(t.app, s.trader, '/ipo/waive', s.id));
          case 'draw.result':
            return sendDraw(t.db, s, event);
          default:
            return sendClock(t.db, s, event);
        }
      },
      actorOf: (event, s) =>
        event.type === 'subscription.pay' || event.type === 'subscription.waive'
          ? { kind: 'customer', id: s.trader.id }
          : { kind: 'system', id: null },
      // The draw's time is the job's, not the sample event's.
      contextMatches: (expected, actual) =>
        expected.allotted === actual.allotted &&
        expected.waivedBy === actual.waivedBy &&
        (expected.drawnAt === null) === (actual.drawnAt === null),
      async status(s) {
        const answer = expectSuccess<{ subscription: IpoSubscriptionDto }>(
          await call(t.app, '/ipo/subscription', { id: s.id }, { session: s.trader.session }),
        );
        const { state, version, accepts } = answer.subscription;
        return { state, version, accepts };
      },
    };
  },
});
