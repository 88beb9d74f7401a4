import type { CorporateActionDto } from '../../contract';
import type { CorporateActionContext, CorporateActionEvent } from '../../machines/corporate-action';
import { corporateActionLifecycle } from '../../server/lifecycle';
import type { LifecycleAdapter } from '../support/lifecycle-paths';
import { describeLifecyclePaths, resultOfAnswer } from '../support/lifecycle-paths';
import { buildTestApp } from '../support/test-app';
import { expectSuccess } from './api-helpers';
import {
  announce,
  blankReasonUnsendable,
  corporateClockEvent,
  dividendBody,
  rightsBody,
} from './corporate-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import { newTrader, placed, tradingMarket } from './trade-helpers';

/**
 * Every path of the corporate-action machine through the real app, on a clock the test holds
 * still (2026-11-25 11:00 Seoul): an operator announces a dividend or a rights issue on a symbol a
 * customer holds; the record and payment dates are the jobs the action scheduled, run at their
 * due times; staff cancel with a reason. A dividend takes `corporate.pay`, a rights issue
 * `corporate.end`: each entity is made of the kind whose event the path sends first after its
 * record date (the other kind refuses it with corporate.wrong_kind, outside the machine).
 */
interface PathAction {
  id: number;
}

/** The kind the path needs: the first of pay/end sent after a record decides. */
function kindFor(events: readonly CorporateActionEvent[]): 'dividend' | 'rights' {
  const recorded = events.findIndex((e) => e.type === 'corporate.record');
  const after = recorded === -1 ? [] : events.slice(recorded + 1);
  const first = after.find((e) => e.type === 'corporate.pay' || e.type === 'corporate.end');
  return first?.type === 'corporate.end' ? 'rights' : 'dividend';
}

describeLifecyclePaths({
  name: 'corporate action',
  lifecycle: corporateActionLifecycle,
  ...blankReasonUnsendable('corporate.cancel'),
  buildApp: (kind) => {
    const m = tradingMarket();
    return buildTestApp(kind, {}, { clock: m.clock, market: m.market });
  },
  adapter: async (
    t,
  ): Promise<LifecycleAdapter<PathAction, CorporateActionContext, CorporateActionEvent>> => {
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    const holder = await newTrader(t.app, t.db, t.demoCode, 5_000_000);
    await placed(t.app, holder, { symbol: '005930', lots: 10 });
    const now = t.app.maru.clock.now().getTime();
    const view = async (a: PathAction) => {
      const calendar = expectSuccess<{ items: CorporateActionDto[] }>(
        await staffCall(t.app, '/corporate/calendar', { pageSize: 100 }, operator.token),
      );
      const row = calendar.items.find((item) => item.id === a.id);
      if (!row) throw new Error(`action ${a.id} is not in the calendar`);
      return row;
    };
    return {
      async create(events) {
        const body = kindFor(events) === 'rights' ? rightsBody(now) : dividendBody(now);
        return { id: (await announce(t.app, operator.token, body)).id };
      },
      async send(a, event) {
        if (event.type !== 'corporate.cancel') {
          return corporateClockEvent(t.db, corporateActionLifecycle, a.id, event);
        }
        // The version from storage: a staff read is audited, a write the probe would count.
        const version =
          (await corporateActionLifecycle.storage.load(t.db as never, a.id))?.version ?? 0;
        return resultOfAnswer(
          await staffCall(
            t.app,
            '/corporate/cancel',
            { id: a.id, version, reason: event.reason },
            operator.token,
          ),
        );
      },
      actorOf: (event) =>
        event.type === 'corporate.cancel'
          ? { kind: 'staff', id: operator.id }
          : { kind: 'system', id: null },
      reasonOf: (event) => (event.type === 'corporate.cancel' ? event.reason.trim() : null),
      async status(a) {
        const row = await view(a);
        return { state: row.state, version: row.version, accepts: row.accepts };
      },
    };
  },
});
