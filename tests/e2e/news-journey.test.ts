import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../contract/languages';
import { seriousAxeProblems } from './axe';
import {
  launchBrowser,
  newPhonePage,
  registerInBrowser,
  staffFirstSignIn,
  startAppWithStaff,
  step,
} from './support';
import type { RunningApp } from './support';

/**
 * News in the browser (issue 13): an operator writes an article in the back office whose body
 * carries XSS payloads and publishes it; a customer opens the news tab from Home, finds it, and
 * reads it: the stored (sanitised) body renders, nothing in it runs, links are safe. The news
 * screens are axe-clean in all four languages.
 */
const OPERATOR = 'newsdesk';
const STAFF_PASSWORD = 'staff-copper-lantern-91';
const CUSTOMER_PASSWORD = 'amber-lantern-62';
const TITLE = 'Chip makers rally on export hopes';
const PAYLOAD =
  '<p>Exports <strong>rose</strong>.</p>' +
  '<script>window.__pwned = "script"</script>' +
  '<img src="x" onerror="window.__pwned = \'onerror\'">' +
  '<p onmouseover="window.__pwned = \'hover\'">Hover me</p>' +
  '<a href="javascript:window.__pwned=\'link\'" data-testid="evil-link">Click me</a>' +
  '<svg onload="window.__pwned = \'svg\'"><script>window.__pwned = "svg-script"</script></svg>' +
  '<iframe srcdoc="<script>parent.__pwned = \'iframe\'</script>"></iframe>' +
  '<a href="https://example.com/report">Full report</a>';

let app: RunningApp;
let oneTimePasswords: Map<string, string>;
let browser: Browser;

beforeAll(async () => {
  ({ app, oneTimePasswords } = await startAppWithStaff([{ account: OPERATOR, role: 'operator' }]));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe('news', () => {
  it('a published article with an XSS payload reaches the news tab and runs nothing', async () => {
    const staff = await newPhonePage(browser);
    await staff.setViewportSize({ width: 1280, height: 900 });
    await step(staff, 'news-staff-sign-in', () =>
      staffFirstSignIn(staff, app.baseUrl, {
        account: OPERATOR,
        oneTimePassword: oneTimePasswords.get(OPERATOR) ?? '',
        newPassword: STAFF_PASSWORD,
      }),
    );
    await step(staff, 'news-staff-write', async () => {
      // Through the nav: a hash-only goto right after the first sign-in can race its redirect.
      await staff.getByTestId('nav-news').click();
      await staff.getByTestId('news-new').click();
      await staff.getByTestId('news-title-ko').fill(`${TITLE} (ko)`);
      await staff.getByTestId('news-title-en').fill(TITLE);
      await staff.getByTestId('news-summary-en').fill('Samsung and SK hynix gained.');
      await staff.getByTestId('news-body-en').fill(PAYLOAD);
      await staff.getByTestId('news-tag-stocks').check();
      await staff.getByTestId('news-stocks').fill('005930');
      await staff.getByTestId('news-save').click();
      await staff.getByTestId('news-publish').click();
      await staff
        .getByTestId('news-state')
        .getByText(/Published|게시됨/)
        .waitFor();
    });

    const page = await newPhonePage(browser);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const account = `news${Date.now().toString(36)}`;
    await step(page, 'news-customer-register', () =>
      registerInBrowser(page, app, account, CUSTOMER_PASSWORD),
    );
    const stocksList = page.locator('[data-testid="news-list"][data-tab="stocks"]');
    await step(page, 'news-tab', async () => {
      await page.getByTestId('tile-news').click();
      await page.waitForURL(/#\/home\/newsList/);
      await page.getByTestId('news-list').waitFor();
      await page.getByTestId('news-tab-stocks').click();
      // The stocks tab's own answer, not the rows of "all" on their way out.
      await stocksList.getByText(`${TITLE} (ko)`).waitFor();
    });
    await step(page, 'news-detail', async () => {
      await stocksList.getByText(`${TITLE} (ko)`).click();
      await page.waitForURL(/#\/home\/newsDetail\?id=\d+/);
      await page.getByTestId('news-article-title').waitFor();
    });
    // The Korean reader gets the Korean version, whose body is empty; read the English one.
    await step(page, 'news-detail-en', async () => {
      await page.evaluate(() => localStorage.setItem('lang', JSON.stringify('en')));
      await page.reload();
      await page.getByTestId('news-article-title').getByText(TITLE).waitFor();
    });
    const body = page.getByTestId('news-article-body');
    expect(await body.innerText()).toContain('Exports rose.');
    expect(await body.locator('script, svg, iframe, [onerror], [onmouseover]').count()).toBe(0);
    const links = await body.locator('a').evaluateAll((as) =>
      as.map((a) => ({
        href: a.getAttribute('href'),
        rel: a.getAttribute('rel'),
        target: a.getAttribute('target'),
      })),
    );
    expect(links).toEqual([
      { href: null, rel: 'noopener noreferrer', target: '_blank' },
      { href: 'https://example.com/report', rel: 'noopener noreferrer', target: '_blank' },
    ]);
    await page.getByText('Hover me').hover();
    await page.getByTestId('news-article-body').getByText('Click me').click();
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    // The stock's detail lists it as related news.
    await step(page, 'news-stock-panel', async () => {
      await page.getByTestId('news-stock-005930').click();
      await page.waitForURL(/#\/market\/stockDetail\?code=005930/);
      // The panel loads as it comes near the screen: the reader scrolls down to it.
      await page.getByTestId('stock-news-panel').scrollIntoViewIfNeeded();
      await page.getByTestId('stock-news').getByText(TITLE).waitFor();
    });
  }, 300_000);

  it('the news screens are axe-clean in every language', async () => {
    const page: Page = await newPhonePage(browser);
    await registerInBrowser(page, app, `newsax${Date.now().toString(36)}`, CUSTOMER_PASSWORD);
    const problems: string[] = [];
    for (const { stored, locale } of LANGUAGES) {
      await page.evaluate((lang) => localStorage.setItem('lang', JSON.stringify(lang)), stored);
      await page.goto(`${app.baseUrl}/#/home/newsList`);
      await page.reload();
      await step(page, `news-list-${locale}`, () => page.getByTestId('news-list').waitFor());
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
      problems.push(...(await seriousAxeProblems(page, `newsList ${locale}`)));
      await page.getByTestId('news-list').locator('a').first().click();
      await step(page, `news-detail-${locale}`, () =>
        page.getByTestId('news-article-body').waitFor(),
      );
      problems.push(...(await seriousAxeProblems(page, `newsDetail ${locale}`)));
    }
    expect(problems).toEqual([]);
  }, 300_000);
});
