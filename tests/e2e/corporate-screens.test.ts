import type { Browser, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import { LANGUAGES } from '../../contract/languages';
import { CALL_PATHS } from '../../contract/paths';
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
 * The dividend and rights screens in the browser at phone width, in every language (docs/
 * corporate-actions.md): the dividend list as the running server answers a new customer (the
 * embedded default's demo dividend and rights issue, coming up), then the rights application with
 * an offer (the list answered with the component tests' fixture through a Playwright route, since
 * a new customer held nothing on any record date): the form and the fund-password sheet. Each is
 * axe-checked (WCAG 2 A/AA, serious or critical).
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
    `cor${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`,
    PASSWORD,
  );

describe.each(LANGUAGES.map((l) => [l.locale, l.stored] as const))(
  'the dividend screens in %s',
  (locale, stored) => {
    it('show the coming demo actions and a rights application with no serious axe violation', async () => {
      const session = await register();
      const page = await newPhonePage(browser);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      await signedInOnLoad(page, session, stored);
      const problems: string[] = [];
      const check = async (where: string, testId: string) => {
        await page.getByTestId(testId).first().waitFor({ timeout: 30_000 });
        problems.push(...(await seriousAxeProblems(page, `${where} (${locale})`)));
      };

      await step(page, `corporate ${locale} dividend list`, async () => {
        await page.goto(`${app.baseUrl}/#/home/dividend`);
        // The embedded default's demo actions: a dividend (1) and a rights issue (2).
        await check('dividend', 'corporate-upcoming-1');
        await page.getByTestId('corporate-upcoming-2').waitFor();
      });
      await step(page, `corporate ${locale} rights application`, async () => {
        await page.route(`**${API_BASE}${CALL_PATHS.corporateList}`, (route: Route) =>
          route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({ status: 1, msg: '', data: REST.corporateList?.data }),
          }),
        );
        await page.goto(`${app.baseUrl}/#/home/rightsApply?id=4`);
        await check('rightsApply form', 'rights-apply-total');
        await page.getByTestId('rights-apply-next').click();
        await check('rightsApply sheet', 'rights-apply-confirm');
      });
      expect([...errors, ...problems]).toEqual([]);
    }, 600_000);
  },
);
