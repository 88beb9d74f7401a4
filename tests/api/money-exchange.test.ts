import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExchangeDto, ExchangeQuoteDto, FundRecordDto } from '../../contract';
import { CURRENCIES } from '../../contract';
import {
  exchangeQuotes,
  exchanges,
  journalEntries,
  ledgerAccounts,
  postings,
} from '../../server/db/schema';
import { decimalFraction, exchangeFigures } from '../../server/modules/money/exchange-rate';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from './api-helpers';
import { call, expectRefusal, expectSuccess, registerCustomer, writeSnapshot } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import { FUND, adjust, balanceOf, verifiedCustomer } from './money-helpers';
import type { TradingMarket } from './trade-helpers';
import { tradingMarket } from './trade-helpers';

/**
 * Currency exchange through the real API (docs/money.md "Exchange"): quotes from the feed's rates
 * less the spread, rounded down; two linked entries through house_fx; one use per quote.
 */
describe.each(databaseKinds)('currency exchange on %s', (kind) => {
  let t: TestApp;
  // The market moves only when the test moves it: a quote's rate is compared with the feed's.
  let market: TradingMarket;
  let reviewer: SignedInStaff;
  let staff: { proposer: SignedInStaff; approver: SignedInStaff };

  beforeAll(async () => {
    market = tradingMarket({ start: Date.now(), demo: true, seed: 'exchange-tests' });
    t = await buildTestApp(kind, {}, { clock: market.clock, market: market.market });
    reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    staff = {
      proposer: await signInNewStaff(t.app, t.db, 'operator'),
      approver: await signInNewStaff(t.app, t.db, 'operator'),
    };
  }, 120_000);
  afterAll(() => t.close());

  const quote = async (session: Session, body: Record<string, unknown>) =>
    expectSuccess<ExchangeQuoteDto>(await call(t.app, '/user/exchange/quote', body, { session }));
  const exchange = (session: Session, quoteId: string, headers: Record<string, string> = {}) =>
    call(t.app, '/user/exchange', { quoteId, fundPassword: FUND }, { session, headers });

  it('quotes from the feed rate less the spread, rounded down, held for the quote time', async () => {
    const { session } = await verifiedCustomer(t, reviewer);
    const q = await quote(session, { from: 'KRW', to: 'USD', amount: 1_450_000 });
    const [row] = await t.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.id, q.quoteId));
    if (!row) throw new Error('quote not stored');
    expect(row.spreadBps).toBe(50);
    const usd = t.app.maru.feed.fxRates().find((r) => r.currency === 'USD');
    expect(row.toKrwPerUnit).toBe(String(usd?.krwPerUnit));
    const expected = exchangeFigures({
      amount: 1_450_000,
      fromDigits: 0,
      toDigits: 2,
      fromKrw: decimalFraction(1),
      toKrw: decimalFraction(Number(row.toKrwPerUnit)),
      spreadBps: 50,
    });
    expect(q).toMatchObject({
      from: 'KRW',
      to: 'USD',
      amount: 1_450_000,
      receive: Number(expected.receive),
      fee: Number(expected.fee),
      rate: expected.rate,
      expiresAt: new Date(market.now() + 30_000).toISOString(),
    });
    // The house keeps the spread and at most one cent of rounding.
    const exact = (1_450_000 / Number(row.toKrwPerUnit)) * 100 * 0.995;
    expect(exact - q.receive).toBeGreaterThanOrEqual(0);
    expect(exact - q.receive).toBeLessThan(1);
    expect(q.fee).toBeGreaterThan(0);
  });

  it('quotes every exchange currency, USDT at the dollar rate, and crosses through the won', async () => {
    const { session } = await verifiedCustomer(t, reviewer);
    const usdt = await quote(session, { from: 'USD', to: 'USDT', amount: 10_000 });
    // 100.00 USD is 100 USDT at the dollar's rate, less 0.5 %.
    expect(usdt.receive).toBe(99_500_000);
    const jpy = await quote(session, { from: 'CNY', to: 'JPY', amount: 100_00 });
    expect(jpy.receive).toBeGreaterThan(0);
    expect(CURRENCIES[jpy.to].minorDigits).toBe(0);
  });

  it('refuses a currency into itself, an amount too small to receive anything, bad amounts', async () => {
    const { session } = await verifiedCustomer(t, reviewer);
    const before = await writeSnapshot(t.db);
    expectRefusal(
      await call(
        t.app,
        '/user/exchange/quote',
        { from: 'USD', to: 'USD', amount: 100 },
        { session },
      ),
      'exchange.same_currency',
      400,
    );
    expectRefusal(
      await call(t.app, '/user/exchange/quote', { from: 'KRW', to: 'USD', amount: 1 }, { session }),
      'exchange.too_small',
      400,
      'amount',
    );
    for (const amount of [0, -5, 1.5, 2 ** 53]) {
      expectRefusal(
        await call(t.app, '/user/exchange/quote', { from: 'KRW', to: 'USD', amount }, { session }),
        'money.invalid_amount',
        400,
        'amount',
      );
    }
    expectRefusal(
      await call(
        t.app,
        '/user/exchange/quote',
        { from: 'EUR', to: 'USD', amount: 100 },
        { session },
      ),
      'money.unsupported_currency',
      400,
      'from',
    );
    expect(await writeSnapshot(t.db)).toEqual(before);
  });

  it('exchanges at the quote in two linked entries through the house FX accounts', async () => {
    const { session, id } = await verifiedCustomer(t, reviewer);
    await adjust(t, staff, id, 'KRW', 2_000_000);
    const q = await quote(session, { from: 'KRW', to: 'USD', amount: 1_450_000 });
    const done = expectSuccess<ExchangeDto>(await exchange(session, q.quoteId));
    expect(done).toMatchObject({
      orderNo: `X${done.id}`,
      rate: q.rate,
      fee: q.fee,
      sold: { currency: 'KRW', amount: -1_450_000 },
      bought: { currency: 'USD', amount: q.receive },
    });
    expect(await balanceOf(t, session, 'KRW')).toMatchObject({ available: 550_000 });
    expect(await balanceOf(t, session, 'USD')).toMatchObject({ available: q.receive });

    // Each entry is balanced in its own currency through house_fx.
    for (const [entryId, currency, customerSide] of [
      [done.sold.entryId, 'KRW', -1_450_000],
      [done.bought.entryId, 'USD', q.receive],
    ] as const) {
      const rows = await t.db
        .select({
          amount: postings.amount,
          kind: ledgerAccounts.kind,
          currency: ledgerAccounts.currency,
        })
        .from(postings)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, postings.accountId))
        .where(eq(postings.entryId, entryId));
      expect(rows).toHaveLength(2);
      expect(rows.every((r) => r.currency === currency)).toBe(true);
      expect(rows.find((r) => r.kind === 'available')?.amount).toBe(customerSide);
      expect(rows.find((r) => r.kind === 'house_fx')?.amount).toBe(-customerSide);
      const [entry] = await t.db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.id, entryId));
      expect(entry).toMatchObject({ kind: 'exchange', actor: `customer:${id}` });
      expect(entry?.reason).toContain(done.orderNo);
    }
    const [row] = await t.db.select().from(exchanges).where(eq(exchanges.id, done.id));
    expect(row).toMatchObject({
      soldEntryId: done.sold.entryId,
      boughtEntryId: done.bought.entryId,
    });

    // The exchange tab shows it from the customer's side; the trade tab shows the adjustment only.
    const records = expectSuccess<FundRecordDto>(
      await call(
        t.app,
        '/user/fundRecord',
        { type: 'exchange', page: 1, pageSize: 20 },
        { session },
      ),
    );
    expect(records.total).toBe(1);
    expect(records.items[0]).toMatchObject({
      id: done.id,
      type: 'exchange',
      orderNo: done.orderNo,
      state: 'done',
      amount: -1_450_000,
      currency: 'KRW',
      counterAmount: q.receive,
      counterCurrency: 'USD',
      reason: null,
    });
    const trades = expectSuccess<FundRecordDto>(
      await call(t.app, '/user/fundRecord', { type: 'trade', page: 1, pageSize: 20 }, { session }),
    );
    expect(trades.items.map((r) => r.entryKind)).toEqual(['adjustment']);

    // A used quote is gone.
    const before = await writeSnapshot(t.db);
    expectRefusal(await exchange(session, q.quoteId), 'exchange.quote_not_found', 404, 'quoteId');
    expect(await writeSnapshot(t.db)).toEqual(before);
  });

  it('refuses another customer’s quote, an expired one, and a currency without accounts', async () => {
    const a = await verifiedCustomer(t, reviewer);
    const b = await verifiedCustomer(t, reviewer);
    await adjust(t, staff, a.id, 'KRW', 100_000);
    const q = await quote(a.session, { from: 'KRW', to: 'USD', amount: 100_000 });
    expectRefusal(await exchange(b.session, q.quoteId), 'exchange.quote_not_found', 404, 'quoteId');
    expectRefusal(await exchange(a.session, 'q_nothing'), 'exchange.quote_not_found', 404);

    market.advance(30_000);
    expectRefusal(await exchange(a.session, q.quoteId), 'exchange.quote_expired', 400, 'quoteId');

    const cny = await quote(a.session, { from: 'KRW', to: 'CNY', amount: 10_000 });
    expectRefusal(await exchange(a.session, cny.quoteId), 'money.unsupported_currency', 400);
    expect(await balanceOf(t, a.session, 'KRW')).toMatchObject({ available: 100_000 });
  });

  it('refuses more than the available balance, and writes nothing', async () => {
    const { session, id } = await verifiedCustomer(t, reviewer);
    await adjust(t, staff, id, 'USD', 5_000);
    const q = await quote(session, { from: 'USD', to: 'KRW', amount: 5_001 });
    const before = await writeSnapshot(t.db);
    expectRefusal(await exchange(session, q.quoteId), 'money.insufficient', 400);
    expect(await writeSnapshot(t.db)).toEqual(before);
    // The refused exchange did not use the quote up.
    const [row] = await t.db.select().from(exchangeQuotes).where(eq(exchangeQuotes.id, q.quoteId));
    expect(row?.usedAt).toBeNull();
  });

  it('needs verified identity and the fund password, counting a wrong one', async () => {
    const plain = await registerCustomer(t.app, t.demoCode);
    const q1 = await quote(plain, { from: 'KRW', to: 'USD', amount: 100_000 });
    expectRefusal(await exchange(plain, q1.quoteId), 'kyc.required', 400);

    const { session } = await verifiedCustomer(t, reviewer);
    const q2 = await quote(session, { from: 'KRW', to: 'USD', amount: 100_000 });
    const wrong = expectRefusal(
      await call(
        t.app,
        '/user/exchange',
        { quoteId: q2.quoteId, fundPassword: '000000' },
        { session },
      ),
      'fund_password.wrong',
      400,
      'fundPassword',
    );
    expect(wrong.params?.attemptsLeft).toBe(4);
  });

  it('answers a retry with the same Idempotency-Key once, and refuses the key with another body', async () => {
    const { session, id } = await verifiedCustomer(t, reviewer);
    await adjust(t, staff, id, 'KRW', 300_000);
    const q = await quote(session, { from: 'KRW', to: 'USDT', amount: 145_000 });
    const headers = { 'idempotency-key': `x-${id}` };
    const first = expectSuccess<ExchangeDto>(await exchange(session, q.quoteId, headers));
    const again = expectSuccess<ExchangeDto>(await exchange(session, q.quoteId, headers));
    expect(again).toEqual(first);
    const [n] = await t.db
      .select({ n: count() })
      .from(exchanges)
      .where(and(eq(exchanges.customerId, id)));
    expect(n?.n).toBe(1);
    const other = await quote(session, { from: 'KRW', to: 'USD', amount: 1_000 });
    expectRefusal(
      await exchange(session, other.quoteId, headers),
      'request.idempotency_mismatch',
      422,
    );
    expect(await balanceOf(t, session, 'KRW')).toMatchObject({ available: 155_000 });
  });

  it('takes a new spread from the fund settings at once', async () => {
    const admin = await signInNewStaff(t.app, t.db, 'admin');
    expectSuccess(
      await staffCall(
        t.app,
        '/fundSettings/set',
        { key: 'fund.exchangeSpread', value: 0 },
        admin.token,
      ),
    );
    try {
      const { session } = await verifiedCustomer(t, reviewer);
      const q = await quote(session, { from: 'USD', to: 'USDT', amount: 10_000 });
      expect(q).toMatchObject({ receive: 100_000_000, fee: 0 });
    } finally {
      expectSuccess(
        await staffCall(
          t.app,
          '/fundSettings/set',
          { key: 'fund.exchangeSpread', value: 50 },
          admin.token,
        ),
      );
    }
  });
});
