import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_HEADER,
  API_BASE,
  IDEMPOTENCY_KEY_HEADER,
  KYC_UPLOAD_PATH,
  STAFF_API_BASE,
  STAFF_TOKEN_HEADER,
  TOKEN_HEADER,
} from '../../contract';
import { RECHARGE_VOUCHER_PATH } from '../../contract/schemas/funds';
import { CALL_PATHS } from '../../contract/paths';
import type { PlacementListDto } from '../../contract/schemas/placement';
import { axeViolations } from './axe';
import { launchBrowser, newPhonePage, staffFirstSignIn, startAppWithStaff, step } from './support';
import type { RunningApp } from './support';

/**
 * Applying for a placement against the real running app (`npm start`), nothing faked: a funded
 * customer opens the placements (the seeded demo one, opened by the job runner), taps it, sets
 * the shares, confirms with the fund password, and finds the application in their list with its
 * deposit held. Every screen on the way is axe-checked at 390 px.
 */

const ADMIN = 'placementadmin';
const STAFF_PASSWORD = 'staff-copper-harbour-93';
const PASSWORD = 'amber-lantern-62';
const FUND = '135790';
const DEPOSIT = 20_000_000;
const POLL = { timeout: 30_000 };

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

interface Session {
  token: string;
  account: string;
}

interface Envelope<T> {
  status: number;
  data: T;
}

async function post<T>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  contentType = 'application/json',
): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': contentType, ...headers },
    body: body instanceof Buffer ? new Uint8Array(body) : JSON.stringify(body),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.status !== 1) throw new Error(`${url}: ${JSON.stringify(answer)}`);
  return answer.data;
}

const customerHeaders = (session: Session) => ({
  [TOKEN_HEADER]: session.token,
  [ACCOUNT_HEADER]: session.account,
});
const customerCall = <T>(session: Session, path: string, body: unknown, extra = {}) =>
  post<T>(`${app.baseUrl}${API_BASE}${path}`, body, { ...customerHeaders(session), ...extra });
const staffCall = <T>(token: string, path: string, body: unknown) =>
  post<T>(`${app.baseUrl}${STAFF_API_BASE}${path}`, body, { [STAFF_TOKEN_HEADER]: token });

const jpeg = (background: string) =>
  sharp({ create: { width: 320, height: 200, channels: 3, background } })
    .jpeg()
    .toBuffer();

/**
 * Through the API (the identity and money journeys test these screens): registered, verified by
 * the admin, a fund password, and a won deposit the admin approves.
 */
async function fundedCustomer(staffToken: string): Promise<Session> {
  const account = `pj${Date.now().toString(36)}`;
  const session = await post<Session>(`${app.baseUrl}${API_BASE}${CALL_PATHS.register}`, {
    account,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    code: app.demoCode,
    agree: true,
  });
  const upload = async <T>(path: string, background: string) =>
    post<T>(
      `${app.baseUrl}${API_BASE}${path}`,
      await jpeg(background),
      customerHeaders(session),
      'application/octet-stream',
    );
  const photo = async (side: 'front' | 'back') =>
    (
      await upload<{ photoId: string }>(
        `${KYC_UPLOAD_PATH}?side=${side}`,
        side === 'front' ? '#88aacc' : '#ccaa88',
      )
    ).photoId;
  await customerCall(session, CALL_PATHS.kycSubmit, {
    realName: '홍길동',
    idNumber: '900101-1',
    frontPhotoId: await photo('front'),
    backPhotoId: await photo('back'),
  });
  const queue = await staffCall<{ items: { customerId: number; account: string }[] }>(
    staffToken,
    '/kyc/queue',
    { page: 1, pageSize: 50 },
  );
  const customerId = queue.items.find((item) => item.account === account)?.customerId;
  if (customerId === undefined) throw new Error(`${account} is not in the KYC queue`);
  await staffCall(staffToken, '/kyc/approve', { customerId });
  await customerCall(session, CALL_PATHS.fundPasswordSet, {
    fundPassword: FUND,
    confirmFundPassword: FUND,
  });
  const { voucherId } = await upload<{ voucherId: string }>(RECHARGE_VOUCHER_PATH, '#aaccee');
  const deposit = await customerCall<{ id: number; version: number }>(
    session,
    CALL_PATHS.recharge,
    { currency: 'KRW', amount: DEPOSIT, voucherId },
    { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  );
  await staffCall(staffToken, '/deposits/approve', { id: deposit.id, version: deposit.version });
  return session;
}

/** Serious and critical axe violations, each with its element and why (to fix from the report). */
async function axe(page: Page, where: string): Promise<string[]> {
  return (await axeViolations(page))
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${where}: axe ${v.id} at ${n.target.join(' ')} ${n.html.slice(0, 160)}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`,
      ),
    );
}

describe('applying for a placement against the running app', () => {
  it('lists the demo placement, applies with the fund password and shows the application', async () => {
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
    await admin.context().close();
    const customer = await fundedCustomer(adminToken);

    const phone = await newPhonePage(browser);
    const errors: string[] = [];
    phone.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    const problems: string[] = [];
    const check = async (where: string, testId: string) => {
      await phone.getByTestId(testId).first().waitFor({ timeout: 30_000 });
      problems.push(...(await axe(phone, where)));
    };
    await phone.goto(app.baseUrl);
    await phone.evaluate(({ token, account }) => {
      localStorage.setItem('lang', JSON.stringify('kor'));
      localStorage.setItem('tokend', JSON.stringify(token));
      localStorage.setItem('account', JSON.stringify(account));
    }, customer);

    // The job runner opens the seeded placement within a poll or two of the start.
    await expect
      .poll(
        async () =>
          (await customerCall<PlacementListDto>(customer, CALL_PATHS.placementList, {}))
            .placements[0]?.state,
        POLL,
      )
      .toBe('inProgress');
    const { placements } = await customerCall<PlacementListDto>(
      customer,
      CALL_PATHS.placementList,
      {},
    );
    const demo = placements.find((p) => p.demo);
    if (!demo) throw new Error('no demo placement');

    await step(phone, 'placements: the demo one, tap to apply', async () => {
      await phone.goto(`${app.baseUrl}/?load=${Date.now()}#/home/newStockps`);
      await check('newStockps', `placement-${demo.id}`);
      expect(await phone.getByTestId(`placement-demo-${demo.id}`).isVisible()).toBe(true);
      await phone.getByTestId(`placement-${demo.id}`).click();
      await check('newStockPsBuy', 'placement-apply-next');
    });
    await step(phone, 'apply: shares, fund password, confirm', async () => {
      await phone.getByTestId('placement-apply-next').click();
      await check('newStockPsBuy confirm', 'placement-apply-confirm');
      await phone.getByTestId('input-fundPassword').fill(FUND);
      await phone.getByTestId('placement-apply-confirm-submit').click();
      await check('newStockps after applying', 'placement-applications');
    });
    const mine = await customerCall<PlacementListDto>(customer, CALL_PATHS.placementList, {});
    const application = mine.applications[0];
    expect(application).toMatchObject({ placementId: demo.id, shares: demo.minShares });
    expect(application?.state).toBe('applied');
    expect(
      await phone.getByTestId(`placement-application-${application?.id ?? 0}`).isVisible(),
    ).toBe(true);
    await phone.getByTestId(`placement-application-${application?.id ?? 0}`).waitFor(POLL);
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
  });
});
