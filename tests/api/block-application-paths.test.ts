import type { BlockListDto, BlockOfferingDto } from '../../contract';
import type {
  BlockApplicationContext,
  BlockApplicationEvent,
} from '../../machines/block-application';
import { blockApplicationLifecycle } from '../../server/lifecycle';
import type { DatabaseKind } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import type { LifecycleAdapter } from '../support/lifecycle-paths';
import {
  blankRejectUnsendable,
  describeLifecyclePaths,
  resultOfAnswer,
} from '../support/lifecycle-paths';
import { call, expectSuccess } from './api-helpers';
import { applyBlock, listOffering } from './block-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import type { Trader } from './trade-helpers';
import { newTrader, tradingMarket } from './trade-helpers';
import { FUND } from './withdrawal-helpers';
import { readMessages } from './message-helpers';

/**
 * Every path of the block-application machine through the real app, on a market the test holds
 * still: a customer applies for an operator's offering (the cost is held), a reviewer approves
 * (a position at the offering price) or rejects with a reason (the hold is released).
 */
interface PathApplication {
  id: number;
  trader: Trader;
}

const clocks = new Map<DatabaseKind, ReturnType<typeof tradingMarket>>();

describeLifecyclePaths({
  name: 'block application',
  lifecycle: blockApplicationLifecycle,
  ...blankRejectUnsendable,
  buildApp: (kind) => {
    const m = tradingMarket();
    clocks.set(kind, m);
    return buildTestApp(kind, {}, { clock: m.clock, market: m.market });
  },
  adapter: async (
    t,
  ): Promise<LifecycleAdapter<PathApplication, BlockApplicationContext, BlockApplicationEvent>> => {
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    const reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    const now = t.app.maru.clock.now().getTime();
    const offering: BlockOfferingDto = await listOffering(t.app, operator.token, now, {
      price: 20_000,
      minShares: 10,
    });
    const versionOf = async (a: PathApplication) =>
      (await blockApplicationLifecycle.storage.load(t.db as never, a.id))?.version ?? 0;
    return {
      async create() {
        const trader = await newTrader(t.app, t.db, t.demoCode, 1_000_000);
        const answer = expectSuccess<BlockListDto>(
          await applyBlock(t.app, trader, { id: offering.id, shares: 10, fundPassword: FUND }),
        );
        return { id: answer.applications[0]?.id ?? 0, trader };
      },
      async send(a, event) {
        const version = await versionOf(a);
        return event.type === 'review.approve'
          ? resultOfAnswer(
              await staffCall(t.app, '/block/approve', { id: a.id, version }, reviewer.token),
            )
          : resultOfAnswer(
              await staffCall(
                t.app,
                '/block/reject',
                { id: a.id, version, reason: event.reason },
                reviewer.token,
              ),
            );
      },
      actorOf: () => ({ kind: 'staff', id: reviewer.id }),
      reasonOf: (event) => (event.type === 'review.reject' ? event.reason.trim() : null),
      // Message centre: the customer reads the decision, in each language.
      messages: (a, locale) => readMessages(t.app, a.trader.session, locale),
      async status(a) {
        const list = expectSuccess<BlockListDto>(
          await call(t.app, '/trade/block/list', {}, { session: a.trader.session }),
        );
        const row = list.applications.find((r) => r.id === a.id);
        if (!row) throw new Error(`application ${a.id} is not in the customer's list`);
        return { state: row.state, version: row.version, accepts: row.accepts };
      },
    };
  },
});
