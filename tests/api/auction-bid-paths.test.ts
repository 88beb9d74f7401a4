import type { AuctionBidDto, AuctionListDto } from '../../contract/schemas/placement';
import type { AuctionBidContext, AuctionBidEvent } from '../../machines/auction-bid';
import { applyEvent, auctionBidLifecycle, auctionLifecycle } from '../../server/lifecycle';
import type { DatabaseKind } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import type { LifecycleAdapter } from '../support/lifecycle-paths';
import { describeLifecyclePaths, resultOfCall } from '../support/lifecycle-paths';
import { call, expectSuccess } from './api-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import { bid, draftAuction, runClockEvent, runJobsOf } from './placement-helpers';
import type { Trader } from './trade-helpers';
import { newTrader, tradingMarket } from './trade-helpers';
import { FUND } from './withdrawal-helpers';

/**
 * Every path of a sealed bid through the real app on a held clock: an auction of 10 shares opens,
 * the customer bids for 10 at the reserve; the auction's close job decides it: won, or lost when
 * another customer bid higher first and took every share.
 */
interface PathBid {
  id: number;
  auctionId: number;
  trader: Trader;
}

describeLifecyclePaths({
  name: 'auction bid',
  lifecycle: auctionBidLifecycle,
  buildApp: (kind: DatabaseKind) => {
    const m = tradingMarket();
    return buildTestApp(kind, {}, { clock: m.clock, market: m.market });
  },
  adapter: async (t): Promise<LifecycleAdapter<PathBid, AuctionBidContext, AuctionBidEvent>> => {
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    const now = t.app.maru.clock.now().getTime();
    const auctionState = async (id: number) =>
      (await auctionLifecycle.storage.load(t.db as never, id))?.state;
    return {
      async create(events) {
        const auction = await draftAuction(t.app, operator.token, now, { sharesOffered: 10 });
        expectSuccess(
          await staffCall(
            t.app,
            '/offerings/auction/publish',
            { id: auction.id, version: auction.version },
            operator.token,
          ),
        );
        await runJobsOf(t.db, 'auction', auction.id, now);
        const first = events[0];
        if (first?.shares === 0) {
          const higher = await newTrader(t.app, t.db, t.demoCode, 1_000_000);
          expectSuccess(await bid(t.app, higher, { id: auction.id, price: 11_000, shares: 10 }));
        }
        const trader = await newTrader(t.app, t.db, t.demoCode, 1_000_000);
        const placed = expectSuccess<AuctionBidDto>(
          await bid(t.app, trader, {
            id: auction.id,
            price: 10_000,
            shares: 10,
            fundPassword: FUND,
          }),
        );
        return { id: placed.id, auctionId: auction.id, trader };
      },
      async send(b, event) {
        // The result is what the auction's close computes; after it nothing sends one again, so
        // the engine gets it as the system and must refuse it.
        if ((await auctionState(b.auctionId)) === 'inProgress') {
          return runClockEvent(t.db, auctionLifecycle, b.auctionId, { type: 'window.close' });
        }
        return resultOfCall(() =>
          applyEvent(t.db, {
            lifecycle: auctionBidLifecycle,
            id: b.id,
            event,
            actor: { kind: 'system', id: null },
          }),
        );
      },
      actorOf: () => ({ kind: 'system', id: null }),
      contextMatches: (expected, actual) =>
        expected.won === actual.won &&
        (expected.decidedAt === null) === (actual.decidedAt === null),
      async status(b) {
        const list = expectSuccess<AuctionListDto>(
          await call(t.app, '/auction/list', {}, { session: b.trader.session }),
        );
        const row = list.bids.find((r) => r.id === b.id);
        if (!row) throw new Error(`bid ${b.id} is not in the customer's list`);
        return { state: row.state, version: row.version, accepts: row.accepts };
      },
    };
  },
});
