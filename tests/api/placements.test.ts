import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeOrderDto } from '../../contract';
import { openingCosts } from '../../contract';
import type {
  AuctionBidDto,
  AuctionListDto,
  PlacementApplicationDto,
  PlacementListDto,
} from '../../contract/schemas/placement';
import { auditLog } from '../../server/db/schema';
import { auditLedger } from '../../server/ledger';
import { auctionLifecycle, placementLifecycle } from '../../server/lifecycle';
import { auctionRecordsPage } from '../../server/modules/auction';
import { placementRecordsPage } from '../../server/modules/placement';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { call, expectRefusal, expectSuccess } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import type { StaffAuction, StaffPlacement } from './placement-helpers';
import {
  HOUR,
  applyPlacement,
  bid,
  draftAuction,
  draftPlacement,
  payPlacement,
  runClockEvent,
  runJobsOf,
} from './placement-helpers';
import type { Trader, TradingMarket } from './trade-helpers';
import { newTrader, orderOf, tradingMarket } from './trade-helpers';
import { FUND } from './withdrawal-helpers';

/**
 * Placements and auctions through the real app (docs/placements.md): staff set-up (drafts,
 * edits, publishing, all audited), the customer's refusals, the deposit held and released, the
 * allotment by tiers, paying up into a position, and the auction's winners by price then time.
 */
const START = 10_000_000;
/** The block product's commission (0.015 %) on a long bought outright. */
const costOf = (price: number, shares: number) =>
  openingCosts({ price, shares, leverage: 1, side: 'long', commissionPpm: 150, taxPpm: 2_000 })
    .total;

describe('placements and auctions', () => {
  let t: TestApp;
  let m: TradingMarket;
  let operator: SignedInStaff;
  let a: Trader;
  let b: Trader;
  let c: Trader;

  const balances = async (who: Trader) => {
    const rows = expectSuccess<{ currency: string; available: number; held: number }[]>(
      await call(t.app, '/user/balances', {}, { session: who.session }),
    );
    const krw = rows.find((r) => r.currency === 'KRW');
    return { available: krw?.available ?? 0, held: krw?.held ?? 0 };
  };
  const placementsOf = async (who: Trader) =>
    expectSuccess<PlacementListDto>(
      await call(t.app, '/placement/list', {}, { session: who.session }),
    );
  const auctionsOf = async (who: Trader) =>
    expectSuccess<AuctionListDto>(await call(t.app, '/auction/list', {}, { session: who.session }));
  const publish = async (kind: 'placement' | 'auction', row: StaffPlacement | StaffAuction) =>
    staffCall(
      t.app,
      `/offerings/${kind}/publish`,
      { id: row.id, version: row.version },
      operator.token,
    );
  /** A published placement the clock has opened. */
  const openPlacement = async (fields: Record<string, unknown> = {}) => {
    const row = await draftPlacement(t.app, operator.token, m.now(), fields);
    expectSuccess(await publish('placement', row));
    await runJobsOf(t.db, 'placement', row.id, m.now());
    return row;
  };
  const openAuction = async (fields: Record<string, unknown> = {}) => {
    const row = await draftAuction(t.app, operator.token, m.now(), fields);
    expectSuccess(await publish('auction', row));
    await runJobsOf(t.db, 'auction', row.id, m.now());
    return row;
  };

  beforeAll(async () => {
    m = tradingMarket();
    t = await buildTestApp('pglite', {}, { clock: m.clock, market: m.market });
    operator = await signInNewStaff(t.app, t.db, 'operator');
    a = await newTrader(t.app, t.db, t.demoCode, START);
    b = await newTrader(t.app, t.db, t.demoCode, START);
    c = await newTrader(t.app, t.db, t.demoCode, START);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows the seeded demo placement and auction, published and opened by the clock', async () => {
    const before = await placementsOf(a);
    const demo = before.placements.find((p) => p.demo);
    expect(demo?.state).toBe('toBeAuctioned');
    expect(demo?.minShares).toBe(10);
    const auction = (await auctionsOf(a)).auctions.find((x) => x.demo);
    expect(auction?.state).toBe('toBeAuctioned');
    await runJobsOf(t.db, 'placement', demo?.id ?? 0, m.now());
    await runJobsOf(t.db, 'auction', auction?.id ?? 0, m.now());
    expect((await placementsOf(a)).placements.find((p) => p.demo)?.state).toBe('inProgress');
    expect((await auctionsOf(a)).auctions.find((x) => x.demo)?.state).toBe('inProgress');
  });

  it('keeps drafts from customers; edits only a draft at the version seen; audits every action', async () => {
    const draft = await draftPlacement(t.app, operator.token, m.now(), { price: 12_000 });
    expect(draft.state).toBe('draft');
    expect((await placementsOf(a)).placements.map((p) => p.id)).not.toContain(draft.id);
    const edited = expectSuccess<{ placements: StaffPlacement[] }>(
      await staffCall(
        t.app,
        '/offerings/placement/save',
        {
          id: draft.id,
          version: draft.version,
          symbol: '000660',
          price: 13_000,
          sharesOffered: 500,
          tiers: [
            { minShares: 50, allotPct: 100 },
            { minShares: 5, allotPct: 40 },
          ],
          depositPct: 20,
          paymentHours: 24,
          opensAt: new Date(m.now() + HOUR).toISOString(),
          closesAt: new Date(m.now() + 2 * HOUR).toISOString(),
        },
        operator.token,
      ),
    ).placements.find((p) => p.id === draft.id);
    expect(edited).toMatchObject({ symbol: '000660', price: 13_000, minShares: 5 });
    expect(edited?.tiers).toEqual([
      { minShares: 5, allotPct: 40 },
      { minShares: 50, allotPct: 100 },
    ]);
    expectRefusal(
      await publish('placement', { ...draft, version: draft.version + 1 }),
      'lifecycle.conflict',
      409,
    );
    expectSuccess(await publish('placement', draft));
    expectRefusal(
      await staffCall(
        t.app,
        '/offerings/placement/save',
        {
          id: draft.id,
          version: draft.version + 1,
          symbol: '000660',
          price: 1_000,
          sharesOffered: 500,
          tiers: [{ minShares: 5, allotPct: 40 }],
          depositPct: 20,
          paymentHours: 24,
          opensAt: new Date(m.now() + HOUR).toISOString(),
          closesAt: new Date(m.now() + 2 * HOUR).toISOString(),
        },
        operator.token,
      ),
      'placement.not_draft',
      400,
    );
    expectRefusal(await publish('placement', { ...draft, version: 1 }), 'placement.not_draft', 400);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, `placement:${draft.id}`));
    expect(audited.map((r) => r.action)).toEqual(
      expect.arrayContaining(['placementSave', 'placementPublish']),
    );
  });

  it('refuses a set-up with a window that is over or backwards, or tiers with one minimum twice', async () => {
    const at = (ms: number) => new Date(m.now() + ms).toISOString();
    for (const window of [
      { opensAt: at(2 * HOUR), closesAt: at(HOUR) },
      { opensAt: at(-2 * HOUR), closesAt: at(-HOUR) },
    ]) {
      expectRefusal(
        await staffCall(
          t.app,
          '/offerings/placement/save',
          {
            symbol: '005930',
            price: 10_000,
            sharesOffered: 100,
            tiers: [{ minShares: 10, allotPct: 50 }],
            depositPct: 50,
            paymentHours: 48,
            ...window,
          },
          operator.token,
        ),
        'placement.invalid_window',
        400,
      );
    }
    await expect(
      draftPlacement(t.app, operator.token, m.now(), {
        tiers: [
          { minShares: 10, allotPct: 50 },
          { minShares: 10, allotPct: 60 },
        ],
      }),
    ).rejects.toThrow(/placement.invalid_tiers/);
    const reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    expectRefusal(
      await staffCall(t.app, '/offerings/auction/publish', { id: 1, version: 0 }, reviewer.token),
      'staff.forbidden',
      403,
    );
  });

  it('refuses applications: not in progress, below the placement minimum, unknown, short of funds', async () => {
    const before = await balances(a);
    const later = await draftPlacement(t.app, operator.token, m.now(), {
      opensAt: new Date(m.now() + HOUR).toISOString(),
    });
    expectSuccess(await publish('placement', later));
    expectRefusal(
      await applyPlacement(t.app, a, { id: later.id, shares: 20 }),
      'placement.closed',
      400,
    );
    const open = await openPlacement();
    const below = expectRefusal(
      await applyPlacement(t.app, a, { id: open.id, shares: 9 }),
      'placement.below_minimum',
      400,
    );
    expect(below.params).toMatchObject({ min: '10' });
    expectRefusal(
      await applyPlacement(t.app, a, { id: 987_654, shares: 20 }),
      'placement.not_found',
      404,
    );
    expectRefusal(
      await applyPlacement(t.app, a, { id: open.id, shares: 20, fundPassword: '000000' }),
      'fund_password.wrong',
      400,
    );
    // 10,000 × 5,000 × 50 % = 25,000,000 is more than the customer has.
    expectRefusal(
      await applyPlacement(t.app, a, { id: open.id, shares: 5_000 }),
      'trade.insufficient_margin',
      400,
    );
    expect(await balances(a)).toEqual(before);
  });

  it('allots by tier in the order applied, keeps what the shares need, and pays up into a position', async () => {
    // 150 shares: tier 10+ gets 50 %, tier 100+ gets all.
    const placement = await openPlacement({ sharesOffered: 150 });
    const before = { a: await balances(a), b: await balances(b), c: await balances(c) };
    const key = 'placement-apply-a';
    const first = expectSuccess<PlacementApplicationDto>(
      await applyPlacement(t.app, a, { id: placement.id, shares: 100, fundPassword: FUND }, key),
    );
    // The same key answers the same application and holds nothing more.
    const again = expectSuccess<PlacementApplicationDto>(
      await applyPlacement(t.app, a, { id: placement.id, shares: 100, fundPassword: FUND }, key),
    );
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({ state: 'applied', deposit: 500_000, allotted: null });
    expect(await balances(a)).toEqual({
      available: before.a.available - 500_000,
      held: before.a.held + 500_000,
    });
    const second = expectSuccess<PlacementApplicationDto>(
      await applyPlacement(t.app, b, { id: placement.id, shares: 80 }),
    );
    const third = expectSuccess<PlacementApplicationDto>(
      await applyPlacement(t.app, c, { id: placement.id, shares: 40 }),
    );
    expectRefusal(await payPlacement(t.app, a, first.id), 'placement.not_pending_payment', 400);

    expect(
      await runClockEvent(t.db, placementLifecycle, placement.id, { type: 'window.close' }),
    ).toEqual({ ok: true });
    const mine = async (who: Trader, id: number) =>
      (await placementsOf(who)).applications.find((r) => r.id === id);
    // a: 100 (all), b: 40 of 80, c: 10 left of the 20 its tier would give.
    expect(await mine(a, first.id)).toMatchObject({
      state: 'allotted.pendingPayment',
      allotted: 100,
      allottedAmount: 1_000_000,
    });
    expect((await mine(a, first.id))?.accepts).toContain('placement.pay');
    expect((await mine(b, second.id))?.allotted).toBe(40);
    expect((await mine(c, third.id))?.allotted).toBe(10);
    // b keeps its whole deposit (400,000 ≤ 40 × 10,000); c keeps 10 × 10,000 of 200,000.
    expect(await balances(c)).toEqual({
      available: before.c.available - 100_000,
      held: before.c.held + 100_000,
    });

    const paid = expectSuccess<PlacementApplicationDto>(await payPlacement(t.app, a, first.id));
    expect(paid).toMatchObject({ state: 'allotted.paidUp', paidUp: 1_000_000, accepts: [] });
    expect(await balances(a)).toEqual({
      available: before.a.available - costOf(10_000, 100),
      held: before.a.held,
    });
    const order = await orderOf(t.app, a, paid.orderId ?? 0);
    expect(order).toMatchObject<Partial<TradeOrderDto>>({
      product: 'block',
      symbol: '005930',
      shares: 100,
      fillPrice: 10_000,
    });
    expectRefusal(await payPlacement(t.app, a, first.id), 'placement.not_pending_payment', 400);
    expectRefusal(await payPlacement(t.app, b, first.id), 'placement.not_found', 404);

    // c never pays: the deadline cancels the allotment and the kept deposit comes back.
    const third2 = await mine(c, third.id);
    expect(third2?.payBy).not.toBeNull();
    const { placementApplicationLifecycle } = await import('../../server/lifecycle');
    expect(
      await runClockEvent(t.db, placementApplicationLifecycle, third.id, {
        type: 'payment.deadline',
      }),
    ).toEqual({ ok: true });
    expect((await mine(c, third.id))?.state).toBe('cancelled');
    expect(await balances(c)).toEqual(before.c);

    const records = await placementRecordsPage(t.db, a.id, 1);
    expect(records).toMatchObject({ page: 1, pageSize: 20 });
    expect(records.items.map((r) => r.id)).toContain(first.id);
    expect(records.total).toBe(records.items.length);
    const viaCall = expectSuccess<{ items: { id: number }[]; total: number }>(
      await call(t.app, '/placement/records', { page: 1 }, { session: a.session }),
    );
    expect(viaCall.total).toBe(records.total);
    // The same applications on the subscription records' placements tab.
    const tab = expectSuccess<{ rows: { id: number; kind: string; recordNo: string }[] }>(
      await call(
        t.app,
        '/ipo/records',
        { tab: 'placements', page: 1, pageSize: 20 },
        { session: a.session },
      ),
    );
    expect(tab.rows.map((r) => r.id)).toEqual(records.items.map((r) => r.id));
    expect(tab.rows[0]?.kind).toBe('placements');
    expect(tab.rows[0]?.recordNo).toMatch(/^PL/);
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('refuses bids: not in progress, below the reserve or the minimum shares', async () => {
    const later = await draftAuction(t.app, operator.token, m.now(), {
      opensAt: new Date(m.now() + HOUR).toISOString(),
    });
    expectSuccess(await publish('auction', later));
    expectRefusal(
      await bid(t.app, a, { id: later.id, price: 10_000, shares: 10 }),
      'auction.closed',
      400,
    );
    const auction = await openAuction();
    const reserve = expectRefusal(
      await bid(t.app, a, { id: auction.id, price: 9_999, shares: 10 }),
      'auction.below_reserve',
      400,
    );
    expect(reserve.params).toMatchObject({ min: '10,000' });
    expectRefusal(
      await bid(t.app, a, { id: auction.id, price: 10_000, shares: 9 }),
      'auction.below_min_shares',
      400,
    );
    expectRefusal(
      await bid(t.app, a, { id: 987_654, price: 10_000, shares: 10 }),
      'auction.not_found',
      404,
    );
  });

  it('picks winners by price then time at their own prices; losers get their holds back', async () => {
    const auction = await openAuction({ sharesOffered: 100 });
    const before = { a: await balances(a), b: await balances(b), c: await balances(c) };
    const bidOf = async (who: Trader, price: number, shares: number) => {
      const placed = expectSuccess<AuctionBidDto>(
        await bid(t.app, who, { id: auction.id, price, shares, fundPassword: FUND }),
      );
      m.advance(1_000);
      return placed;
    };
    const early = await bidOf(a, 12_000, 60);
    const low = await bidOf(b, 11_000, 60);
    const late = await bidOf(c, 12_000, 60);
    expect(early).toMatchObject({ state: 'placed', held: costOf(12_000, 60), won: null });
    expect(await balances(b)).toEqual({
      available: before.b.available - costOf(11_000, 60),
      held: before.b.held + costOf(11_000, 60),
    });
    // Sealed: nobody sees another's bid.
    expect((await auctionsOf(a)).bids.map((x) => x.id)).toEqual(
      expect.not.arrayContaining([low.id, late.id]),
    );

    expect(
      await runClockEvent(t.db, auctionLifecycle, auction.id, { type: 'window.close' }),
    ).toEqual({
      ok: true,
    });
    const result = async (who: Trader, id: number) =>
      (await auctionsOf(who)).bids.find((x) => x.id === id);
    expect(await result(a, early.id)).toMatchObject({ state: 'won', won: 60, wonAmount: 720_000 });
    expect(await result(c, late.id)).toMatchObject({ state: 'won', won: 40, wonAmount: 480_000 });
    expect(await result(b, low.id)).toMatchObject({ state: 'lost', won: 0 });
    expect(await balances(b)).toEqual(before.b);
    expect(await balances(c)).toEqual({
      available: before.c.available - costOf(12_000, 40),
      held: before.c.held,
    });
    const won = await result(c, late.id);
    expect(await orderOf(t.app, c, won?.orderId ?? 0)).toMatchObject({
      shares: 40,
      fillPrice: 12_000,
    });
    const ended = (await auctionsOf(a)).auctions.find((x) => x.id === auction.id);
    expect(ended).toMatchObject({ state: 'ended', lowestWinningPrice: 12_000 });
    const records = await auctionRecordsPage(t.db, c.id, 1);
    expect(records.items[0]).toMatchObject({ id: late.id, won: 40 });
    const tab = expectSuccess<{ rows: { id: number; allotted: number | null }[] }>(
      await call(
        t.app,
        '/ipo/records',
        { tab: 'auctions', page: 1, pageSize: 20 },
        { session: c.session },
      ),
    );
    expect(tab.rows[0]).toMatchObject({ id: late.id, allotted: 40 });
    expect(await auditLedger(t.db)).toEqual([]);
  });
});

/**
 * Parallel applications on one account that together exceed what it has: the ledger refuses the
 * overdraft whatever the unlocked pre-check saw, so the deposits never overspend.
 */
describe.each(databaseKinds)('parallel placement applications on %s', (kind) => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('holds as many as the balance covers and refuses the rest as insufficient', async () => {
    const m = tradingMarket();
    t = await buildTestApp(kind, {}, { clock: m.clock, market: m.market });
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    const placement = await draftPlacement(t.app, operator.token, m.now());
    expectSuccess(
      await staffCall(
        t.app,
        '/offerings/placement/publish',
        { id: placement.id, version: placement.version },
        operator.token,
      ),
    );
    await runJobsOf(t.db, 'placement', placement.id, m.now());
    // Each application of 100 shares holds 500,000: room for two of five.
    const trader = await newTrader(t.app, t.db, t.demoCode, 1_200_000);
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => applyPlacement(t.app, trader, { id: placement.id, shares: 100 })),
    );
    const codes = answers.map((x) => x.json<{ status: number; code?: string }>());
    expect(codes.filter((x) => x.status === 1)).toHaveLength(2);
    expect(codes.filter((x) => x.code === 'trade.insufficient_margin')).toHaveLength(3);
    const list = expectSuccess<PlacementListDto>(
      await call(t.app, '/placement/list', {}, { session: trader.session }),
    );
    expect(list.applications).toHaveLength(2);
    expect(await auditLedger(t.db)).toEqual([]);
  });
});
