import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshotDir, staffFirstSignIn, startAppWithAdmin, step } from './support';
import type { RunningApp } from './support';

/** Issue 9, item 10: the audit table fits 1,280 px; the back office is usable at 768 px. */
let app: RunningApp;
let browser: Browser;
let oneTimePassword = '';
const ADMIN = 'admin';
const PASSWORD = 'staff-granite-meadow-58';

beforeAll(async () => {
  ({ app, oneTimePassword } = await startAppWithAdmin(ADMIN));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `backoffice-layout-${name}.png`) });
}

/** How far the page and the audit table reach past the window, in px (0: they fit). */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector('[data-testid="audit-table"]');
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      table: table ? Math.max(0, table.getBoundingClientRect().right - window.innerWidth) : -1,
      // A squeezed layout fits by hiding columns: each must keep a readable width.
      narrowColumns: [...document.querySelectorAll('[data-testid="audit-table"] th')].filter(
        (th) => th.getBoundingClientRect().width < 64,
      ).length,
    };
  });

describe('the back office layout', () => {
  it('fits the audit table in 1,280 px and keeps every screen usable at 768 px', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();

    await step(page, 'the admin signs in, enrols TOTP and sets a password', async () => {
      await staffFirstSignIn(page, app.baseUrl, {
        account: ADMIN,
        oneTimePassword,
        newPassword: PASSWORD,
      });
      await page.getByTestId('nav-audit').waitFor();
    });

    await step(page, 'long audit entries: an institution with a long name', async () => {
      await page.getByTestId('nav-institutions').click();
      await page
        .getByTestId('institution-name')
        .fill('Seoul Northern District Securities Cooperative Branch Office No 7');
      await page.getByTestId('institution-code').fill('SEOULNORTH7');
      await page.getByTestId('institution-create').click();
      await page.getByTestId('institution-row-SEOULNORTH7').waitFor();
    });

    await step(page, 'the audit table fits 1,280 px', async () => {
      await page.getByTestId('nav-audit').click();
      await page.getByTestId('audit-table').waitFor();
      expect(await overflow(page)).toEqual({ page: 0, table: 0, narrowColumns: 0 });
      await shot(page, 'audit-1280');
    });

    await step(
      page,
      'at 768 px the menu is a row above the page, and nothing overflows',
      async () => {
        await page.setViewportSize({ width: 768, height: 1024 });
        await page.getByTestId('audit-table').waitFor();
        const nav = await page.getByTestId('nav').boundingBox();
        const main = await page.locator('main').boundingBox();
        expect(nav && main && nav.y + nav.height <= main.y + 1).toBe(true);
        expect((await overflow(page)).page).toBe(0);
        await shot(page, 'audit-768');
        for (const id of ['institutions', 'jobs', 'staff', 'kyc']) {
          await page.getByTestId(`nav-${id}`).click();
          await page.waitForURL(new RegExp(`#/${id}`));
          await page.waitForLoadState('networkidle');
          expect((await overflow(page)).page, id).toBe(0);
        }
        await shot(page, 'kyc-768');
      },
    );
    await context.close();
  });
});
