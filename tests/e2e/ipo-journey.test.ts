import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionDeposit } from '../../contract/ipo';
import { formatMoney } from '../../contract/money';
import { CALL_PATHS } from '../../contract/paths';
import type { StaffIpoOfferingDto } from '../../contract/schemas/ipo';
import type { TradeProductTerms } from '../../contract/trade';
import koLifecycles from '../../locales/ko/lifecycles.json';
import koUi from '../../locales/ko/ui.json';
import { seriousAxeProblems } from './axe';
import {
  customerCall,
  fundedCustomer,
  launchBrowser,
  newPhonePage,
  staffCall,
  staffFirstSignIn,
  startAppInProcessWithStaff,
  step,
  storeSignedIn,
} from './support';
import type { InProcessApp } from './support';

/**
 * Issue 12's whole IPO journey in a real browser against the real server, on a clock the test
 * moves: subscribe → the draw → won → pay → listing → the shares sold through the trade screen.
 *
 * The server is the app `npm start` runs (same configuration, embedded PGlite seeded from the
 * template, built client, job runner, demo market), started in this process by
 * `startAppInProcess` (tests/e2e/support.ts) with a `MovableClock` as the app's clock and the
 * feed's: the wall clock plus whatever the test has added. Nothing in the server can move time;
 * only this process holds the clock. When the test jumps it past the draw day or the listing, the
 * job runner (polling every MARU_JOB_POLL_MS, 1 s) finds those jobs due and runs them, as it
 * would on the day.
 *
 * An operator publishes an offering through the back office's calls (`/ipo/create`,
 * `/ipo/publish`) with its window, draw, payment deadline and listing minutes apart, and lifts the
 * stock product's T+1 lock (`/products/set`, audited; a T+1 wait would have the simulated market
 * run a whole day). The customer is the only subscriber and applies for fewer shares than are
 * offered, so by the published rule (docs/ipo-draw.md: an undersubscribed offering allots every
 * subscription what it applied for) the subscription wins all its shares: certain, not lucky.
 *
 * What the customer sees is asserted: the state on the records and the record screens, the pay
 * button and the cash available on the account screen dropping by what was due, the position on
 * the holding tab after the listing, its sale with the confirmation, the closed tab and the trade
 * records.
 */

const ADMIN = 'ipojourneyadmin';
const STAFF_PASSWORD = 'staff-cobalt-lantern-58';
const PASSWORD = 'amber-lantern-62';
const FUND = '135790';
const DEPOSIT = 20_000_000;
const MINUTE = 60_000;
/** The screens wait for the job runner's next tick and the answer: generous on a busy machine. */
const POLL = { timeout: 30_000, intervals: [500, 1_000, 2_000] };

const OFFER_PRICE = 10_000;
const SHARES_OFFERED = 1_000;
const MIN_SHARES = 10;
/** The stepper starts at the minimum; one tap up. */
const SHARES = MIN_SHARES + 1;
const DEPOSIT_PCT = 50;

let app: InProcessApp;
let browser: Browser;
let oneTimePasswords: Map<string, string>;

beforeAll(async () => {
  ({ app, oneTimePasswords } = await startAppInProcessWithStaff([
    { account: ADMIN, role: 'admin' },
  ]));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** The subscription's state as the screens name it (locales/ko/lifecycles.json). */
const stateWord = (state: string) =>
  (koLifecycles.states as Record<string, string>)[`subscription.${state}`];

describe('the IPO journey on a clock the test moves', () => {
  it('subscribes, is drawn and wins, pays, sees the listing in the holdings and sells', async () => {
    const admin = await (
      await browser.newContext({ viewport: { width: 1280, height: 800 } })
    ).newPage();
    await step(admin, 'admin signs in', () =>
      staffFirstSignIn(admin, app.baseUrl, {
        account: ADMIN,
        oneTimePassword: oneTimePasswords.get(ADMIN) ?? '',
        newPassword: STAFF_PASSWORD,
      }),
    );
    const adminToken =
      (await admin.evaluate(() => sessionStorage.getItem('maru-staff-token'))) ?? '';
    expect(adminToken).not.toBe('');
    await admin.context().close();

    // The stock product's T+1 lock lifted by the operator (audited; applies to new positions).
    const { products } = await staffCall<{
      products: (TradeProductTerms & { openNow?: boolean })[];
    }>(app, adminToken, '/products/list', {});
    const stock = products.find((p) => p.code === 'stock');
    if (!stock) throw new Error('no stock product');
    const { openNow: _openNow, ...stockTerms } = stock;
    await staffCall(app, adminToken, '/products/set', {
      ...stockTerms,
      lock: { kind: 'minutes', count: 0 },
    });

    // The offering, on the app's clock: open now, closing in 10 minutes, drawn a minute later,
    // payment due 10 minutes after the draw, listed a minute after that.
    const now = app.clock.now();
    const at = (minutes: number) => new Date(now + minutes * MINUTE).toISOString();
    const draft = await staffCall<StaffIpoOfferingDto>(app, adminToken, '/ipo/create', {
      symbol: '0009K0',
      name: '에임드바이오',
      nameEn: 'Aimed Bio',
      market: 'KOSDAQ',
      broker: 'KB증권',
      offerPrice: OFFER_PRICE,
      sharesOffered: SHARES_OFFERED,
      minShares: MIN_SHARES,
      maxTimes: 1,
      minFunds: 0,
      depositPct: DEPOSIT_PCT,
      equalShareBps: 5000,
      opensAt: at(-60),
      closesAt: at(10),
      drawAt: at(11),
      paymentDeadline: at(20),
      listingAt: at(21),
    });
    const offering = await staffCall<StaffIpoOfferingDto>(app, adminToken, '/ipo/publish', {
      id: draft.id,
    });
    expect(offering.phase).toBe('subscribing');

    const customer = await fundedCustomer(app, adminToken, {
      account: `ipoj${Date.now().toString(36)}`,
      password: PASSWORD,
      fundPassword: FUND,
      deposit: DEPOSIT,
    });
    const deposit = subscriptionDeposit(OFFER_PRICE, SHARES, DEPOSIT_PCT);
    const allottedAmount = OFFER_PRICE * SHARES;

    const phone = await newPhonePage(browser);
    const errors: string[] = [];
    phone.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    phone.on('console', (message) => {
      if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
    });
    const problems: string[] = [];
    const check = async (where: string, testId: string) => {
      await phone.getByTestId(testId).first().waitFor({ timeout: 30_000 });
      problems.push(...(await seriousAxeProblems(phone, where, { detail: true })));
    };
    await phone.goto(app.baseUrl);
    await storeSignedIn(phone, customer, 'kor');
    const go = async (route: string) => {
      await phone.goto(`${app.baseUrl}/?load=${Date.now()}#${route}`);
    };
    /** A screen's text, read afresh (the screen reloaded) until it is what is expected. */
    const screenText = async (route: string, testId: string, attribute?: string) => {
      await go(route);
      const element = phone.getByTestId(testId);
      await element.waitFor({ timeout: 30_000 });
      return attribute ? element.getAttribute(attribute) : element.textContent();
    };
    const available = (won: number) => `${koUi.mine.available} ${formatMoney(won, 'KRW')}`;

    await step(phone, 'subscribes from the offerings with the stepper and the keypad', async () => {
      await go('/home/newStock?tab=open');
      await check('newStock', `ipo-offering-${offering.id}`);
      await phone.getByTestId(`ipo-offering-${offering.id}`).click();
      await check('newStockBuy', 'ipo-subscribe-form');
      await phone.getByTestId('stepper-increase').click();
      await expect
        .poll(() => phone.getByTestId('ipo-subscribe-deposit').textContent(), POLL)
        .toBe(`${deposit.toLocaleString('en-US')}원`);
      await phone.getByTestId('ipo-subscribe-next').click();
      await phone.getByTestId('ipo-keypad').waitFor();
      await phone.getByTestId('input-fundPassword').fill(FUND);
      await phone.getByTestId('ipo-subscribe-submit').click();
      await check('newStockBuy done', 'ipo-subscribe-done');
    });

    const records = await customerCall<{ rows: { id: number; kind: string }[] }>(
      app,
      customer,
      CALL_PATHS.ipoRecords,
      { tab: 'subscriptions', page: 1, pageSize: 20 },
    );
    expect(records.rows).toHaveLength(1);
    const subscriptionId = records.rows[0]?.id ?? 0;
    const rowState = `ipo-record-row-state-${subscriptionId}`;

    await step(phone, 'the records show it subscribed; the deposit is held', async () => {
      expect(await screenText('/home/newStockRecords', rowState)).toBe(stateWord('subscribing'));
      expect(await screenText('/information/index', 'mine-available-KRW')).toBe(
        available(DEPOSIT - deposit),
      );
    });

    // Draw day: past the window's close and the draw.
    app.clock.advance(11 * MINUTE + 5_000);

    await step(phone, 'after the draw the records show it won, pending payment', async () => {
      await expect
        .poll(() => screenText('/home/newStockRecords', rowState), POLL)
        .toBe(stateWord('won.pendingPayment'));
      await check('newStockRecords won', `ipo-records-row-${subscriptionId}`);
      await phone.getByTestId(`ipo-records-row-${subscriptionId}`).click();
      await check('newStockRecord won', 'ipo-record');
      expect(await phone.getByTestId('ipo-record-state').getAttribute('data-state')).toBe(
        'won.pendingPayment',
      );
      expect(await phone.getByTestId('ipo-record-state').textContent()).toBe(
        stateWord('won.pendingPayment'),
      );
    });

    await step(phone, 'pays with the confirmation; the cash available drops', async () => {
      await phone.getByTestId(`ipo-record-${subscriptionId}-pay`).click();
      await check('newStockRecord pay', `ipo-record-${subscriptionId}-confirm-pay`);
      await phone.getByTestId(`ipo-record-${subscriptionId}-confirm-pay`).click();
      await expect
        .poll(() => phone.getByTestId('ipo-record-state').getAttribute('data-state'), POLL)
        .toBe('won.paid');
      expect(await phone.getByTestId(`ipo-record-${subscriptionId}-pay`).count()).toBe(0);
      // The deposit paid part, the rest came from the cash: the whole allotment is gone.
      expect(await screenText('/information/index', 'mine-available-KRW')).toBe(
        available(DEPOSIT - allottedAmount),
      );
      expect(await screenText('/home/newStockRecords', rowState)).toBe(stateWord('won.paid'));
    });

    // Listing day.
    app.clock.advance(10 * MINUTE);

    let orderId = 0;
    await step(phone, 'after the listing the record leads to the position', async () => {
      await expect
        .poll(
          () =>
            screenText(
              `/home/newStockRecord?id=${subscriptionId}`,
              'ipo-record-state',
              'data-state',
            ),
          POLL,
        )
        .toBe('listed');
      const href = (await phone.getByTestId('ipo-record-position').getAttribute('href')) ?? '';
      orderId = Number(/id=(\d+)/.exec(href)?.[1] ?? 0);
      expect(orderId).toBeGreaterThan(0);
      await phone.getByTestId('ipo-record-position').click();
      await check('positionDetail', 'position-detail');
    });

    await step(phone, 'the holding tab shows the shares; sold with the confirmation', async () => {
      await go('/trade/index?tab=holding');
      await check('trade holding', `order-row-${orderId}`);
      expect(await phone.getByTestId(`order-name-${orderId}`).textContent()).toContain(
        '에임드바이오',
      );
      await phone.getByTestId(`order-${orderId}-close`).click();
      await check('trade holding confirm', `order-${orderId}-confirm-close`);
      await phone.getByTestId(`order-${orderId}-confirm-close`).click();
      await expect.poll(() => phone.getByTestId(`order-row-${orderId}`).count(), POLL).toBe(0);
    });

    await step(phone, 'the closed tab, the trade records and the cash show the sale', async () => {
      await phone.getByTestId('positions-tab-closed').click();
      await check('trade closed', `order-row-${orderId}`);
      expect(await phone.getByTestId(`order-${orderId}-closedBy`).textContent()).toBe(
        koUi.positions.closedBy.customer,
      );
      await go('/information/fundRecord?type=trade');
      await check('fundRecord trades', 'fundrecord-list');
      await expect
        .poll(() => phone.getByTestId('fundrecord-list').textContent(), POLL)
        .toContain(koUi.money.records.entryKind.trade_close);
      // The sale's proceeds are available again.
      const after = (await screenText('/information/index', 'mine-available-KRW')) ?? '';
      const won = Number(after.replace(/\D/g, ''));
      expect(won).toBeGreaterThan(DEPOSIT - allottedAmount);
      expect(await screenText('/home/newStockRecords', rowState)).toBe(stateWord('listed'));
    });

    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await phone.context().close();
  }, 300_000);
});
