import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALL_PATHS } from '../../contract/paths';
import type { PlacementListDto } from '../../contract/schemas/placement';
import { seriousAxeProblems } from './axe';
import {
  customerCall as callAs,
  fundedCustomer,
  launchBrowser,
  newPhonePage,
  staffTokenByFirstSignIn,
  startAppWithStaff,
  step,
  storeSignedIn,
} from './support';
import type { CustomerSession } from './support';
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

const axe = (page: Page, where: string) => seriousAxeProblems(page, where, { detail: true });
const customerCall = <T>(session: CustomerSession, path: string, body: unknown) =>
  callAs<T>(app, session, path, body);

describe('applying for a placement against the running app', () => {
  it('lists the demo placement, applies with the fund password and shows the application', async () => {
    const adminToken = await staffTokenByFirstSignIn(browser, app, {
      account: ADMIN,
      oneTimePassword: oneTimePasswords.get(ADMIN) ?? '',
      newPassword: STAFF_PASSWORD,
    });
    const customer = await fundedCustomer(app, adminToken, {
      account: `pj${Date.now().toString(36)}`,
      password: PASSWORD,
      fundPassword: FUND,
      deposit: DEPOSIT,
    });

    const phone = await newPhonePage(browser);
    const errors: string[] = [];
    phone.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    const problems: string[] = [];
    const check = async (where: string, testId: string) => {
      await phone.getByTestId(testId).first().waitFor({ timeout: 30_000 });
      problems.push(...(await axe(phone, where)));
    };
    await phone.goto(app.baseUrl);
    await storeSignedIn(phone, customer, 'kor');

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
