import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionDto } from '../../contract';
import { API_BASE, checkInPoints, seoulDayOf } from '../../contract';
import { LANGUAGES } from '../../contract/languages';
import { staffCreate } from '../../scripts/staff-create';
import { hashPassword } from '../../server/auth/passwords';
import { openDatabase } from '../../server/db/connect';
import { checkIns, customers, institutions } from '../../server/db/schema';
import { openCustomerAccounts } from '../../server/ledger';
import { newAccountId } from '../../server/modules/user/account-id';
import { seriousAxeProblems } from './axe';
import type { RunningApp } from './support';
import {
  launchBrowser,
  newPhonePage,
  signedInOnLoad,
  staffFirstSignIn,
  startApp,
  step,
} from './support';

/**
 * Issue 13's journey: a check-in streak earns a reward. An operator adds a reward to the
 * catalogue in the back office; a customer who checked in the two days before (history the test
 * writes before the server starts: the server's clock is the real one) checks in today in the
 * browser, reaches a three-day streak and takes the reward, a commission coupon. The check-in
 * and profile screens are then opened in the four languages, each axe-clean.
 */
const OPERATOR = 'rewarder';
const CUSTOMER = 'streaker';
const PASSWORD = 'amber-streak-73';
const STAFF_PASSWORD = 'staff-juniper-lamp-29';

let app: RunningApp;
let browser: Browser;
let oneTimePassword = '';
let session: SessionDto;

beforeAll(async () => {
  app = await startApp({
    prepare: async (dataDir) => {
      const database = await openDatabase({ databaseUrl: null, dataDir });
      try {
        const { db } = database;
        oneTimePassword = (await staffCreate(db, { account: OPERATOR, role: 'operator' }))
          .oneTimePassword;
        const [institution] = await db.select({ id: institutions.id }).from(institutions).limit(1);
        const [customer] = await db
          .insert(customers)
          .values({
            account: CUSTOMER,
            accountId: await newAccountId(db),
            passwordHash: await hashPassword(PASSWORD),
            institutionId: institution?.id ?? 0,
          })
          .returning({ id: customers.id });
        if (!customer) throw new Error('no customer');
        await openCustomerAccounts(db, customer.id);
        const today = seoulDayOf(Date.now());
        await db.insert(checkIns).values([
          { customerId: customer.id, day: today - 2, streak: 1, points: checkInPoints(1) },
          { customerId: customer.id, day: today - 1, streak: 2, points: checkInPoints(2) },
        ]);
        expect(
          await db.select().from(checkIns).where(eq(checkIns.customerId, customer.id)),
        ).toHaveLength(2);
      } finally {
        await database.close();
      }
    },
  });
  browser = await launchBrowser();
  const response = await fetch(`${app.baseUrl}${API_BASE}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account: CUSTOMER, password: PASSWORD }),
  });
  session = ((await response.json()) as { data: SessionDto }).data;
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** A phone signed in as the customer, in a stored language. */
async function customerPhone(lang: string): Promise<Page> {
  const page = await newPhonePage(browser);
  await signedInOnLoad(page, session, lang);
  return page;
}

describe('a check-in streak earns a reward', () => {
  it('operator adds a reward; the customer checks in for a third day and takes it', async () => {
    const staff = await newPhonePage(browser);
    await staff.setViewportSize({ width: 1280, height: 900 });
    await step(staff, 'operator signs in', () =>
      staffFirstSignIn(staff, app.baseUrl, {
        account: OPERATOR,
        oneTimePassword,
        newPassword: STAFF_PASSWORD,
      }),
    );
    await step(staff, 'operator adds a three-check-in reward', async () => {
      // Through the nav, as an operator would: a hash-only goto right after the first sign-in
      // can race the sign-in's own redirect to the landing screen.
      await staff.getByTestId('nav-checkInRewards').click();
      await staff.getByTestId('reward-table-empty').waitFor();
      await staff.getByTestId('reward-create-open').click();
      await staff.getByTestId('reward-title').fill('3-day streak coupon');
      await staff.getByTestId('reward-required').fill('3');
      await staff.getByTestId('reward-create-submit').click();
      await staff.getByText('3-day streak coupon').first().waitFor();
      expect(await seriousAxeProblems(staff, 'back office rewards')).toEqual([]);
    });

    const page = await customerPhone('en');
    await step(page, 'the customer sees a two-day streak', async () => {
      await page.goto(`${app.baseUrl}/#/information/signIn`);
      await expect.poll(() => page.getByTestId('checkin-streak').textContent()).toBe('2');
      expect(await page.getByTestId('checkin-unspent').textContent()).toBe('2');
    });
    await step(page, 'a reward it cannot afford yet is refused in words', async () => {
      const redeem = page.locator('[data-testid^="checkin-redeem-"]').first();
      await redeem.click();
      await page.getByText('Not enough check-ins: this reward needs 3, you have 2.').waitFor();
    });
    await step(page, 'checks in today: a three-day streak', async () => {
      await page.getByTestId('checkin-button').click();
      await expect.poll(() => page.getByTestId('checkin-streak').textContent()).toBe('3');
      expect(await page.getByTestId('checkin-button').isDisabled()).toBe(true);
      expect(await page.getByTestId('checkin-points').textContent()).toBe(
        String(checkInPoints(1) + checkInPoints(2) + checkInPoints(3)),
      );
    });
    await step(page, 'takes the reward: a commission coupon', async () => {
      await page.locator('[data-testid^="checkin-redeem-"]').first().click();
      await page.getByTestId('checkin-coupons').waitFor();
      expect(await page.getByTestId('checkin-unspent').textContent()).toBe('0');
      expect(await page.getByTestId('checkin-redemptions').textContent()).toContain(
        '3-day streak coupon',
      );
      expect(await seriousAxeProblems(page, 'check-in (en)')).toEqual([]);
    });
  });

  it.each(LANGUAGES.map((l) => [l.stored, l.locale] as const))(
    'shows the check-in and profile screens in %s, axe-clean',
    async (stored, locale) => {
      const page = await customerPhone(stored);
      await step(page, `check-in in ${locale}`, async () => {
        await page.goto(`${app.baseUrl}/#/information/signIn`);
        await page.getByTestId('checkin-summary').waitFor();
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
        expect(await seriousAxeProblems(page, `check-in (${locale})`)).toEqual([]);
      });
      await step(page, `profile in ${locale}`, async () => {
        await page.goto(`${app.baseUrl}/#/information/userInfo`);
        await page.getByTestId('profile-seat').waitFor();
        expect(await page.getByTestId('profile-account').textContent()).toBe('st***er');
        expect(await seriousAxeProblems(page, `profile (${locale})`)).toEqual([]);
      });
      await page.context().close();
    },
  );
});
