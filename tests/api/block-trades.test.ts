import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockListDto, BlockOfferingDto, TradeOrderDto } from '../../contract';
import { openingCosts } from '../../contract';
import { auditLedger } from '../../server/ledger';
import { DEFAULT_PRODUCTS } from '../../server/modules/trade/products';
import { seedDefaults } from '../../server/seed/seed';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { call, expectRefusal, expectSuccess } from './api-helpers';
import { applyBlock, listOffering } from './block-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import type { Trader, TradingMarket } from './trade-helpers';
import { newTrader, orderOf, tradingMarket } from './trade-helpers';
import { FUND } from './withdrawal-helpers';

/**
 * Block trades through the real app (docs/trading.md): an operator lists offerings, a customer
 * applies (the cost is held at once), a reviewer approves (a position at the offering price,
 * locked T+1) or rejects with a reason (the hold comes back).
 */
describe('block trades', () => {
  let t: TestApp;
  let m: TradingMarket;
  let trader: Trader;
  let other: Trader;
  let operator: SignedInStaff;
  let reviewer: SignedInStaff;
  let offering: BlockOfferingDto;
  const START = 20_000_000;
  const PRICE = 50_000;
  /** The block product's commission (0.015 %) on a long: no tax on opening. */
  const costOf = (shares: number) =>
    openingCosts({
      price: PRICE,
      shares,
      leverage: 1,
      side: 'long',
      commissionPpm: 150,
      taxPpm: 2_000,
    });

  const list = async (who: Trader) =>
    expectSuccess<BlockListDto>(
      await call(t.app, '/trade/block/list', {}, { session: who.session }),
    );
  const balances = async (who: Trader) => {
    const rows = expectSuccess<{ currency: string; available: number; held: number }[]>(
      await call(t.app, '/user/balances', {}, { session: who.session }),
    );
    const krw = rows.find((r) => r.currency === 'KRW');
    return { available: krw?.available ?? 0, held: krw?.held ?? 0 };
  };
  const queue = async () =>
    expectSuccess<{ rows: { id: number; version: number; account: string }[] }>(
      await staffCall(t.app, '/block/queue', {}, reviewer.token),
    );

  beforeAll(async () => {
    m = tradingMarket();
    t = await buildTestApp('pglite', {}, { clock: m.clock, market: m.market });
    trader = await newTrader(t.app, t.db, t.demoCode, START);
    other = await newTrader(t.app, t.db, t.demoCode, START);
    operator = await signInNewStaff(t.app, t.db, 'operator');
    reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    offering = await listOffering(t.app, operator.token, m.now(), { price: PRICE });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists an offering an operator created, with its Korean name, open now', async () => {
    expect(offering).toMatchObject({
      symbol: '005930',
      name: '삼성전자',
      price: PRICE,
      minShares: 100,
      open: true,
      demo: false,
    });
    const answer = await list(trader);
    expect(answer.offerings.find((o) => o.id === offering.id)).toEqual(offering);
    expect(answer.applications).toEqual([]);
  });

  it('lists the seeded demo offerings once: KOSPI names below their reference price', async () => {
    const demos = () => list(trader).then((a) => a.offerings.filter((o) => o.demo));
    const seeded = await demos();
    expect(seeded.map((o) => o.symbol).sort()).toEqual(['000660', '005930', '035420']);
    for (const o of seeded) {
      expect(o).toMatchObject({ minShares: 100, open: true });
      expect(o.price).toBeLessThan(m.feed.instrument(o.symbol)?.referencePrice ?? 0);
      expect(Date.parse(o.closesAt) - Date.parse(o.opensAt)).toBe(30 * 24 * 60 * 60 * 1000);
    }
    await seedDefaults(t.db, t.demoCode, new Date(m.now()));
    expect(await demos()).toEqual(seeded);
  });

  it('refuses an offering whose window does not open before it closes, or an unknown symbol', async () => {
    const at = new Date(m.now()).toISOString();
    const noWindow = { symbol: '005930', price: PRICE, minShares: 10, opensAt: at, closesAt: at };
    expectRefusal(
      await staffCall(t.app, '/block/create', noWindow, operator.token),
      'block.invalid_window',
      400,
    );
    expectRefusal(
      await staffCall(
        t.app,
        '/block/create',
        {
          symbol: '999999',
          price: PRICE,
          minShares: 10,
          opensAt: at,
          closesAt: new Date(m.now() + 1000).toISOString(),
        },
        operator.token,
      ),
      'market.unknown_symbol',
      404,
    );
    // Reviewers decide applications; only operators list offerings.
    expect((await staffCall(t.app, '/block/create', noWindow, reviewer.token)).statusCode).toBe(
      403,
    );
  });

  it('refuses below the minimum shares, an unknown offering and a closed window', async () => {
    const before = await balances(trader);
    expectRefusal(
      await applyBlock(t.app, trader, { id: offering.id, shares: 99 }),
      'block.below_min_shares',
      400,
    );
    expectRefusal(
      await applyBlock(t.app, trader, { id: 987_654, shares: 100 }),
      'block.not_found',
      404,
    );
    const later = await listOffering(t.app, operator.token, m.now(), {
      opensAt: new Date(m.now() + 60 * 60 * 1000).toISOString(),
    });
    expect(later.open).toBe(false);
    expectRefusal(
      await applyBlock(t.app, trader, { id: later.id, shares: 100 }),
      'block.closed',
      400,
    );
    expectRefusal(
      await applyBlock(t.app, trader, { id: offering.id, shares: 100, fundPassword: '000000' }),
      'fund_password.wrong',
      400,
    );
    expect(await balances(trader)).toEqual(before);
  });

  it('refuses an application while the block product is not listed', async () => {
    const set = async (enabled: boolean) =>
      expectSuccess(
        await staffCall(
          t.app,
          '/products/set',
          { ...DEFAULT_PRODUCTS.block, enabled },
          operator.token,
        ),
      );
    await set(false);
    expectRefusal(
      await applyBlock(t.app, trader, { id: offering.id, shares: 100 }),
      'trade.product_unavailable',
      400,
    );
    await set(true);
  });

  it('refuses an application the available balance cannot pay', async () => {
    const refusal = expectRefusal(
      await applyBlock(t.app, trader, { id: offering.id, shares: 1_000 }),
      'trade.insufficient_margin',
      400,
    );
    expect(refusal.params?.needed).toBe(costOf(1_000).total.toLocaleString('en-US'));
  });

  let applicationId = 0;

  it('applies: the cost is held at once, once per Idempotency-Key', async () => {
    const before = await balances(trader);
    const key = 'block-apply-1';
    const body = { id: offering.id, shares: 150, fundPassword: FUND };
    const first = expectSuccess<BlockListDto>(await applyBlock(t.app, trader, body, key));
    const again = expectSuccess<BlockListDto>(await applyBlock(t.app, trader, body, key));
    expect(again.applications).toHaveLength(1);
    const application = first.applications[0];
    expect(application).toMatchObject({
      offeringId: offering.id,
      symbol: '005930',
      name: '삼성전자',
      price: PRICE,
      shares: 150,
      amount: PRICE * 150,
      state: 'pending',
      version: 0,
      reason: null,
      orderId: null,
    });
    expect(application?.accepts).toEqual(['review.approve', 'review.reject']);
    const cost = costOf(150).total;
    expect(cost).toBe(PRICE * 150 + Math.round((PRICE * 150 * 150) / 1_000_000));
    expect(await balances(trader)).toEqual({
      available: before.available - cost,
      held: before.held + cost,
    });
    applicationId = application?.id ?? 0;
    expect(await auditLedger(t.db)).toEqual([]);
  });

  it("keeps a customer's applications from another customer and shows them in the queue", async () => {
    expect((await list(other)).applications).toEqual([]);
    const rows = (await queue()).rows;
    expect(rows.map((r) => r.id)).toContain(applicationId);
    expect(rows.find((r) => r.id === applicationId)?.account).toBe(trader.session.account);
  });

  it('refuses a decision on a stale version', async () => {
    expectRefusal(
      await staffCall(t.app, '/block/approve', { id: applicationId, version: 3 }, reviewer.token),
      'lifecycle.conflict',
      409,
    );
    expectRefusal(
      await staffCall(t.app, '/block/approve', { id: 987_654, version: 0 }, reviewer.token),
      'block.not_found',
      404,
    );
  });

  it('approves: a position held at the offering price, locked T+1, paid from the hold', async () => {
    const before = await balances(trader);
    const answer = expectSuccess<{ rows: { id: number }[] }>(
      await staffCall(t.app, '/block/approve', { id: applicationId, version: 0 }, reviewer.token),
    );
    expect(answer.rows.map((r) => r.id)).not.toContain(applicationId);
    const application = (await list(trader)).applications.find((a) => a.id === applicationId);
    expect(application).toMatchObject({ state: 'approved', accepts: [], reason: null });
    const orderId = application?.orderId ?? 0;
    expect(orderId).toBeGreaterThan(0);
    const position: TradeOrderDto = await orderOf(t.app, trader, orderId);
    const cost = costOf(150);
    expect(position).toMatchObject({
      product: 'block',
      symbol: '005930',
      side: 'long',
      type: 'limit',
      limitPrice: PRICE,
      shares: 150,
      leverage: 1,
      state: 'holding.locked',
      fillPrice: PRICE,
      margin: cost.margin,
      notional: cost.notional,
      fee: cost.fee,
      tax: 0,
    });
    // T+1: the lock ends at 09:00 Seoul on the next trading day (Thursday 2026-11-26).
    expect(position.unlockAt).toBe('2026-11-26T00:00:00.000Z');
    expect(await balances(trader)).toEqual({
      available: before.available,
      held: before.held - cost.total,
    });
    expect(await auditLedger(t.db)).toEqual([]);
    expectRefusal(
      await staffCall(
        t.app,
        '/block/reject',
        { id: applicationId, version: 1, reason: 'Too late' },
        reviewer.token,
      ),
      'block.not_pending',
      409,
    );
  });

  it('rejects with the reason the customer reads: the hold is released', async () => {
    const before = await balances(trader);
    const applied = expectSuccess<BlockListDto>(
      await applyBlock(t.app, trader, { id: offering.id, shares: 100 }),
    );
    const application = applied.applications[0];
    expect(applied.applications.map((a) => a.id)).toEqual([application?.id, applicationId]);
    const id = application?.id ?? 0;
    expect(await balances(trader)).toEqual({
      available: before.available - costOf(100).total,
      held: before.held + costOf(100).total,
    });
    expectRefusal(
      await staffCall(t.app, '/block/reject', { id, version: 0, reason: '   ' }, reviewer.token),
      'block.reason_required',
      400,
    );
    expectSuccess(
      await staffCall(
        t.app,
        '/block/reject',
        { id, version: 0, reason: 'Over the offering' },
        reviewer.token,
      ),
    );
    // The back office's entity view reads the decision with its reason.
    const view = expectSuccess<{ state: string; transitions: { reason: string | null }[] }>(
      await staffCall(
        t.app,
        '/entities/view',
        { entityType: 'blockApplication', entityId: String(id) },
        reviewer.token,
      ),
    );
    expect(view.state).toBe('rejected');
    expect(view.transitions.map((r) => r.reason)).toEqual(['Over the offering']);
    const rejected = (await list(trader)).applications.find((a) => a.id === id);
    expect(rejected).toMatchObject({
      state: 'rejected',
      reason: 'Over the offering',
      orderId: null,
    });
    expect(await balances(trader)).toEqual(before);
    expectRefusal(
      await staffCall(t.app, '/block/approve', { id, version: 1 }, reviewer.token),
      'block.not_pending',
      409,
    );
    expect(await auditLedger(t.db)).toEqual([]);
  });
});

/**
 * Two applications at once that together exceed the available balance: the ledger refuses the
 * overdraft whatever the unlocked pre-check saw, so exactly one is held.
 */
describe.each(databaseKinds)('parallel block applications on %s', (kind) => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('holds one and refuses the other as insufficient', async () => {
    const m = tradingMarket();
    t = await buildTestApp(kind, {}, { clock: m.clock, market: m.market });
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    const offering = await listOffering(t.app, operator.token, m.now(), {
      price: 10_000,
      minShares: 10,
    });
    // Room for one application of 100 shares (1,000,150 with the fee), not two.
    const trader = await newTrader(t.app, t.db, t.demoCode, 1_500_000);
    const answers = await Promise.all(
      [1, 2].map(() => applyBlock(t.app, trader, { id: offering.id, shares: 100 })),
    );
    const codes = answers.map((a) => a.json<{ status: number; code?: string }>());
    expect(codes.filter((c) => c.status === 1)).toHaveLength(1);
    expect(codes.filter((c) => c.code === 'trade.insufficient_margin')).toHaveLength(1);
    const list = expectSuccess<BlockListDto>(
      await call(t.app, '/trade/block/list', {}, { session: trader.session }),
    );
    expect(list.applications).toHaveLength(1);
    expect(await auditLedger(t.db)).toEqual([]);
  });
});
