import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, KYC_UPLOAD_PATH, LANGUAGE_HEADER } from '../../contract';
import enMessages from '../../locales/en/messages.json';
import { seriousAxeProblems } from './axe';
import type { RunningApp } from './support';
import {
  launchBrowser,
  newPhonePage,
  staffFirstSignIn,
  startAppWithAdmin,
  step,
  storeSignedIn,
} from './support';

/**
 * The message centre in the browser (docs/messages.md): a reviewer approves a customer's
 * verification in the back office; on the customer's phone, without a reload, the unread badge
 * appears on the tab bar and on Mine's row; the message reads in the customer's language, and
 * opening it clears the badge. Both screens are axe-checked.
 */
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

async function api<T>(path: string, body: unknown, customer?: Customer): Promise<T> {
  const response = await fetch(`${app.baseUrl}${API_BASE}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [LANGUAGE_HEADER]: 'en',
      ...(customer ? { token: customer.token, account: customer.account } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { status: number; data: T; msg?: string };
  if (answer.status !== 1) throw new Error(`${path}: ${answer.msg ?? response.status}`);
  return answer.data;
}

async function uploadPhoto(customer: Customer, side: 'front' | 'back'): Promise<string> {
  const bytes = await sharp({
    create: {
      width: 320,
      height: 200,
      channels: 3,
      background: side === 'front' ? '#88aacc' : '#ccaa88',
    },
  })
    .jpeg()
    .toBuffer();
  const response = await fetch(`${app.baseUrl}${API_BASE}${KYC_UPLOAD_PATH}?side=${side}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/octet-stream',
      token: customer.token,
      account: customer.account,
    },
    body: bytes,
  });
  const answer = (await response.json()) as { data: { photoId: string } };
  return answer.data.photoId;
}

describe('the message centre', () => {
  it('shows a staff approval live as a badge, and the message in the customer’s language', async () => {
    const account = `msg${Date.now().toString(36)}`;
    const password = 'harbour-lights-71';
    const customer = await api<Customer>('/user/register', {
      account,
      password,
      confirmPassword: password,
      code: app.demoCode,
      agree: true,
    });
    await api(
      '/kyc/submit',
      {
        realName: '홍길동',
        idNumber: '900101-1',
        frontPhotoId: await uploadPhoto(customer, 'front'),
        backPhotoId: await uploadPhoto(customer, 'back'),
      },
      customer,
    );

    const phone: Page = await newPhonePage(browser);
    await step(phone, 'the customer opens Mine, nothing unread', async () => {
      await phone.goto(app.baseUrl);
      await storeSignedIn(phone, customer, 'en');
      await phone.goto(`${app.baseUrl}/?load=1#/information/index`);
      await phone.getByTestId('menu-msgInfo').waitFor({ timeout: 20_000 });
      expect(await phone.getByTestId('tab-more-unread').count()).toBe(0);
    });

    const staff = await (
      await browser.newContext({ viewport: { width: 1280, height: 800 } })
    ).newPage();
    await step(staff, 'a reviewer approves the verification in the back office', async () => {
      await staffFirstSignIn(staff, app.baseUrl, {
        account: ADMIN,
        oneTimePassword,
        newPassword: 'staff-granite-meadow-58',
      });
      await staff.goto(`${app.baseUrl}/admin.html#/kyc`);
      await staff.getByTestId(`kyc-open-${account}`).click();
      await staff.getByTestId('kyc-approve').click();
      await staff.getByTestId('approve-confirm').click();
      await expect
        .poll(() => staff.getByTestId('kyc-detail-state').getAttribute('data-state'))
        .toBe('passed');
    });

    await step(phone, 'the badge appears live on the tab bar and on Mine', async () => {
      await expect
        .poll(() => phone.getByTestId('tab-more-unread').textContent(), { timeout: 15_000 })
        .toBe('1');
      expect(await phone.getByTestId('menu-msgInfo-unread').textContent()).toBe('1');
    });

    await step(phone, 'the message reads in English, and opening it clears the badge', async () => {
      await phone.getByTestId('menu-msgInfo').click();
      const row = phone.locator('[data-testid^="msg-row-"]');
      await row.first().waitFor();
      expect(await row.count()).toBe(1);
      expect(await row.first().getAttribute('data-read')).toBe('false');
      expect(await row.first().textContent()).toContain(enMessages['kyc.passed'].title);
      expect(await seriousAxeProblems(phone, 'msgInfo list')).toEqual([]);
      await row.first().click();
      await expect
        .poll(() => phone.getByTestId('msg-detail-body').textContent())
        .toBe(enMessages['kyc.passed'].body);
      expect(await seriousAxeProblems(phone, 'msgInfo detail')).toEqual([]);
      await expect
        .poll(async () => (await api<{ unread: number }>('/user/msgUnread', {}, customer)).unread)
        .toBe(0);
      await phone.goto(`${app.baseUrl}/?load=2#/information/index`);
      await phone.getByTestId('menu-msgInfo').waitFor({ timeout: 20_000 });
      await expect.poll(() => phone.getByTestId('tab-more-unread').count()).toBe(0);
    });
  });
});
