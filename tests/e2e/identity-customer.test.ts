import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import koErrors from '../../locales/ko/errors.json';
import koLifecycles from '../../locales/ko/lifecycles.json';
import {
  launchBrowser,
  newPhonePage,
  screenshotDir,
  startApp,
  step,
  registerInBrowser,
} from './support';
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

const idCard = (background: string) =>
  sharp({ create: { width: 800, height: 500, channels: 3, background } })
    .jpeg()
    .toBuffer();

describe('a customer verifies their identity and sets a fund password, in the browser', () => {
  it('registers, submits real-name verification with two photos, sets and changes the fund password', async () => {
    const page = await newPhonePage(browser);
    const account = `kyc${Date.now().toString(36)}`;
    const password = 'harbour-lights-71';

    await step(page, 'register', async () => {
      await registerInBrowser(page, app, account, password);
      // A new customer lands on Home, where a card leads to the next step: verifying identity.
      await expect
        .poll(() => page.getByTestId('next-step').getAttribute('data-step'))
        .toBe('verify');
      await page.getByTestId('tab-more').click();
      await page.waitForURL(/#\/information\/index/);
      await expect
        .poll(() => page.getByTestId('menu-authInfo-state').getAttribute('data-state'))
        .toBe('unverified');
      await expect
        .poll(() => page.getByTestId('menu-fundPass-state').getAttribute('data-set'))
        .toBe('false');
    });

    await step(page, 'open real-name verification', async () => {
      await page.getByTestId('menu-authInfo').click();
      await page.waitForURL(/#\/information\/authInfo/);
      await expect
        .poll(() => page.getByTestId('kyc-state').getAttribute('data-state'))
        .toBe('unverified');
    });

    await step(page, 'fill the details, go on, and upload both photos', async () => {
      await page.locator('input[name="realName"]').fill('홍길동');
      await page.locator('input[name="idNumber"]').fill('900101-1');
      await page.getByTestId('kyc-details-next').click();
      await expect
        .poll(() => page.getByTestId('kyc-steps').getAttribute('data-step'))
        .toBe('photos');
      await page.getByTestId('kyc-front-file').setInputFiles({
        name: 'front.jpg',
        mimeType: 'image/jpeg',
        buffer: await idCard('#88a'),
      });
      await page.getByTestId('kyc-front-done').waitFor();
      await page.getByTestId('kyc-back-file').setInputFiles({
        name: 'back.jpg',
        mimeType: 'image/jpeg',
        buffer: await idCard('#a88'),
      });
      await page.getByTestId('kyc-back-done').waitFor();
      expect(await page.getByTestId('kyc-front-progress').getAttribute('aria-valuenow')).toBe(
        '100',
      );
      // The previews are data: thumbnails (the CSP refuses blob: images): they must really load.
      for (const side of ['front', 'back']) {
        await expect
          .poll(() =>
            page
              .getByTestId(`kyc-${side}-card`)
              .locator('img')
              .evaluate((img: HTMLImageElement) => img.naturalWidth),
          )
          .toBeGreaterThan(0);
      }
      mkdirSync(screenshotDir, { recursive: true });
      await page.screenshot({ path: join(screenshotDir, 'identity-authInfo-uploaded.png') });
    });

    await step(page, 'review and submit, and see under review', async () => {
      await page.getByTestId('kyc-photos-next').click();
      await expect.poll(() => page.getByTestId('kyc-review-id').textContent()).toBe('900101-1');
      expect(await page.getByTestId('kyc-review-name').textContent()).toBe('홍길동');
      await page.getByTestId('kyc-submit').click();
      // The machine's state, nested: waiting for a reviewer.
      await expect
        .poll(() => page.getByTestId('kyc-state').getAttribute('data-state'))
        .toBe('under_review.waiting');
      // The customer reads the top-level state's words.
      expect(await page.getByTestId('kyc-state-label').textContent()).toBe(
        koLifecycles.states['kyc.under_review'],
      );
      await expect.poll(() => page.getByTestId('kyc-submit').count()).toBe(0);
      expect(await page.getByTestId('kyc-summary-id').textContent()).toBe('900101-1');
    });

    await step(page, 'Mine shows the review state', async () => {
      await page.goto(`${app.baseUrl}/#/information/index`);
      await expect
        .poll(() => page.getByTestId('menu-authInfo-state').getAttribute('data-state'))
        .toBe('under_review.waiting');
      expect(await page.getByTestId('menu-authInfo-state').textContent()).toBe(
        koLifecycles.states['kyc.under_review'],
      );
    });

    await step(page, 'set the fund password', async () => {
      await page.getByTestId('menu-fundPass').click();
      await expect
        .poll(() => page.getByTestId('fundpass-form').getAttribute('data-mode'))
        .toBe('set');
      await page.locator('input[name="fundPassword"]').fill('135790');
      await page.locator('input[name="confirmFundPassword"]').fill('135790');
      await page.getByTestId('fundpass-submit').click();
      await page.waitForURL(/#\/information\/index/);
      await expect
        .poll(() => page.getByTestId('menu-fundPass-state').getAttribute('data-set'))
        .toBe('true');
    });

    await step(
      page,
      'a wrong current fund password is refused with the attempts left',
      async () => {
        await page.getByTestId('menu-fundPass').click();
        await expect
          .poll(() => page.getByTestId('fundpass-form').getAttribute('data-mode'))
          .toBe('change');
        await page.locator('input[name="oldFundPassword"]').fill('000000');
        await page.locator('input[name="fundPassword"]').fill('246802');
        await page.locator('input[name="confirmFundPassword"]').fill('246802');
        await page.getByTestId('fundpass-submit').click();
        await expect
          .poll(() => page.getByTestId('fundpass-refusal').textContent())
          .toBe(koErrors['fund_password.wrong'].replace('{{attemptsLeft}}', '4'));
      },
    );

    await step(page, 'change the fund password', async () => {
      await page.locator('input[name="oldFundPassword"]').fill('135790');
      await page.getByTestId('fundpass-submit').click();
      await page.waitForURL(/#\/information\/index/);
    });

    await step(page, 'screenshots: the rejected state with the form', async () => {
      // A fresh tab of the same session, without the toasts of the steps before.
      const tab = await page.context().newPage();
      // A reviewer's rejection is the back office's part; the customer screen is shown with a
      // rejected status answered by the browser, to check the layout at phone size.
      await tab.route('**/api/vue/kyc/status', (route) =>
        route.fulfill({
          contentType: 'application/json',
          body: JSON.stringify({
            status: 1,
            data: {
              state: 'rejected',
              rejectionReason:
                '신분증 사진이 흐려 번호를 읽을 수 없습니다. 밝은 곳에서 다시 찍어 주세요.',
              submissions: 1,
              realName: '홍길동',
              idNumber: '900101-1',
              frontPhotoId: null,
              backPhotoId: null,
              version: 2,
              accepts: ['kyc.submit'],
            },
          }),
        }),
      );
      await tab.goto(`${app.baseUrl}/#/information/authInfo`);
      await expect
        .poll(() => tab.getByTestId('kyc-state').getAttribute('data-state'))
        .toBe('rejected');
      expect(await tab.getByTestId('kyc-reason').textContent()).toContain('흐려');
      // kyc.submit is accepted: the form again, prefilled, as a resubmission.
      expect(await tab.locator('input[name="realName"]').inputValue()).toBe('홍길동');
      await tab.screenshot({ path: join(screenshotDir, 'identity-authInfo-rejected.png') });
      await tab.screenshot({
        path: join(screenshotDir, 'identity-authInfo-rejected-full.png'),
        fullPage: true,
      });
    });
  });
});
