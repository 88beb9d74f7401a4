import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LANGUAGES } from '../../contract/languages';
import type { ConfigItem } from '../../contract/schemas/common';
import type { SessionDto } from '../../contract/schemas/user';
import { launchBrowser, newPhonePage, startApp, step } from './support';
import type { RunningApp } from './support';

let app: RunningApp;
let browser: Browser;
let session: SessionDto;

async function post<T>(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`${app.baseUrl}/api/vue${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { status: number; data: T; msg: string };
  if (envelope.status !== 1) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}

const pack = async (locale: string, file: 'ui' | 'errors') =>
  ((await import(`../../locales/${locale}/${file}.json`)) as { default: Record<string, unknown> })
    .default;

const text = (tree: Record<string, unknown>, path: string): string =>
  path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], tree) as string;

/** A phone whose local storage already holds the language (and the session), as after a visit. */
async function phoneIn(stored: string, signedIn: boolean): Promise<Page> {
  const page = await newPhonePage(browser);
  await page.addInitScript(
    ({ lang, token, account }) => {
      localStorage.setItem('lang', JSON.stringify(lang));
      if (token) {
        localStorage.setItem('tokend', JSON.stringify(token));
        localStorage.setItem('account', JSON.stringify(account));
      }
    },
    { lang: stored, token: signedIn ? session.token : null, account: session.account },
  );
  return page;
}

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  session = await post<SessionDto>('/user/register', {
    account: `lang${Date.now().toString(36)}`,
    password: 'violet-canyon-93',
    confirmPassword: 'violet-canyon-93',
    code: app.demoCode,
    agree: true,
  });
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

describe.each(LANGUAGES.map((l) => [l.stored, l.locale] as const))(
  'the app in %s',
  (stored, locale) => {
    it('shows the start page, Mine, the password form with its errors, and the privacy policy in that language', async () => {
      const ui = await pack(locale, 'ui');
      const errors = await pack(locale, 'errors');

      const visitor = await phoneIn(stored, false);
      await step(visitor, `${locale} start page`, async () => {
        await visitor.goto(`${app.baseUrl}/#/login/start`);
        await expect
          .poll(() => visitor.getByTestId('start-login').textContent())
          .toBe(text(ui, 'start.login'));
        expect(await visitor.getByTestId('start-register').textContent()).toBe(
          text(ui, 'start.register'),
        );
        expect(await visitor.evaluate(() => document.documentElement.lang)).toBe(locale);
      });

      const customer = await phoneIn(stored, true);
      await step(customer, `${locale} Mine`, async () => {
        await customer.goto(`${app.baseUrl}/#/information/index`);
        await expect
          .poll(() => customer.getByTestId('mine-account').textContent())
          .toContain(session.account);
        expect(await customer.getByTestId('menu-loginPass').textContent()).toContain(
          text(ui, 'menu.loginPass'),
        );
        expect(await customer.getByTestId('menu-changeLang').textContent()).toContain(
          text(ui, 'menu.changeLang'),
        );
      });

      await step(customer, `${locale} password form errors`, async () => {
        await customer.getByTestId('menu-loginPass').click();
        await customer.locator('input[name="oldPassword"]').fill('violet-canyon-93');
        await customer.locator('input[name="password"]').fill('amber-forest-27');
        await customer.locator('input[name="confirmPassword"]').fill('amber-forest-28');
        await customer.getByTestId('loginpass-submit').click();
        await expect
          .poll(() => customer.getByText(String(errors['account.password_mismatch'])).count())
          .toBeGreaterThan(0);
      });

      await step(customer, `${locale} privacy policy`, async () => {
        const config = await post<ConfigItem[]>(
          '/common/config',
          { type: 'all' },
          { lang: stored },
        );
        const policy = config.find((item) => item.name === 'privacy_policy')?.value ?? '';
        const firstLine =
          policy
            .split('\n')
            .find((line) => line.trim().length > 0)
            ?.trim() ?? '';
        expect(firstLine.length).toBeGreaterThan(0);
        await customer.goto(`${app.baseUrl}/#/information/aboutInfo?type=privacy`);
        await expect
          .poll(() => customer.getByText(firstLine, { exact: false }).count())
          .toBeGreaterThan(0);
      });
    });
  },
);
