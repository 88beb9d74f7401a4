import { runDueJobs } from '../../server/lifecycle';
import type {
  RightsApplicationContext,
  RightsApplicationEvent,
} from '../../machines/rights-application';
import { corporateActionLifecycle, rightsApplicationLifecycle } from '../../server/lifecycle';
import type { LifecycleAdapter } from '../support/lifecycle-paths';
import { describeLifecyclePaths, resultOfAnswer } from '../support/lifecycle-paths';
import { buildTestApp } from '../support/test-app';
import { expectSuccess } from './api-helpers';
import {
  announce,
  applyRights,
  blankReasonUnsendable,
  corporateClockEvent,
  corporateListOf,
  rightsBody,
} from './corporate-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import { newTrader, placed, tradingMarket } from './trade-helpers';
import { FUND } from './withdrawal-helpers';

/**
 * Every path of the rights-application machine through the real app, on a clock the test holds
 * still (2026-11-25 11:00 Seoul): a customer holding 005930 on a rights issue's record date
 * applies for one new share (the issue price held). How the system sends each event:
 * - `rights.pay`, `rights.list`: the jobs the application scheduled (the window's close, the
 *   listing date), run at their due times;
 * - `rights.refuse`: a reviewer's call;
 * - `rights.lapse`: an operator withdraws the issue, which lapses its waiting applications (each
 *   such path applies to an issue of its own). Where the system would not send it (the
 *   application is no longer waiting), it goes to the engine as the system, which must refuse.
 */
interface PathApplication {
  id: number;
  /** The issue applied to: a shared one, or the path's own when it lapses. */
  actionId: number;
}

const SHARED_RATIO = 1_000_000;

describeLifecyclePaths({
  name: 'rights application',
  lifecycle: rightsApplicationLifecycle,
  ...blankReasonUnsendable('rights.refuse'),
  buildApp: (kind) => {
    const m = tradingMarket();
    return buildTestApp(kind, {}, { clock: m.clock, market: m.market });
  },
  adapter: async (
    t,
  ): Promise<
    LifecycleAdapter<PathApplication, RightsApplicationContext, RightsApplicationEvent>
  > => {
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    const reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    const holder = await newTrader(t.app, t.db, t.demoCode, 20_000_000);
    await placed(t.app, holder, { symbol: '005930', lots: 100 });
    const now = t.app.maru.clock.now().getTime();
    /** An issue of one new share per share at 1,000 won, recorded (its record job run). */
    const recordedIssue = async () => {
      const action = await announce(
        t.app,
        operator.token,
        rightsBody(now, { issuePrice: 1_000, ratioPpm: SHARED_RATIO }),
      );
      await runDueJobs(t.db, {
        now: new Date(action.recordAt),
        entity: { type: corporateActionLifecycle.type, id: String(action.id) },
      });
      return action.id;
    };
    const shared = await recordedIssue();
    const versionOf = async (a: PathApplication) =>
      (await rightsApplicationLifecycle.storage.load(t.db as never, a.id))?.version ?? 0;
    const stateOf = async (a: PathApplication) =>
      (await rightsApplicationLifecycle.storage.load(t.db as never, a.id))?.state ?? '';
    return {
      async create(events) {
        const lapses = events.some((e) => e.type === 'rights.lapse');
        const actionId = lapses ? await recordedIssue() : shared;
        const list = expectSuccess<{ applications: { id: number }[] }>(
          await applyRights(t.app, holder, { id: actionId, shares: 1, fundPassword: FUND }),
        );
        return { id: list.applications[0]?.id ?? 0, actionId };
      },
      async send(a, event) {
        switch (event.type) {
          case 'rights.pay':
          case 'rights.list':
            return corporateClockEvent(t.db, rightsApplicationLifecycle, a.id, event);
          case 'rights.refuse':
            return resultOfAnswer(
              await staffCall(
                t.app,
                '/corporate/refuse',
                { id: a.id, version: await versionOf(a), reason: event.reason },
                reviewer.token,
              ),
            );
          case 'rights.lapse': {
            if ((await stateOf(a)) !== 'applied' || a.actionId === shared) {
              return corporateClockEvent(t.db, rightsApplicationLifecycle, a.id, event);
            }
            const version =
              (await corporateActionLifecycle.storage.load(t.db as never, a.actionId))?.version ??
              0;
            return resultOfAnswer(
              await staffCall(
                t.app,
                '/corporate/cancel',
                { id: a.actionId, version, reason: 'The issuer withdrew it' },
                operator.token,
              ),
            );
          }
        }
      },
      actorOf: (event) =>
        event.type === 'rights.refuse'
          ? { kind: 'staff', id: reviewer.id }
          : { kind: 'system', id: null },
      reasonOf: (event) => (event.type === 'rights.refuse' ? event.reason.trim() : null),
      async status(a) {
        const row = (await corporateListOf(t.app, holder)).applications.find((r) => r.id === a.id);
        if (!row) throw new Error(`application ${a.id} is not in the customer's list`);
        return { state: row.state, version: row.version, accepts: row.accepts };
      },
    };
  },
});
