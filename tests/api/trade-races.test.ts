import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPreviewDto, PlaceOrderRequest, TradeOrderDto } from '../../contract';
import { IDEMPOTENCY_KEY_HEADER, tradeOrderNo } from '../../contract';
import { journalEntries, tradeOrders } from '../../server/db/schema';
import { auditLedger, balancesOf, describeViolation } from '../../server/ledger';
import { customerAccountId, houseAccountId } from '../../server/ledger';
import { sweepOrders } from '../../server/modules/trade';
import { dueAction } from '../../server/modules/trade/matcher';
import { DEFAULT_PRODUCTS } from '../../server/modules/trade/products';
import type { TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import { call, envelope, expectSuccess } from './api-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import type { Trader, TradingMarket } from './trade-helpers';
import { closeOrder, newTrader, order, place, tradingMarket } from './trade-helpers';

/**
 * Trading races that only a real PostgreSQL runs in parallel (PGlite has one connection, so it
 * would only show them one after another): skipped without DATABASE_URL, like the other race
 * files. Parallel orders that together exceed the margin; a double close from two tabs; parallel
 * places with one Idempotency-Key; a cancel racing the sweep's fill; two sweeps at once; and a
 * close whose loss passes the margin racing the same customer's orders. After each, the money is
 * where the orders say and the ledger audit is clean. Rounds and width: MARU_RACE_ROUNDS (default
 * 5) and MARU_RACE_PARALLEL (default 20).
 */
const suite = process.env.DATABASE_URL ? describe : describe.skip;
const ROUNDS = Number(process.env.MARU_RACE_ROUNDS ?? 5);
const PARALLEL = Number(process.env.MARU_RACE_PARALLEL ?? 20);

suite('trading races on postgres', () => {
  let t: TestApp;
  let m: TradingMarket;

  beforeAll(async () => {
    m = tradingMarket();
    t = await buildTestApp('postgres', {}, { clock: m.clock, market: m.market });
    const operator = await signInNewStaff(t.app, t.db, 'operator');
    // Day trading without its 15-minute lock, so a position can be closed at once.
    expectSuccess(
      await staffCall(
        t.app,
        '/products/set',
        { ...DEFAULT_PRODUCTS.dayTrading, lock: { kind: 'minutes', count: 0 } },
        operator.token,
      ),
    );
    // Bulk day trading at a leverage whose margin the closing tax alone exceeds: every close
    // loses more than the margin, so it takes from the available balance.
    expectSuccess(
      await staffCall(
        t.app,
        '/products/set',
        {
          ...DEFAULT_PRODUCTS.bulkDayTrading,
          lotSize: 1,
          leverages: [1_000],
          minOpenAmount: 0,
          lock: { kind: 'minutes', count: 0 },
          maintenancePct: 0,
        },
        operator.token,
      ),
    );
  }, 120_000);
  afterAll(() => t?.close(), 120_000);

  const won = async (trader: Trader) => {
    const rows = await balancesOf(t.db, trader.id);
    const krw = rows.find((r) => r.currency === 'KRW');
    const margin = await t.db.execute(
      sql`select balance from ledger_accounts where customer_id = ${trader.id}
          and currency = 'KRW' and kind = 'position_margin'`,
    );
    const pledged = Number((margin as { rows: { balance: string }[] }).rows[0]?.balance ?? 0);
    return { available: krw?.available ?? 0, held: krw?.held ?? 0, positionMargin: pledged };
  };
  const ordersOf = (trader: Trader) =>
    t.db.select().from(tradeOrders).where(eq(tradeOrders.customerId, trader.id));
  /** Entries of one kind per order number. */
  const entriesOf = async (ids: number[], kind: string) => {
    const rows = await t.db
      .select({ reason: journalEntries.reason })
      .from(journalEntries)
      .where(
        and(eq(journalEntries.kind, kind), inArray(journalEntries.reason, ids.map(tradeOrderNo))),
      );
    const counted = new Map<number, number>(ids.map((id) => [id, 0]));
    for (const r of rows) {
      const id = Number(r.reason.slice(1));
      counted.set(id, (counted.get(id) ?? 0) + 1);
    }
    return counted;
  };
  /** The money the orders account for: held = pending totals, pledged = holding margins. */
  const expectMoneyMatchesOrders = async (trader: Trader, what: string) => {
    const rows = await ordersOf(trader);
    const money = await won(trader);
    expect(money.available, what).toBeGreaterThanOrEqual(0);
    expect(money.held, what).toBe(
      rows
        .filter((r) => r.state === 'pending')
        .reduce((s, r) => s + r.margin + r.openFee + r.openTax, 0),
    );
    expect(money.positionMargin, what).toBe(
      rows.filter((r) => r.state.startsWith('holding')).reduce((s, r) => s + r.margin, 0),
    );
    expect((await auditLedger(t.db)).map(describeViolation), what).toEqual([]);
    return money;
  };
  const codeOf = (a: LightMyRequestResponse) => envelope(a).code ?? null;

  it(`takes exactly as many of ${PARALLEL} parallel orders as the money allows, ${ROUNDS} rounds`, async () => {
    const BALANCE = 10_000_000;
    for (let round = 0; round < ROUNDS; round += 1) {
      const trader = await newTrader(t.app, t.db, t.demoCode, BALANCE);
      const quote = t.app.maru.feed.quote('005930');
      // Even rounds fill at once (margin pledged); odd ones rest at the lower limit (held).
      const body: PlaceOrderRequest =
        round % 2 === 0
          ? order({ lots: 7, leverage: 1 })
          : order({ type: 'limit', price: quote?.lowerLimit ?? 0, lots: 10, leverage: 1 });
      const preview = expectSuccess<OrderPreviewDto>(
        await call(t.app, '/trade/preview', body, { session: trader.session }),
      );
      expect(preview.refusal).toBeNull();
      const fits = Math.floor(BALANCE / preview.total);
      expect(fits).toBeGreaterThan(1);
      expect(fits).toBeLessThan(PARALLEL);
      const answers = await Promise.all(
        Array.from({ length: PARALLEL }, () => place(t.app, trader, body)),
      );
      const taken = answers.filter((a) => envelope(a).status === 1);
      expect(taken, `round ${round}`).toHaveLength(fits);
      for (const refused of answers.filter((a) => envelope(a).status !== 1)) {
        expect(codeOf(refused), `round ${round}`).toBe('trade.insufficient_margin');
        expect(refused.statusCode).toBe(400);
      }
      const money = await expectMoneyMatchesOrders(trader, `round ${round}`);
      expect(money.available).toBe(BALANCE - fits * preview.total);
      expect(await ordersOf(trader)).toHaveLength(fits);
    }
  }, 600_000);

  it(`lets one of two parallel closes of a position through, ${ROUNDS * 2} rounds`, async () => {
    const trader = await newTrader(t.app, t.db, t.demoCode, 50_000_000);
    for (let round = 0; round < ROUNDS * 2; round += 1) {
      const opened = expectSuccess<TradeOrderDto>(
        await place(t.app, trader, order({ product: 'dayTrading', lots: 1, leverage: 2 })),
      );
      expect(opened.state).toBe('holding.closable');
      const answers = await Promise.all([
        closeOrder(t.app, trader, opened.id),
        closeOrder(t.app, trader, opened.id),
      ]);
      const closed = answers.filter((a) => envelope(a).status === 1);
      expect(closed, `round ${round}`).toHaveLength(1);
      const lost = answers.find((a) => envelope(a).status !== 1);
      expect(['trade.not_holding', 'lifecycle.conflict']).toContain(lost && codeOf(lost));
      expect((await entriesOf([opened.id], 'trade_close')).get(opened.id)).toBe(1);
      const row = (await ordersOf(trader)).find((r) => r.id === opened.id);
      expect(row?.state).toBe('closed');
      expect(expectSuccess<TradeOrderDto>(closed[0] as never).realisedPnl).toBe(row?.realisedPnl);
      await expectMoneyMatchesOrders(trader, `round ${round}`);
    }
  }, 300_000);

  it(`answers ${PARALLEL} parallel places with one Idempotency-Key with one order`, async () => {
    const trader = await newTrader(t.app, t.db, t.demoCode, 10_000_000);
    const key = `place-${randomUUID()}`;
    const body = order({ lots: 3, leverage: 2 });
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () => place(t.app, trader, body, key)),
    );
    const datas = answers.map((a) => expectSuccess<TradeOrderDto>(a));
    for (const data of datas) expect(data).toEqual(datas[0]);
    const rows = await ordersOf(trader);
    expect(rows.map((r) => r.id)).toEqual([datas[0]?.id]);
    expect((await entriesOf([rows[0]?.id ?? 0], 'trade_open')).get(rows[0]?.id ?? 0)).toBe(1);
    const money = await expectMoneyMatchesOrders(trader, 'one key');
    expect(money.available).toBe(10_000_000 - (datas[0]?.margin ?? 0) - (datas[0]?.fee ?? 0));
    const other = await call(t.app, '/trade/place', order({ lots: 4, leverage: 2 }), {
      session: trader.session,
      headers: { [IDEMPOTENCY_KEY_HEADER]: key },
    });
    expect(codeOf(other)).toBe('request.idempotency_mismatch');
    expect(await ordersOf(trader)).toHaveLength(1);
  }, 120_000);

  /**
   * Resting limit orders the market has already traded through (their price is the last trade's,
   * on the side the book does not offer): the next sweep fills them.
   */
  const dueRestingOrders = async (trader: Trader, count: number): Promise<TradeOrderDto[]> => {
    for (let tries = 0; tries < 60; tries += 1) {
      for (const symbol of ['005930', '000070', '035720', '247540']) {
        const quote = t.app.maru.feed.quote(symbol);
        if (!quote || quote.bid === null || quote.ask === null || quote.vi) continue;
        const side =
          quote.price === quote.bid ? 'long' : quote.price === quote.ask ? 'short' : null;
        if (side === null) continue;
        const placed: TradeOrderDto[] = [];
        for (let i = 0; i < count; i += 1) {
          placed.push(
            expectSuccess<TradeOrderDto>(
              await place(
                t.app,
                trader,
                order({ symbol, side, type: 'limit', price: quote.price, lots: 2 }),
              ),
            ),
          );
        }
        const rows = await ordersOf(trader);
        for (const p of placed) {
          const row = rows.find((r) => r.id === p.id);
          expect(row?.state).toBe('pending');
          expect(row && dueAction(t.app.maru, row, m.clock.now())).toBe('fill');
        }
        return placed;
      }
      m.advance(1_000);
    }
    throw new Error('no stock traded at its best bid or ask');
  };

  it(`applies one of a cancel and the sweep's fill of a resting order, ${ROUNDS} rounds`, async () => {
    const trader = await newTrader(t.app, t.db, t.demoCode, 200_000_000);
    const outcomes = { filled: 0, cancelled: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      const resting = await dueRestingOrders(trader, 6);
      const [summary, ...answers] = await Promise.all([
        sweepOrders(t.app.maru),
        ...resting.map((o) =>
          call(t.app, '/trade/cancel', { id: o.id }, { session: trader.session }),
        ),
      ]);
      const rows = await ordersOf(trader);
      const ids = resting.map((o) => o.id);
      const fills = await entriesOf(ids, 'trade_fill');
      const releases = await entriesOf(ids, 'trade_release');
      for (const [i, o] of resting.entries()) {
        const row = rows.find((r) => r.id === o.id);
        const answer = answers[i] as LightMyRequestResponse;
        if (row?.state === 'cancelled') {
          expect(envelope(answer).status, `order ${o.id}`).toBe(1);
          expect([fills.get(o.id), releases.get(o.id)], `order ${o.id}`).toEqual([0, 1]);
          outcomes.cancelled += 1;
        } else {
          expect(row?.state, `order ${o.id}`).toMatch(/^holding\./);
          expect(['trade.not_pending', 'lifecycle.conflict']).toContain(codeOf(answer));
          expect([fills.get(o.id), releases.get(o.id)], `order ${o.id}`).toEqual([1, 0]);
          outcomes.filled += 1;
        }
      }
      expect(summary.filled, `round ${round}`).toBe(
        rows.filter((r) => ids.includes(r.id) && r.state.startsWith('holding')).length,
      );
      await expectMoneyMatchesOrders(trader, `round ${round}`);
    }
    console.info('cancel against the sweep:', outcomes);
  }, 300_000);

  it(`fills each order once when two sweeps run at once, ${ROUNDS} rounds`, async () => {
    const trader = await newTrader(t.app, t.db, t.demoCode, 200_000_000);
    for (let round = 0; round < ROUNDS; round += 1) {
      const resting = await dueRestingOrders(trader, 6);
      const summaries = await Promise.all([sweepOrders(t.app.maru), sweepOrders(t.app.maru)]);
      expect(
        summaries.reduce((n, s) => n + s.filled, 0),
        `round ${round}`,
      ).toBe(resting.length);
      const ids = resting.map((o) => o.id);
      const fills = await entriesOf(ids, 'trade_fill');
      expect([...fills.values()], `round ${round}`).toEqual(ids.map(() => 1));
      const rows = await ordersOf(trader);
      for (const id of ids) {
        expect(rows.find((r) => r.id === id)?.state, `order ${id}`).toMatch(/^holding\./);
      }
      await expectMoneyMatchesOrders(trader, `round ${round}`);
    }
  }, 300_000);

  it(`closes with a loss past the margin while the same customer places orders, ${ROUNDS} rounds`, async () => {
    // Registered after the house's fee account was opened: its accounts' ids are higher, the
    // order in which the ledger locks them.
    const houseFees = await houseAccountId(t.db, 'KRW', 'house_fees');
    const trader = await newTrader(t.app, t.db, t.demoCode, 50_000_000);
    expect(await customerAccountId(t.db, trader.id, 'KRW', 'available')).toBeGreaterThan(houseFees);
    const risky = order({ product: 'bulkDayTrading', lots: 1, leverage: 1_000 });
    for (let round = 0; round < ROUNDS; round += 1) {
      const opened: TradeOrderDto[] = [];
      for (let i = 0; i < 4; i += 1) {
        opened.push(expectSuccess<TradeOrderDto>(await place(t.app, trader, risky)));
      }
      const answers = await Promise.all([
        ...opened.map((o) => closeOrder(t.app, trader, o.id)),
        ...opened.map(() => place(t.app, trader, order({ lots: 1, leverage: 1 }))),
      ]);
      for (const a of answers) {
        expect(`${a.statusCode} ${codeOf(a) ?? 'ok'}`, `round ${round}`).toBe('200 ok');
      }
      for (const a of answers.slice(0, opened.length)) {
        const closed = expectSuccess<TradeOrderDto>(a);
        expect(closed.state).toBe('closed');
        // The closing tax alone is more than the margin: the loss took from available.
        expect(closed.realisedPnl ?? 0).toBeLessThan(-closed.margin - closed.fee);
      }
      await expectMoneyMatchesOrders(trader, `round ${round}`);
    }
  }, 300_000);
});
