import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import enErrors from '../../locales/en/errors.json';
import { launchBrowser, newPhonePage, startApp, step } from './support';
import type { RunningApp } from './support';

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

async function fillLogin(page: Page, account: string, password: string): Promise<void> {
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(password);
  await page.getByTestId('login-submit').click();
}

describe('a new customer, in the browser', () => {
  it('registers with the institution code, sees Mine, switches to English, changes the password, logs out and back in', async () => {
    const page = await newPhonePage(browser);
    const account = `e2e${Date.now().toString(36)}`;
    const firstPassword = 'harbour-lights-71';
    const secondPassword = 'granite-meadow-58';

    await step(page, 'start page in Korean', async () => {
      await page.goto(app.baseUrl);
      await page.waitForURL(/#\/login\/start$/);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ko');
    });

    await step(page, 'register', async () => {
      await page.getByTestId('start-register').click();
      await page.locator('input[name="account"]').fill(account);
      await page.locator('input[name="password"]').fill(firstPassword);
      await page.locator('input[name="confirmPassword"]').fill(firstPassword);
      await page.locator('input[name="code"]').fill(app.demoCode);
      await page.getByTestId('register-agree').check({ force: true });
      await page.getByTestId('register-submit').click();
    });

    await step(page, 'Home, with the next step: verify identity', async () => {
      await page.waitForURL(/#\/home\/index/);
      await expect
        .poll(() => page.getByTestId('next-step').getAttribute('data-step'))
        .toBe('verify');
    });

    await step(page, 'Mine shows the account', async () => {
      await page.getByTestId('tab-more').click();
      await page.waitForURL(/#\/information\/index/);
      await expect.poll(() => page.getByTestId('mine-account').textContent()).toContain(account);
      await expect.poll(() => page.getByTestId('mine-account-id').textContent()).toMatch(/\d{8}/);
      await expect.poll(() => page.getByTestId('mine-balance-KRW').textContent()).toContain('0');
    });

    await step(page, 'switch to English', async () => {
      await page.getByTestId('menu-changeLang').click();
      await page.getByTestId('lang-en').click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await page.evaluate(() => localStorage.getItem('lang'))).toContain('en');
    });

    await step(page, 'change the login password', async () => {
      await page.goto(`${app.baseUrl}/#/information/index`);
      await page.getByTestId('menu-loginPass').click();
      await page.locator('input[name="oldPassword"]').fill(firstPassword);
      await page.locator('input[name="password"]').fill(secondPassword);
      await page.locator('input[name="confirmPassword"]').fill(secondPassword);
      await page.getByTestId('loginpass-submit').click();
      await page.waitForURL(/#\/information\/index/);
    });

    await step(page, 'log out', async () => {
      await page.getByTestId('logout').click();
      await page.waitForURL(/#\/login\/login/);
      expect(await page.evaluate(() => localStorage.getItem('tokend'))).toBeNull();
    });

    await step(page, 'the old password is refused, in English', async () => {
      await fillLogin(page, account, firstPassword);
      await expect
        .poll(() => page.getByText(enErrors['account.wrong_credentials']).count())
        .toBeGreaterThan(0);
    });

    await step(page, 'log in with the new password', async () => {
      await fillLogin(page, account, secondPassword);
      await page.waitForURL(/#\/home\/index/);
      await page.getByTestId('tab-more').click();
      await page.waitForURL(/#\/information\/index/);
      await expect.poll(() => page.getByTestId('mine-account').textContent()).toContain(account);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
    });
  });
});
