import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionDeposit } from '../../contract/ipo';
import { LANGUAGES } from '../../contract/languages';
import { CALL_PATHS } from '../../contract/paths';
import type { IpoDetailDto, IpoListDto } from '../../contract/schemas/ipo';
import { seriousAxeProblems } from './axe';
import {
  customerCall,
  fundedCustomer,
  launchBrowser,
  newPhonePage,
  staffFirstSignIn,
  startAppWithStaff,
  step,
  storeSignedIn,
} from './support';
import type { RunningApp } from './support';

/**
 * Issue 12's screens against the real running app (`npm start`, the embedded default with its
 * demo offerings), nothing faked: a verified, funded customer opens IPO subscriptions from the
 * home tile, subscribes to the open demo offering with the shares stepper and the fund password
 * keypad (the deposit the screen previews is the deposit the server holds), reads the
 * subscription's record and the records, and checks the drawn demo offering's draw, which the
 * browser re-computes and finds as published. Every screen is axe-checked at 390 px.
 *
 * The draw → won → pay → listing → sell journey is not here: this app's clock is the wall clock,
 * so the draw date of an offering opened now is days away. tests/e2e/ipo-journey.test.ts runs it
 * in the browser on an app started in the test's process with a clock the test moves.
 */

const ADMIN = 'ipoadmin';
const STAFF_PASSWORD = 'staff-cobalt-harbour-41';
const PASSWORD = 'amber-lantern-62';
const FUND = '135790';
const DEPOSIT = 20_000_000;
const POLL = { timeout: 20_000 };

let app: RunningApp;
let browser: Browser;
let oneTimePasswords: Map<string, string>;

beforeAll(async () => {
  ({ app, oneTimePasswords } = await startAppWithStaff([{ account: ADMIN, role: 'admin' }]));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('the IPO screens against the running app', () => {
  it('subscribes to the open demo offering from the home tile; the record, the records and a verified draw', async () => {
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
    const customer = await fundedCustomer(app, adminToken, {
      account: `ipo${Date.now().toString(36)}`,
      password: PASSWORD,
      fundPassword: FUND,
      deposit: DEPOSIT,
    });

    const open = await customerCall<IpoListDto>(app, customer, CALL_PATHS.ipoList, { tab: 'open' });
    const offering = open.offerings.find((o) => o.demo && o.phase === 'subscribing');
    if (!offering) throw new Error('no open demo offering');
    const closed = await customerCall<IpoListDto>(app, customer, CALL_PATHS.ipoList, {
      tab: 'closed',
    });
    const drawn = closed.offerings.find((o) => o.demo && o.phase === 'drawn');
    if (!drawn) throw new Error('no drawn demo offering');

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

    await step(phone, 'the home tile opens the offerings, open ones first', async () => {
      await go('/home/index');
      await phone.getByTestId('tile-ipo').click();
      await phone.waitForURL(/#\/home\/newStock/);
      await check('newStock', `ipo-offering-${offering.id}`);
      expect(await phone.getByTestId(`ipo-demo-${offering.id}`).textContent()).toBe('데모');
    });

    const shares = offering.minShares + 1;
    const deposit = subscriptionDeposit(offering.offerPrice, shares, offering.depositPct);
    await step(phone, 'subscribes with the stepper and the fund password keypad', async () => {
      await phone.getByTestId(`ipo-offering-${offering.id}`).click();
      await check('newStockBuy', 'ipo-subscribe-form');
      await phone.getByTestId('stepper-increase').click();
      await expect
        .poll(() => phone.getByTestId('ipo-subscribe-deposit').textContent(), POLL)
        .toBe(`${deposit.toLocaleString('en-US')}원`);
      await phone.getByTestId('ipo-subscribe-next').click();
      await check('newStockBuy keypad', 'ipo-keypad');
      await phone.getByTestId('input-fundPassword').fill(FUND);
      await phone.getByTestId('ipo-subscribe-submit').click();
      await check('newStockBuy done', 'ipo-subscribe-done');
    });

    const detail = await customerCall<IpoDetailDto>(app, customer, CALL_PATHS.ipoDetail, {
      id: offering.id,
    });
    const made = detail.subscriptions[0];
    if (!made) throw new Error('no subscription made');
    expect(detail.subscriptions).toHaveLength(1);
    expect(made.shares).toBe(shares);
    expect(made.deposit).toBe(deposit);
    expect(made.state).toBe('subscribing');
    expect(await phone.getByTestId('ipo-done-no').textContent()).toBe(made.subscriptionNo);
    // My list on the detail shows it after the answer.
    await phone.getByTestId(`ipo-sub-state-${made.id}`).waitFor(POLL);

    await step(phone, "the subscription's record and the records", async () => {
      await phone.getByTestId('ipo-done-record').click();
      await check('newStockRecord', 'ipo-record');
      expect(await phone.getByTestId('ipo-record-state').getAttribute('data-state')).toBe(
        'subscribing',
      );
      expect(await phone.getByTestId(`sub-deposit-${made.id}`).textContent()).toBe(
        `${deposit.toLocaleString('en-US')}원`,
      );
      await phone.getByTestId('ipo-record-step-requested').waitFor();
      await go('/home/newStockRecords');
      await check('newStockRecords', `ipo-records-row-${made.id}`);
    });

    await step(phone, "the drawn demo offering's draw is re-computed and verified", async () => {
      await go(`/home/newStockBuy?id=${drawn.id}`);
      await check('newStockBuy drawn', 'ipo-draw-link');
      await phone.getByTestId('ipo-draw-link').click();
      await check('newStockDraw', 'ipo-draw-verified');
      expect(await phone.getByTestId('ipo-draw-seed-check').getAttribute('data-value')).toBe(
        'true',
      );
      await phone.getByTestId('ipo-draw-mine-none').waitFor();
    });

    for (const { stored, locale } of LANGUAGES.filter((l) => l.locale !== 'ko')) {
      await step(phone, `the IPO screens in ${locale}`, async () => {
        await phone.evaluate((lang) => localStorage.setItem('lang', JSON.stringify(lang)), stored);
        await go('/home/newStock?tab=open');
        await check(`newStock (${locale})`, `ipo-offering-${offering.id}`);
        expect(await phone.evaluate(() => document.documentElement.lang)).toBe(locale);
        await go(`/home/newStockBuy?id=${offering.id}`);
        await check(`newStockBuy (${locale})`, `ipo-sub-state-${made.id}`);
        await go(`/home/newStockRecord?id=${made.id}`);
        await check(`newStockRecord (${locale})`, 'ipo-record-step-requested');
        await go('/home/newStockRecords');
        await check(`newStockRecords (${locale})`, `ipo-records-row-${made.id}`);
        await go(`/home/newStockDraw?id=${drawn.id}`);
        await check(`newStockDraw (${locale})`, 'ipo-draw-verified');
      });
    }

    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await phone.context().close();

    // The back office (the admin's tab, still signed in): the offerings and the drawn one's
    // report, re-computed there too.
    const office = admin;
    await step(office, 'the back office lists the offerings and reports the draw', async () => {
      await office.goto(`${app.baseUrl}/admin.html?load=${Date.now()}#/ipo`);
      await office.getByTestId(`ipo-row-${offering.id}`).waitFor({ timeout: 30_000 });
      problems.push(...(await seriousAxeProblems(office, 'back office /ipo', { detail: true })));
      await office.goto(`${app.baseUrl}/admin.html?load=${Date.now()}#/ipo/detail?id=${drawn.id}`);
      const report = office.getByTestId('ipo-draw-check');
      await report.waitFor({ timeout: 30_000 });
      expect(await report.getAttribute('data-ok')).toBe('true');
      problems.push(
        ...(await seriousAxeProblems(office, 'back office /ipo/detail', { detail: true })),
      );
    });
    expect(problems).toEqual([]);
    await office.context().close();
  }, 300_000);
});
