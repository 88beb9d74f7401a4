import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorporateActionDto, TradeOrderDto } from '../../contract';
import { dividendSplit } from '../../contract';
import { ledgerAccounts } from '../../server/db/schema';
import { auditLedger } from '../../server/ledger';
import { runDueJobs } from '../../server/lifecycle';
import { rightsAllotmentRecords } from '../../server/modules/corporate';
import type { TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import { call, expectRefusal, expectSuccess } from './api-helpers';
import {
  announce,
  applyRights,
  corporateListOf,
  dividendBody,
  rightsBody,
} from './corporate-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import type { Trader, TradingMarket } from './trade-helpers';
import { newTrader, orderOf, placed, tradingMarket } from './trade-helpers';
import { FUND } from './withdrawal-helpers';

/**
 * Dividends and rights issues through the real app (docs/corporate-actions.md), on a market the
 * test holds still: a holder of `stock` longs on the record date is paid the dividend net of
 * 15.4 % (the tax in the house's withholding account), a non-holder nothing; a rights issue
 * takes applications from holders only, within their entitlement and the window, and lists the
 * new shares as a position.
 */
describe('corporate actions', () => {
  let t: TestApp;
  let m: TradingMarket;
  let holder: Trader;
  let nonHolder: Trader;
  let operator: SignedInStaff;
  let reviewer: SignedInStaff;
  let position: TradeOrderDto;
  const START = 20_000_000;
  const SHARES = 25;

  const balances = async (who: Trader) => {
    const rows = expectSuccess<{ currency: string; available: number; held: number }[]>(
      await call(t.app, '/user/balances', {}, { session: who.session }),
    );
    const krw = rows.find((r) => r.currency === 'KRW');
    return { available: krw?.available ?? 0, held: krw?.held ?? 0 };
  };
  const houseBalance = async (kind: 'house_dividends' | 'house_withholding') => {
    const [row] = await t.db
      .select({ balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(
        and(
          isNull(ledgerAccounts.customerId),
          eq(ledgerAccounts.currency, 'KRW'),
          eq(ledgerAccounts.kind, kind),
        ),
      );
    return row?.balance ?? 0;
  };
  /** An edit's body: the kind, dates and terms; the symbol never changes. */
  const editBody = (now: number) => {
    const { symbol: _symbol, ...terms } = dividendBody(now);
    return terms;
  };
  const runJobsAt = (iso: string) => runDueJobs(t.db, { now: new Date(iso) });
  const calendarRow = async (id: number) =>
    expectSuccess<{ items: CorporateActionDto[] }>(
      await staffCall(t.app, '/corporate/calendar', { pageSize: 100 }, operator.token),
    ).items.find((a) => a.id === id);

  beforeAll(async () => {
    m = tradingMarket();
    t = await buildTestApp('pglite', {}, { clock: m.clock, market: m.market });
    holder = await newTrader(t.app, t.db, t.demoCode, START);
    nonHolder = await newTrader(t.app, t.db, t.demoCode, START);
    operator = await signInNewStaff(t.app, t.db, 'operator');
    reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    position = await placed(t.app, holder, { symbol: '005930', lots: SHARES });
    expect(position.state).toMatch(/^holding/);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('a cash dividend', () => {
    let action: CorporateActionDto;
    let before: { available: number; held: number };
    let otherBefore: { available: number; held: number };
    const gross = SHARES * 361;
    const { tax, net } = dividendSplit(gross);

    beforeAll(async () => {
      action = await announce(t.app, operator.token, dividendBody(m.now()));
      before = await balances(holder);
      otherBefore = await balances(nonHolder);
    });

    it('is announced with its price factor, editable, in the calendar and the customers’ list', async () => {
      expect(action).toMatchObject({
        symbol: '005930',
        kind: 'dividend',
        perShare: 361,
        state: 'announced',
        editable: true,
        holders: 0,
      });
      expect(action.priceFactorPpm).toBeGreaterThan(990_000);
      expect(action.priceFactorPpm).toBeLessThan(1_000_000);
      const list = await corporateListOf(t.app, nonHolder);
      expect(list.upcoming.map((u) => u.id)).toContain(action.id);
      expect(list.dividends).toEqual([]);
    });

    it('takes an edit before the record date, audited; the calendar shows it', async () => {
      const edited = expectSuccess<CorporateActionDto>(
        await staffCall(
          t.app,
          '/corporate/edit',
          { id: action.id, version: action.version, ...editBody(m.now()) },
          operator.token,
        ),
      );
      expect(edited.perShare).toBe(361);
      expect((await calendarRow(action.id))?.editable).toBe(true);
    });

    it('writes the holders down on the record date: the holder, not the non-holder', async () => {
      await runJobsAt(new Date(m.now() + 60_000).toISOString());
      const row = await calendarRow(action.id);
      expect(row).toMatchObject({ state: 'recorded', holders: 1, editable: false });
      const mine = await corporateListOf(t.app, holder);
      expect(mine.dividends).toEqual([
        expect.objectContaining({
          actionId: action.id,
          sharesHeld: SHARES,
          gross,
          tax,
          net,
          paidAt: null,
        }),
      ]);
      expect((await corporateListOf(t.app, nonHolder)).dividends).toEqual([]);
    });

    it('is no longer editable after the record date', async () => {
      const row = await calendarRow(action.id);
      expectRefusal(
        await staffCall(
          t.app,
          '/corporate/edit',
          {
            id: action.id,
            version: row?.version ?? 0,
            ...editBody(m.now() + 3_600_000),
          },
          operator.token,
        ),
        'corporate.not_editable',
        409,
      );
    });

    it('pays the holder net of 15.4 % on the payment date, the tax to the house; the ledger balances', async () => {
      const houseTaxBefore = await houseBalance('house_withholding');
      const houseDivBefore = await houseBalance('house_dividends');
      await runJobsAt(new Date(m.now() + 10 * 60_000).toISOString());
      expect(tax).toBe(Math.floor(gross * 0.154));
      expect(await balances(holder)).toEqual({
        available: before.available + net,
        held: before.held,
      });
      expect(await balances(nonHolder)).toEqual(otherBefore);
      expect((await houseBalance('house_withholding')) - houseTaxBefore).toBe(tax);
      expect((await houseBalance('house_dividends')) - houseDivBefore).toBe(-gross);
      const row = await calendarRow(action.id);
      expect(row).toMatchObject({ state: 'paid', paidNet: net, taxWithheld: tax });
      const [dividend] = (await corporateListOf(t.app, holder)).dividends;
      expect(dividend?.paidAt).not.toBeNull();
      expect(await auditLedger(t.db)).toEqual([]);
    });

    it('pays once: the payment job does not run again', async () => {
      const after = await balances(holder);
      await runJobsAt(new Date(m.now() + 20 * 60_000).toISOString());
      expect(await balances(holder)).toEqual(after);
    });
  });

  describe('a rights issue', () => {
    let action: CorporateActionDto;
    const entitled = Math.floor(SHARES * 0.2);
    const PRICE = 40_000;

    beforeAll(async () => {
      action = await announce(t.app, operator.token, rightsBody(m.now()));
    });

    it('refuses applications before the record date', async () => {
      expectRefusal(
        await applyRights(t.app, holder, { id: action.id, shares: 1, fundPassword: FUND }),
        'corporate.not_open',
        400,
      );
    });

    it('refuses what is not a rights issue, unknown ids and a missing Idempotency-Key', async () => {
      await runJobsAt(new Date(m.now() + 60_000).toISOString());
      // Recorded and paid after this test's other jobs, so it moves no balance they check.
      const dividend = await announce(
        t.app,
        operator.token,
        dividendBody(m.now(), {
          recordAt: new Date(m.now() + 30 * 60_000).toISOString(),
          payAt: new Date(m.now() + 40 * 60_000).toISOString(),
        }),
      );
      expectRefusal(
        await applyRights(t.app, holder, { id: dividend.id, shares: 1 }),
        'corporate.wrong_kind',
        400,
        'id',
      );
      expectRefusal(
        await applyRights(t.app, holder, { id: 999_999, shares: 1 }),
        'corporate.not_found',
        404,
        'id',
      );
      const noKey = await call(
        t.app,
        '/corporate/apply',
        { id: action.id, shares: 1 },
        { session: holder.session },
      );
      expect(noKey.statusCode).toBe(400);
    });

    it('offers the holder their entitlement; refuses the non-holder and more than entitled', async () => {
      const list = await corporateListOf(t.app, holder);
      expect(list.rights).toEqual([
        expect.objectContaining({
          id: action.id,
          entitled,
          applied: 0,
          open: true,
          sharesHeld: SHARES,
        }),
      ]);
      expectRefusal(
        await applyRights(t.app, nonHolder, { id: action.id, shares: 1, fundPassword: FUND }),
        'corporate.not_entitled',
        400,
      );
      const over = expectRefusal(
        await applyRights(t.app, holder, {
          id: action.id,
          shares: entitled + 1,
          fundPassword: FUND,
        }),
        'corporate.over_entitlement',
        400,
      );
      expect(over.params?.max).toBe(String(entitled));
    });

    it('refuses a wrong fund password, writing no application', async () => {
      expectRefusal(
        await applyRights(t.app, holder, { id: action.id, shares: 1, fundPassword: '000000' }),
        'fund_password.wrong',
        400,
      );
      expect((await corporateListOf(t.app, holder)).applications).toEqual([]);
    });

    it('holds issue price × shares on applying; a retry with the key applies once', async () => {
      const before = await balances(holder);
      const key = 'rights-apply-1';
      const first = await applyRights(
        t.app,
        holder,
        { id: action.id, shares: entitled - 1, fundPassword: FUND },
        key,
      );
      const again = await applyRights(
        t.app,
        holder,
        { id: action.id, shares: entitled - 1, fundPassword: FUND },
        key,
      );
      expect(again.json()).toEqual(first.json());
      const list = await corporateListOf(t.app, holder);
      expect(list.applications).toHaveLength(1);
      expect(list.applications[0]).toMatchObject({
        shares: entitled - 1,
        price: PRICE,
        amount: PRICE * (entitled - 1),
        state: 'applied',
      });
      expect(await balances(holder)).toEqual({
        available: before.available - PRICE * (entitled - 1),
        held: before.held + PRICE * (entitled - 1),
      });
      expectRefusal(
        await applyRights(t.app, holder, { id: action.id, shares: 2, fundPassword: FUND }),
        'corporate.over_entitlement',
        400,
      );
    });

    it('gives the hold back when staff refuse an application, which then no longer counts', async () => {
      const second = expectSuccess<{ applications: { id: number; version: number }[] }>(
        await applyRights(t.app, holder, { id: action.id, shares: 1, fundPassword: FUND }),
      ).applications[0];
      const before = await balances(holder);
      expectSuccess(
        await staffCall(
          t.app,
          '/corporate/refuse',
          { id: second?.id, version: second?.version, reason: 'Account under review' },
          reviewer.token,
        ),
      );
      expect(await balances(holder)).toEqual({
        available: before.available + PRICE,
        held: before.held - PRICE,
      });
      const mine = (await corporateListOf(t.app, holder)).applications.find(
        (a) => a.id === second?.id,
      );
      expect(mine).toMatchObject({ state: 'refused', reason: 'Account under review' });
    });

    it('pays at the window close and lists the shares as a stock position on the listing date', async () => {
      const [application] = (await corporateListOf(t.app, holder)).applications.filter(
        (a) => a.state === 'applied',
      );
      await runJobsAt(new Date(m.now() + 5 * 60_000).toISOString());
      expect(
        (await corporateListOf(t.app, holder)).applications.find((a) => a.id === application?.id)
          ?.state,
      ).toBe('paid');
      const before = await balances(holder);
      await runJobsAt(new Date(m.now() + 10 * 60_000).toISOString());
      const listed = (await corporateListOf(t.app, holder)).applications.find(
        (a) => a.id === application?.id,
      );
      expect(listed?.state).toBe('listed');
      expect(listed?.orderId).not.toBeNull();
      const order = await orderOf(t.app, holder, listed?.orderId ?? 0);
      expect(order).toMatchObject({ product: 'stock', symbol: '005930', shares: entitled - 1 });
      expect(order.state).toMatch(/^holding/);
      // The hold became the position's margin: nothing came back to available.
      expect((await balances(holder)).available).toBe(before.available);
      expect((await balances(holder)).held).toBe(before.held - PRICE * (entitled - 1));
      expect((await calendarRow(action.id))?.state).toBe('ended');
      expect(await auditLedger(t.db)).toEqual([]);
    });

    it('reads as allotment records for /ipo/records', async () => {
      const page = await rightsAllotmentRecords(t.db, holder.id, 1);
      expect(page.total).toBe(2);
      expect(page.rows.map((r) => r.state)).toEqual(['refused', 'listed']);
      const tab = expectSuccess<{ rows: { kind: string; state: string; name: string }[] }>(
        await call(
          t.app,
          '/ipo/records',
          { tab: 'allotments', page: 1, pageSize: 20 },
          { session: holder.session },
        ),
      );
      expect(tab.rows.map((r) => r.state)).toEqual(['refused', 'listed']);
      expect(tab.rows.every((r) => r.kind === 'allotments' && r.name.length > 0)).toBe(true);
    });

    it('refuses applications once the window is closed', async () => {
      expectRefusal(
        await applyRights(t.app, holder, { id: action.id, shares: 1, fundPassword: FUND }),
        'corporate.not_open',
        400,
      );
    });
  });

  describe('a withdrawn rights issue', () => {
    it('lapses waiting applications and gives their holds back', async () => {
      const action = await announce(t.app, operator.token, rightsBody(m.now()));
      await runJobsAt(new Date(m.now() + 60_000).toISOString());
      const before = await balances(holder);
      const applied = expectSuccess<{ applications: { id: number }[] }>(
        await applyRights(t.app, holder, { id: action.id, shares: 2, fundPassword: FUND }),
      ).applications[0];
      const row = await calendarRow(action.id);
      expectSuccess(
        await staffCall(
          t.app,
          '/corporate/cancel',
          { id: action.id, version: row?.version ?? 0, reason: 'The issuer withdrew it' },
          operator.token,
        ),
      );
      expect(await balances(holder)).toEqual(before);
      const mine = (await corporateListOf(t.app, holder)).applications.find(
        (a) => a.id === applied?.id,
      );
      expect(mine?.state).toBe('lapsed');
      expect(await calendarRow(action.id)).toMatchObject({
        state: 'cancelled',
        cancelReason: 'The issuer withdrew it',
      });
      expect(await auditLedger(t.db)).toEqual([]);
    });
  });

  describe('staff calendar input', () => {
    it('refuses dates out of order and terms missing for the kind', async () => {
      const now = m.now();
      expectRefusal(
        await staffCall(
          t.app,
          '/corporate/create',
          dividendBody(now, { recordAt: new Date(now - 60_000).toISOString() }),
          operator.token,
        ),
        'corporate.invalid_dates',
        400,
        'recordAt',
      );
      expectRefusal(
        await staffCall(
          t.app,
          '/corporate/create',
          dividendBody(now, { payAt: new Date(now).toISOString() }),
          operator.token,
        ),
        'corporate.invalid_dates',
        400,
        'payAt',
      );
      expectRefusal(
        await staffCall(
          t.app,
          '/corporate/create',
          dividendBody(now, { perShare: undefined }),
          operator.token,
        ),
        'corporate.invalid_terms',
        400,
        'perShare',
      );
      expectRefusal(
        await staffCall(
          t.app,
          '/corporate/create',
          rightsBody(now, { windowClosesAt: new Date(now + 3_600_000).toISOString() }),
          operator.token,
        ),
        'corporate.invalid_dates',
        400,
        'windowClosesAt',
      );
      expectRefusal(
        await staffCall(t.app, '/corporate/create', dividendBody(now), reviewer.token),
        'staff.forbidden',
        403,
      );
    });
  });
});
