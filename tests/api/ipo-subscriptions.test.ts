import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  IpoDetailDto,
  IpoDrawDto,
  IpoListDto,
  IpoRecordsDto,
  IpoSubscriptionDto,
  TradeOrderDto,
} from '../../contract';
import { verifyDraw } from '../../contract/ipo-draw';
import { auditLedger } from '../../server/ledger';
import { runDueJobs } from '../../server/lifecycle';
import { writeSetting } from '../../server/settings';
import { DEFAULT_PRODUCTS, setProduct } from '../../server/modules/trade/products';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { call, expectRefusal, expectSuccess } from './api-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import type { SignedInStaff } from './identity-helpers';
import {
  act,
  MINUTE,
  offeringBody,
  publishedOffering,
  subscribed,
  subscribeRaw,
  subscriptionOf,
} from './ipo-helpers';
import { availableWon, closeOrder, newTrader, orderOf, tradingMarket } from './trade-helpers';
import type { TradingMarket } from './trade-helpers';
import { FUND } from './withdrawal-helpers';

/**
 * IPO subscriptions through the real app on a clock the test moves (docs/ipo.md): subscribe
 * (deposit held), the draw job, pay (deposit first, rest from cash, excess back), waive and the
 * deadline (deposit back), listing (a stock position sold through /trade/close), the refusals,
 * other customers' ids, staff offerings.
 */
describe.each(databaseKinds)('IPO subscriptions on %s', { timeout: 120_000 }, (kind) => {
  let t: TestApp;
  let m: TradingMarket;
  let operator: SignedInStaff;

  beforeAll(async () => {
    m = tradingMarket();
    t = await buildTestApp(kind, {}, { clock: m.clock, market: m.market });
    operator = await signInNewStaff(t.app, t.db, 'operator');
    // Listed shares are sellable at once here (the stock product's T+1 lock would need the
    // simulated market to run a day).
    await setProduct(
      t.db,
      { ...DEFAULT_PRODUCTS.stock, lock: { kind: 'minutes', count: 0 } },
      new Date(m.now()),
    );
  }, 120_000);
  afterAll(() => t.close());

  const jobsNow = () => runDueJobs(t.db, { now: new Date(m.now()) });
  const trader = (won: number) => newTrader(t.app, t.db, t.demoCode, won);

  it('subscribe → draw → won → pay → listing → a position sold through the trading path', async () => {
    const start = m.now();
    const offering = await publishedOffering(t.app, operator.token, start, { sharesOffered: 100 });
    expect(offering.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(offering.phase).toBe('subscribing');
    const a = await trader(1_000_000);
    const b = await trader(1_000_000);
    const subA = await subscribed(t.app, a, offering.id, 30);
    expect(subA).toMatchObject({ state: 'subscribing', deposit: 150_000, allotted: null });
    expect(await availableWon(t.app, a)).toBe(850_000);
    const subB = await subscribed(t.app, b, offering.id, 10);

    // The draw cannot be read before it runs.
    expectRefusal(
      await call(t.app, '/ipo/draw', { id: offering.id }, { session: a.session }),
      'ipo.not_drawn_yet',
      400,
    );
    const list = expectSuccess<IpoListDto>(
      await call(t.app, '/ipo/list', { tab: 'open' }, { session: a.session }),
    );
    expect(list.offerings.map((o) => o.id)).toContain(offering.id);

    m.advance(2 * MINUTE + 1_000);
    await jobsNow();
    // Undersubscribed (40 of 100): everyone gets what they applied for.
    const wonA = await subscriptionOf(t.app, a, subA.id);
    expect(wonA).toMatchObject({
      state: 'won.pendingPayment',
      allotted: 30,
      allottedAmount: 300_000,
      due: 150_000,
    });
    expect(wonA.accepts).toEqual(
      expect.arrayContaining(['subscription.pay', 'subscription.waive']),
    );

    const draw = expectSuccess<IpoDrawDto>(
      await call(t.app, '/ipo/draw', { id: offering.id }, { session: a.session }),
    );
    expect(draw.inputs).toHaveLength(2);
    expect(draw.mine).toHaveLength(1);
    expect(draw.allocations.find((x) => x.id === draw.mine[0])?.total).toBe(30);
    const verified = verifyDraw({ ...draw, subscriptions: draw.inputs });
    expect(verified.ok).toBe(true);
    const detail = expectSuccess<IpoDetailDto>(
      await call(t.app, '/ipo/detail', { id: offering.id }, { session: a.session }),
    );
    expect(detail.seed).toBe(draw.seed);
    expect(detail.offering.phase).toBe('drawn');
    expect(detail.offering.competitionRate).toBe(0.4);

    const paid = expectSuccess<IpoSubscriptionDto>(await act(t.app, a, '/ipo/pay', subA.id));
    expect(paid).toMatchObject({ state: 'won.paid', paid: 300_000, refunded: 0 });
    expect(await availableWon(t.app, a)).toBe(700_000);
    expectRefusal(await act(t.app, a, '/ipo/pay', subA.id), 'ipo.not_pending_payment', 400);

    const waived = expectSuccess<IpoSubscriptionDto>(await act(t.app, b, '/ipo/waive', subB.id));
    expect(waived).toMatchObject({ state: 'waived', refunded: 50_000 });
    expect(await availableWon(t.app, b)).toBe(1_000_000);

    m.advance(4 * MINUTE);
    await jobsNow();
    const listed = await subscriptionOf(t.app, a, subA.id);
    expect(listed.state).toBe('listed');
    expect(listed.orderId).not.toBeNull();
    const position = await orderOf(t.app, a, listed.orderId ?? 0);
    expect(position).toMatchObject({ product: 'stock', symbol: '0009K0', shares: 30 });
    expect(position.fillPrice).toBe(10_000);
    // Listing day's market news, once however many subscriptions listed (docs/news.md).
    const news = expectSuccess<{ items: { kind: string | null; source: string }[] }>(
      await call(t.app, '/news/stock', { code: '0009K0' }, { session: a.session }),
    );
    expect(news.items.filter((n) => n.kind === 'ipo_listing')).toHaveLength(1);
    expect(news.items[0]).toMatchObject({ source: 'system' });

    // A stock position like any other: sold at the market (the product's lock is off here).
    const sold = expectSuccess<TradeOrderDto>(await closeOrder(t.app, a, position.id));
    expect(sold.state).toBe('closed');
    expect(await auditLedger(t.db)).toEqual([]);

    const records = expectSuccess<IpoRecordsDto>(
      await call(t.app, '/ipo/records', { tab: 'subscriptions' }, { session: a.session }),
    );
    expect(records.rows[0]).toMatchObject({ id: subA.id, kind: 'subscriptions', allotted: 30 });
    const placements = expectSuccess<IpoRecordsDto>(
      await call(t.app, '/ipo/records', { tab: 'placements' }, { session: a.session }),
    );
    expect(placements).toMatchObject({ tab: 'placements', rows: [], total: 0 });
  });

  it('releases the deposit of a subscription not won, and of one waived at the deadline', async () => {
    const start = m.now();
    // One share for two subscribers: the equal lottery gives it to one of them.
    const offering = await publishedOffering(t.app, operator.token, start, {
      sharesOffered: 1,
      minShares: 1,
    });
    const a = await trader(500_000);
    const b = await trader(500_000);
    const subA = await subscribed(t.app, a, offering.id, 10);
    const subB = await subscribed(t.app, b, offering.id, 10);
    expect(await availableWon(t.app, a)).toBe(450_000);
    m.advance(2 * MINUTE + 1_000);
    await jobsNow();
    const results = [
      await subscriptionOf(t.app, a, subA.id),
      await subscriptionOf(t.app, b, subB.id),
    ];
    const lost = results.find((s) => s.state === 'notWon');
    const won = results.find((s) => s.state === 'won.pendingPayment');
    expect(lost).toMatchObject({ allotted: 0, refunded: 50_000 });
    expect(won).toMatchObject({ allotted: 1, due: 0 });
    const loser = lost?.id === subA.id ? a : b;
    expect(await availableWon(t.app, loser)).toBe(500_000);

    // Nobody pays: the deadline waives the allotment and the deposit goes back.
    m.advance(3 * MINUTE);
    await jobsNow();
    const winner = won?.id === subA.id ? a : b;
    const after = await subscriptionOf(t.app, winner, won?.id ?? 0);
    expect(after).toMatchObject({ state: 'waived', refunded: 50_000 });
    expect(await availableWon(t.app, winner)).toBe(500_000);
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it('refuses subscriptions by the rules, with the spec codes', async () => {
    const start = m.now();
    const offering = await publishedOffering(t.app, operator.token, start, {
      maxTimes: 2,
      minFunds: 200_000,
    });
    const later = await publishedOffering(t.app, operator.token, start, {
      minutes: [60, 61, 62, 63, 64],
    });
    const rich = await trader(1_000_000);
    const body = (id: number, shares: number) => ({ id, shares, fundPassword: FUND });
    expectRefusal(await subscribeRaw(t.app, rich, body(later.id, 10)), 'ipo.not_open_yet', 400);
    expectRefusal(
      await subscribeRaw(t.app, rich, body(offering.id, 5)),
      'ipo.below_min_shares',
      400,
    );
    expectRefusal(
      await subscribeRaw(t.app, rich, body(offering.id, 1000)),
      'ipo.insufficient_funds',
      400,
    );
    expectRefusal(
      await subscribeRaw(t.app, rich, { ...body(offering.id, 10), fundPassword: '000000' }),
      'fund_password.wrong',
      400,
    );
    await subscribed(t.app, rich, offering.id, 10);
    await subscribed(t.app, rich, offering.id, 10);
    const third = expectRefusal(
      await subscribeRaw(t.app, rich, body(offering.id, 10)),
      'ipo.too_many_times',
      400,
    );
    expect(third.params?.max).toBe(2);
    const poor = await trader(100_000);
    expectRefusal(
      await subscribeRaw(t.app, poor, body(offering.id, 10)),
      'ipo.below_min_funds',
      400,
    );
    expectRefusal(await subscribeRaw(t.app, rich, body(987_654, 10)), 'ipo.not_found', 404);

    await writeSetting(t.db, 'ipo.enabled', 0, operator.id, new Date(m.now()));
    expectRefusal(
      await subscribeRaw(t.app, poor, body(offering.id, 10)),
      'ipo.channel_closed',
      400,
    );
    await writeSetting(t.db, 'ipo.enabled', 1, operator.id, new Date(m.now()));

    m.advance(MINUTE + 1_000);
    expectRefusal(await subscribeRaw(t.app, rich, body(offering.id, 10)), 'ipo.closed', 400);
    m.advance(MINUTE);
    await jobsNow();
  });

  it("answers another customer's subscription as not found, and a draft as no offering", async () => {
    const start = m.now();
    const offering = await publishedOffering(t.app, operator.token, start);
    const owner = await trader(1_000_000);
    const other = await trader(1_000_000);
    const sub = await subscribed(t.app, owner, offering.id, 10);
    for (const path of ['/ipo/subscription', '/ipo/pay', '/ipo/waive']) {
      expectRefusal(
        await call(
          t.app,
          path,
          { id: sub.id },
          {
            session: other.session,
            headers: { 'idempotency-key': `x-${path}-${sub.id}` },
          },
        ),
        'ipo.subscription_not_found',
        404,
      );
    }
    const draft = expectSuccess<{ id: number }>(
      await staffCall(t.app, '/ipo/create', offeringBody(start), operator.token),
    );
    expectRefusal(
      await call(t.app, '/ipo/detail', { id: draft.id }, { session: owner.session }),
      'ipo.not_found',
      404,
    );
    m.advance(2 * MINUTE + 1_000);
    await jobsNow();
  });

  it('lets staff edit a draft only, publish once, and read the draw report', async () => {
    const start = m.now();
    const bad = offeringBody(start, { minutes: [2, 1, 3, 4, 5] });
    expectRefusal(
      await staffCall(t.app, '/ipo/create', bad, operator.token),
      'ipo.invalid_schedule',
      400,
    );
    const draft = expectSuccess<{ id: number; status: string; seedHash: string }>(
      await staffCall(t.app, '/ipo/create', offeringBody(start), operator.token),
    );
    expect(draft).toMatchObject({ status: 'draft', seedHash: '' });
    const edited = expectSuccess<{ sharesOffered: number }>(
      await staffCall(
        t.app,
        '/ipo/update',
        { id: draft.id, ...offeringBody(start, { sharesOffered: 500 }) },
        operator.token,
      ),
    );
    expect(edited.sharesOffered).toBe(500);
    const published = expectSuccess<{ status: string; seedHash: string }>(
      await staffCall(t.app, '/ipo/publish', { id: draft.id }, operator.token),
    );
    expect(published.status).toBe('published');
    expectRefusal(
      await staffCall(t.app, '/ipo/publish', { id: draft.id }, operator.token),
      'ipo.already_published',
      400,
    );
    expectRefusal(
      await staffCall(
        t.app,
        '/ipo/update',
        { id: draft.id, ...offeringBody(start) },
        operator.token,
      ),
      'ipo.already_open',
      400,
    );
    const c = await trader(1_000_000);
    await subscribed(t.app, c, draft.id, 10);
    m.advance(2 * MINUTE + 1_000);
    await jobsNow();
    const report = expectSuccess<{
      byState: { state: string; count: number }[];
      draw: IpoDrawDto | null;
      offering: { sharesAllotted: number | null };
    }>(await staffCall(t.app, '/ipo/offering', { id: draft.id }, operator.token));
    expect(report.byState).toEqual([{ state: 'won.pendingPayment', count: 1 }]);
    expect(report.offering.sharesAllotted).toBe(10);
    expect(report.draw?.seedHash).toBe(published.seedHash);
    const list = expectSuccess<{ rows: { id: number }[] }>(
      await staffCall(t.app, '/ipo/offerings', { page: 1, pageSize: 50 }, operator.token),
    );
    expect(list.rows.map((r) => r.id)).toContain(draft.id);
  });

  it('seeds demo offerings: one upcoming, one open, one drawn with a draw that verifies', async () => {
    const a = await trader(0);
    const tabs = await Promise.all(
      (['upcoming', 'open', 'closed'] as const).map(async (tab) =>
        expectSuccess<IpoListDto>(
          await call(t.app, '/ipo/list', { tab }, { session: a.session }),
        ).offerings.filter((o) => o.demo),
      ),
    );
    for (const offerings of tabs) expect(offerings.length).toBeGreaterThanOrEqual(1);
    const drawn = tabs[2]?.find((o) => o.demo && o.winningRate !== null);
    expect(drawn).toBeDefined();
    const draw = expectSuccess<IpoDrawDto>(
      await call(t.app, '/ipo/draw', { id: drawn?.id ?? 0 }, { session: a.session }),
    );
    expect(draw.inputs.length).toBeGreaterThan(100);
    expect(verifyDraw({ ...draw, subscriptions: draw.inputs }).ok).toBe(true);
  });
});
