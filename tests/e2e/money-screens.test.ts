import type { Browser, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { LANGUAGES } from '../../contract/languages';
import { CALL_PATHS } from '../../contract/paths';
import { RECHARGE_VOUCHER_PATH } from '../../contract/schemas/funds';
import { REST } from '../../src/testing/fakeBackend';
import { seriousAxeProblems } from './axe';
import {
  launchBrowser,
  newPhonePage,
  registerCustomer,
  signedInOnLoad,
  startApp,
  step,
} from './support';
import type { RunningApp } from './support';

/**
 * The money screens with data, in the browser at phone width, in every language: the deposit
 * accounts, the deposit form with a voucher and its result, the withdrawal form, sheet and result,
 * the exchange form, quote and result — each axe-checked (WCAG 2 A/AA, serious or critical). The
 * route sweep sees these screens only as the running server answers them; here the money calls
 * answer the component tests' fixtures (src/testing/fakeBackend.ts) through Playwright routes,
 * so the states with data are checked before the server side of issue 10 is merged.
 */

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

const PASSWORD = 'amber-lantern-62';

const register = () =>
  registerCustomer(
    app,
    `mny${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`,
    PASSWORD,
  );

/** The money calls answered with the fixtures; the quote lives for a minute from now. */
async function fakeMoneyCalls(page: Page): Promise<void> {
  const answer = (data: unknown) => (route: Route) =>
    route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ status: 1, msg: '', data }),
    });
  const calls = [
    'rechargeChannel',
    'recharge',
    'cashOutInfo',
    'cashOut',
    'fundOrderCancel',
    'exchange',
    'bankList',
  ] as const;
  for (const name of calls) {
    await page.route(`**${API_BASE}${CALL_PATHS[name]}`, answer(REST[name]?.data));
  }
  await page.route(`**${API_BASE}${CALL_PATHS.exchangeQuote}`, (route) =>
    answer({ ...REST.exchangeQuote?.data, expiresAt: new Date(Date.now() + 60_000).toISOString() })(
      route,
    ),
  );
  await page.route(
    `**${API_BASE}${RECHARGE_VOUCHER_PATH}*`,
    answer({ voucherId: 'v-1', width: 8, height: 5 }),
  );
}

const axe = seriousAxeProblems;

describe.each(LANGUAGES.map((l) => [l.locale, l.stored] as const))(
  'the money screens in %s',
  (locale, stored) => {
    it('show their data, forms, sheets and results with no serious axe violation', async () => {
      const session = await register();
      const page = await newPhonePage(browser);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      await fakeMoneyCalls(page);
      await signedInOnLoad(page, session, stored);
      const problems: string[] = [];
      const check = async (where: string, testId: string) => {
        await page.getByTestId(testId).first().waitFor({ timeout: 30_000 });
        problems.push(...(await axe(page, `${where} (${locale})`)));
      };

      await step(page, `money ${locale} deposit accounts`, async () => {
        await page.goto(`${app.baseUrl}/#/information/rechargeChannel`);
        await check('rechargeChannel', 'channel-1-demo');
      });
      await step(page, `money ${locale} deposit`, async () => {
        await page.getByTestId('channel-next').click();
        await page.getByTestId('recharge-form').waitFor();
        await page.getByTestId('input-amount').fill('500000');
        const png = await sharp({
          create: { width: 32, height: 24, channels: 3, background: '#88aacc' },
        })
          .png()
          .toBuffer();
        await page
          .getByTestId('voucher-file')
          .setInputFiles({ name: 'voucher.png', mimeType: 'image/png', buffer: png });
        await check('recharge form', 'voucher-done');
        await page.getByTestId('recharge-submit').click();
        await check('recharge result', 'fund-order-cancel');
      });
      await step(page, `money ${locale} withdrawal`, async () => {
        await page.goto(`${app.baseUrl}/#/information/cashOut`);
        await check('cashOut form', 'cashout-withdrawable');
        await page.getByTestId('amount-all').click();
        await page.getByTestId('cashout-next').click();
        await page.getByTestId('input-fundPassword').fill('135790');
        await check('cashOut sheet', 'cashout-confirm');
        await page.getByTestId('cashout-confirm-submit').click();
        await check('cashOut result', 'fund-order');
      });
      await step(page, `money ${locale} exchange`, async () => {
        await page.goto(`${app.baseUrl}/#/information/exChange`);
        await check('exChange form', 'exchange-form');
        await page.getByTestId('input-amount').fill('1000000');
        await page.getByTestId('exchange-quote').click();
        await check('exChange quote', 'exchange-countdown');
        await page.getByTestId('input-fundPassword').fill('135790');
        await page.getByTestId('exchange-confirm').click();
        await check('exChange result', 'exchange-bought');
      });
      expect([...errors, ...problems]).toEqual([]);
    }, 600_000);
  },
);
