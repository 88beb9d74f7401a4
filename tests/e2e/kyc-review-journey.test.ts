import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, LANGUAGE_HEADER } from '../../contract';
import koBackoffice from '../../locales/ko/backoffice.json';
import koLifecycles from '../../locales/ko/lifecycles.json';
import {
  launchBrowser,
  newPhonePage,
  screenshotDir,
  startAppWithAdmin,
  step,
  storeSignedIn,
} from './support';
import type { RunningApp } from './support';

let app: RunningApp;
let browser: Browser;
let oneTimePassword = '';
const ADMIN = 'admin';

beforeAll(async () => {
  ({ app, oneTimePassword } = await startAppWithAdmin(ADMIN));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

interface Customer {
  account: string;
  token: string;
}

const photo = (background: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background } })
    .jpeg()
    .toBuffer();

async function desktopPage(): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
  });
  return context.newPage();
}

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `backoffice-${name}.png`) });
}

describe('a KYC review, customer and staff, in the browser', () => {
  it('submits, is rejected with a reason, resubmits, is approved; the entity page shows the path', async () => {
    const account = `kyc${Date.now().toString(36)}`;
    const password = 'harbour-lights-71';
    const newStaffPassword = 'staff-granite-meadow-58';
    const reason = 'The photo of the back is blurred, please take it again.';

    const register = await fetch(`${app.baseUrl}${API_BASE}/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [LANGUAGE_HEADER]: 'en' },
      body: JSON.stringify({
        account,
        password,
        confirmPassword: password,
        code: app.demoCode,
        agree: true,
      }),
    });
    const customer = ((await register.json()) as { data: Customer }).data;
    expect(customer.token).toBeTruthy();

    // The customer's phone, signed in with the session the registration answered.
    const phone = await newPhonePage(browser);
    await phone.goto(app.baseUrl);
    await storeSignedIn(phone, customer, 'en');
    // A full load each time (a new query string), so the app starts on the stored session: the
    // page that was running read storage before it was set, and a mere hash change would take it
    // to a session-only screen it still thinks it has no session for.
    let loads = 0;
    const openAuthInfo = async () => {
      loads += 1;
      await phone.goto(`${app.baseUrl}/?load=${loads}#/information/authInfo`);
      await phone.getByTestId('kyc-state').waitFor({ timeout: 20_000 });
    };
    await openAuthInfo();

    // Through the customer's screen, step by step: details, photos, review, submit.
    const submitKyc = async (realName: string) => {
      await phone.locator('input[name="realName"]').fill(realName);
      await phone.locator('input[name="idNumber"]').fill('900101-1');
      await phone.getByTestId('kyc-details-next').click();
      await phone.getByTestId('kyc-front-file').setInputFiles({
        name: 'front.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo('#88aacc'),
      });
      await phone.getByTestId('kyc-back-file').setInputFiles({
        name: 'back.jpg',
        mimeType: 'image/jpeg',
        buffer: await photo('#ccaa88'),
      });
      await phone.getByTestId('kyc-front-done').waitFor({ timeout: 20_000 });
      await phone.getByTestId('kyc-back-done').waitFor({ timeout: 20_000 });
      await phone.getByTestId('kyc-photos-next').click();
      await expect.poll(() => phone.getByTestId('kyc-review-name').textContent()).toBe(realName);
      await phone.getByTestId('kyc-submit').click();
      await expect
        .poll(() => phone.getByTestId('kyc-state').getAttribute('data-state'), { timeout: 20_000 })
        .toBe('under_review.waiting');
    };
    const customerState = async () => {
      await openAuthInfo();
      return phone.getByTestId('kyc-state').getAttribute('data-state');
    };

    await step(phone, 'customer submits KYC', async () => {
      await submitKyc('홍길동');
    });

    const staff = await desktopPage();

    await step(staff, 'staff signs in with the one-time password and enrols TOTP', async () => {
      await staff.goto(`${app.baseUrl}/admin.html`);
      await staff.getByTestId('staff-account').fill(ADMIN);
      await staff.getByTestId('staff-password').fill(oneTimePassword);
      await staff.getByTestId('staff-login-submit').click();
      await staff.getByTestId('totp-qr').waitFor();
      expect(await staff.getByTestId('totp-qr').getAttribute('src')).toMatch(
        /^data:image\/svg\+xml/,
      );
      const secret = (await staff.getByTestId('totp-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[A-Z2-7]+=*$/);
      await staff.locator('input[name="code"]').fill(await generate({ secret }));
      await staff.getByTestId('totp-submit').click();
    });

    await step(staff, 'staff must change the one-time password', async () => {
      await staff.waitForURL(/#\/password$/);
      await staff.locator('input[name="oldPassword"]').fill(oneTimePassword);
      await staff.getByTestId('new-password').fill(newStaffPassword);
      await staff.getByTestId('confirm-password').fill(newStaffPassword);
      await staff.getByTestId('change-password-submit').click();
      await staff.waitForURL(/#\/kyc/);
      for (const id of ['kyc', 'customers', 'audit', 'institutions', 'staff']) {
        await staff.getByTestId(`nav-${id}`).waitFor();
      }
    });

    await step(staff, 'the queue lists the case; staff rejects it with a reason', async () => {
      await staff.getByTestId(`kyc-row-${account}`).waitFor();
      await shot(staff, 'queue');
      await staff.getByTestId(`kyc-open-${account}`).click();
      await staff.getByTestId('kyc-approve').waitFor();
      await expect.poll(() => staff.getByTestId('kyc-detail-name').textContent()).toBe('홍길동');
      await expect.poll(() => staff.getByTestId('kyc-photo').count()).toBe(2);
      await shot(staff, 'detail');
      await staff.getByTestId('kyc-reject').click();
      await staff.getByTestId('reject-confirm').click(); // empty: refused on the spot
      await staff.getByTestId('reject-reason').fill(reason);
      await shot(staff, 'reject-sheet');
      await staff.getByTestId('reject-confirm').click();
      await expect
        .poll(() => staff.getByTestId('kyc-detail-state').getAttribute('data-state'))
        .toBe('rejected');
    });

    await step(phone, 'the customer sees the reason and resubmits', async () => {
      expect(await customerState()).toBe('rejected');
      await expect.poll(() => phone.getByTestId('kyc-reason').textContent()).toContain(reason);
      await submitKyc('홍길동');
    });

    await step(staff, 'staff approves the resubmission', async () => {
      await staff.getByTestId('nav-kyc').click();
      await staff.getByTestId(`kyc-row-${account}`).waitFor();
      await staff.getByTestId(`kyc-open-${account}`).click();
      await expect.poll(() => staff.getByTestId('kyc-detail-submissions').textContent()).toBe('2');
      await staff.getByTestId('kyc-approve').click();
      // A confirmation sheet first: nothing is decided until it is confirmed.
      await staff.getByTestId('decision-sheet').waitFor();
      await staff.getByTestId('approve-confirm').click();
      await expect
        .poll(() => staff.getByTestId('kyc-detail-state').getAttribute('data-state'))
        .toBe('passed');
    });

    await step(phone, 'the customer is verified', async () => {
      expect(await customerState()).toBe('passed');
    });

    await step(
      staff,
      'the entity page shows the chart and the four transitions in words',
      async () => {
        await staff.getByTestId('kyc-open-entity').click();
        await staff.getByTestId('entity-chart').waitFor();
        await expect
          .poll(() =>
            staff
              .getByTestId('entity-chart')
              .evaluate(
                (img) =>
                  (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
              ),
          )
          .toBe(true);
        await expect
          .poll(() => staff.getByTestId('entity-history').getByTestId('entity-transition').count())
          .toBe(4);
        expect(await staff.getByTestId('entity-state').getAttribute('data-state')).toBe('passed');
        // Who, did what, from → to, why: words, never `customer:2`, `kyc.submit` alone or JSON.
        const rows = staff.getByTestId('entity-history').getByTestId('entity-transition');
        expect(
          await rows
            .getByTestId('entity-transition-actor')
            .evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-kind'))),
        ).toEqual(['customer', 'staff', 'customer', 'staff']);
        const events = await rows.getByTestId('entity-transition-event').allTextContents();
        expect(events).toEqual(
          ['kyc.submit', 'review.reject', 'kyc.submit', 'review.approve'].map(
            (event) => koLifecycles.events[event as keyof typeof koLifecycles.events],
          ),
        );
        const actors = await rows.getByTestId('entity-transition-actor').allTextContents();
        expect(actors[0]).toContain(account);
        expect(actors[1]).toContain(ADMIN);
        expect(actors[1]).toContain(koBackoffice.roles.admin);
        expect(await rows.nth(1).getByTestId('entity-transition-reason').textContent()).toBe(
          reason,
        );
        expect(await staff.getByTestId('entity-history').textContent()).not.toMatch(
          /customer:\d|staff:\d|[{}]/,
        );
        await shot(staff, 'entity');
      },
    );

    await step(staff, 'the other screens open for an admin', async () => {
      await staff.getByTestId('nav-customers').click();
      await staff.getByTestId(`customer-row-${account}`).waitFor();
      await staff.getByTestId('nav-institutions').click();
      await staff.getByTestId(`institution-row-${app.demoCode}`).waitFor();
      await staff.getByTestId('nav-audit').click();
      await expect
        .poll(() => staff.getByTestId('audit-table').locator('tbody tr').count())
        .toBeGreaterThan(3);
      await staff.getByTestId('nav-staff').click();
      await staff.getByTestId(`staff-row-${ADMIN}`).waitFor();
    });

    await step(staff, 'the header switches the language', async () => {
      await staff.getByTestId('language-switch').selectOption('en');
      await expect.poll(() => staff.getByTestId('nav-kyc').textContent()).toBe('KYC review');
      await staff.getByTestId('language-switch').selectOption('zh-TW');
      await expect.poll(() => staff.getByTestId('nav-kyc').textContent()).toBe('實名認證審核');
      expect(await staff.evaluate(() => document.documentElement.lang)).toBe('zh-TW');
    });
  });
});
