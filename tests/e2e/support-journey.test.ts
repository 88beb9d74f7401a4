import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, LANGUAGE_HEADER } from '../../contract';
import { LANGUAGES } from '../../contract/languages';
import { seriousAxeProblems } from './axe';
import type { RunningApp } from './support';
import {
  launchBrowser,
  newPhonePage,
  staffFirstSignIn,
  startAppWithStaff,
  step,
  storeSignedIn,
} from './support';

/**
 * Issue 13's customer-service journey (docs/support.md): with no agent on shift the customer
 * sees the hours and leaves a message; an agent goes on shift in the back office, takes the
 * conversation from the queue and answers. On the customer's phone, without a reload, the agent's
 * typing shows and the answer arrives; the customer reads it and the agent sees the read tick;
 * the customer types, the agent sees it, and the customer's next message arrives live on the
 * desk. Each sends the other an image, which shows on the other side live. The desk, with the
 * conversation open (messages, images, read ticks, the reply box), is axe-checked in the four
 * languages, and the customer's screen too. An agent who reloads the desk stays reachable; one
 * who closes it without going off shift stops counting after the grace, and the customer's screen
 * turns to the hours and the leave-a-message form by itself.
 */
const AGENT = 'helper';
const STAFF_PASSWORD = 'staff-harbor-violet-62';

let app: RunningApp;
let browser: Browser;
let oneTimePassword = '';

interface Customer {
  account: string;
  token: string;
}

beforeAll(async () => {
  const started = await startAppWithStaff([{ account: AGENT, role: 'operator' }]);
  app = started.app;
  oneTimePassword = started.oneTimePasswords.get(AGENT) ?? '';
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function api<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`${app.baseUrl}${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [LANGUAGE_HEADER]: 'en' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { status: number; data: T; msg?: string };
  if (answer.status !== 1) throw new Error(`${path}: ${answer.msg ?? response.status}`);
  return answer.data;
}

/** A small PNG, as a file the screens' image buttons pick. */
async function pngFile(name: string, background: string) {
  const buffer = await sharp({ create: { width: 120, height: 80, channels: 3, background } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

async function register(prefix: string): Promise<Customer> {
  const account = `${prefix}${Date.now().toString(36)}`;
  const password = 'harbour-lights-71';
  return api<Customer>('/user/register', {
    account,
    password,
    confirmPassword: password,
    code: app.demoCode,
    agree: true,
  });
}

async function customerPhone(customer: Customer, lang: string): Promise<Page> {
  const phone = await newPhonePage(browser);
  await phone.goto(app.baseUrl);
  await storeSignedIn(phone, customer, lang);
  return phone;
}

describe('customer service', () => {
  it('lets a customer chat with an agent who answers from the back office', async () => {
    const customer = await register('chat');
    const phone = await customerPhone(customer, 'en');

    await step(phone, 'the customer reaches service from Home, nobody on shift', async () => {
      await phone.goto(`${app.baseUrl}/?load=1#/home/index`);
      await phone.getByTestId('tile-kefu').click();
      await phone.waitForURL(/#\/home\/kefuCenter/);
      await phone.getByTestId('kefu-leave').waitFor({ timeout: 60_000 });
      expect(await phone.getByTestId('kefu-hours').textContent()).toContain('09:00–18:00');
      expect(await phone.getByTestId('kefu-links').count()).toBe(1);
      expect(await seriousAxeProblems(phone, 'kefu off shift')).toEqual([]);
    });

    await step(phone, 'leaves a message', async () => {
      await phone.getByTestId('kefu-leave-input').fill('I cannot find the withdrawal screen.');
      await phone.getByTestId('kefu-leave-send').click();
      await expect
        .poll(() => phone.getByTestId('kefu-leave-done').textContent())
        .toContain('Your message was left');
      await phone.getByText('I cannot find the withdrawal screen.').waitFor();
    });

    const desk = await (
      await browser.newContext({ viewport: { width: 1280, height: 800 } })
    ).newPage();
    await step(desk, 'an agent goes on shift and takes the conversation', async () => {
      await staffFirstSignIn(desk, app.baseUrl, {
        account: AGENT,
        oneTimePassword,
        newPassword: STAFF_PASSWORD,
      });
      await desk.getByTestId('language-switch').selectOption('en');
      await expect.poll(() => desk.evaluate(() => document.documentElement.lang)).toBe('en');
      await desk.getByTestId('nav-support').click();
      await desk.getByTestId('support-shift').click();
      await expect
        .poll(() => desk.getByTestId('support-shift').getAttribute('data-on-shift'))
        .toBe('true');
      const row = desk.locator('[data-testid^="support-row-"]').first();
      await row.click();
      // In the conversation, not the queue row's preview of its last message.
      await desk
        .getByTestId('support-messages')
        .getByText('I cannot find the withdrawal screen.')
        .waitFor();
      await desk.getByTestId('support-take').click();
      await desk.getByTestId('support-reply-input').waitFor();
      expect(await desk.getByTestId('support-summary').textContent()).toContain(customer.account);
      expect(await seriousAxeProblems(desk, 'support desk')).toEqual([]);
    });

    await step(phone, 'the customer sees the agent online without a reload', async () => {
      await phone.getByTestId('kefu-composer').waitFor({ timeout: 15_000 });
      expect(await phone.getByTestId('kefu-online').textContent()).toBe('An agent is online');
    });

    await step(desk, 'the agent types: the customer sees it', async () => {
      await desk.getByTestId('support-reply-input').pressSequentially('Open Mine, ', { delay: 20 });
      await phone.getByTestId('kefu-typing').waitFor({ timeout: 10_000 });
      expect(await phone.getByTestId('kefu-typing').textContent()).toContain('typing');
    });

    await step(desk, 'the agent answers: the answer arrives and is read', async () => {
      await desk.getByTestId('support-reply-input').fill('Open Mine, then Withdraw.');
      await desk.getByTestId('support-reply-send').click();
      await phone.getByText('Open Mine, then Withdraw.').waitFor({ timeout: 10_000 });
      await expect.poll(() => phone.getByTestId('kefu-typing').count()).toBe(0);
      // The customer's screen marks it read; the desk shows the tick on the agent's message.
      const tick = desk.locator('[data-testid^="support-tick-"]').last();
      await expect.poll(() => tick.getAttribute('data-read'), { timeout: 10_000 }).toBe('true');
      expect(await tick.textContent()).toContain('Read');
    });

    await step(phone, 'the customer types and writes back: live on the desk, read', async () => {
      await phone.getByTestId('kefu-input').pressSequentially('Found it', { delay: 20 });
      await desk.getByTestId('support-typing').waitFor({ timeout: 10_000 });
      await phone.getByTestId('kefu-input').fill('Found it, thank you!');
      await phone.getByTestId('kefu-send').click();
      await desk
        .getByTestId('support-messages')
        .getByText('Found it, thank you!')
        .waitFor({ timeout: 10_000 });
      // The desk reads it: the customer's own message gets its read tick.
      const tick = phone.locator('[data-testid^="kefu-tick-"]').last();
      await expect.poll(() => tick.getAttribute('data-read'), { timeout: 10_000 }).toBe('true');
      expect(await tick.textContent()).toContain('Read');
      expect(await seriousAxeProblems(phone, 'kefu chat')).toEqual([]);
    });

    await step(phone, 'the customer sends an image: it shows on the desk', async () => {
      await phone.getByTestId('kefu-attach-input').setInputFiles(await pngFile('a.png', '#cc6633'));
      await desk
        .locator('[data-testid^="support-msg-"][data-sender="customer"] img')
        .waitFor({ timeout: 15_000 });
    });

    await step(desk, "the agent sends an image: the customer's screen shows it live", async () => {
      await desk
        .getByTestId('support-attach-input')
        .setInputFiles(await pngFile('b.png', '#3366aa'));
      const shown = phone.locator('[data-testid^="kefu-msg-"][data-sender="staff"] img');
      await shown.waitFor({ timeout: 15_000 });
      expect(await shown.getAttribute('src')).toMatch(/^data:image\/(jpeg|png);base64,/);
      await desk
        .locator('[data-testid^="support-msg-"][data-sender="staff"] img')
        .waitFor({ timeout: 15_000 });
    });

    for (const { locale } of LANGUAGES) {
      await step(desk, `the desk with the conversation open in ${locale}, axe-clean`, async () => {
        expect(desk.url()).toMatch(/#\/support\?id=\d+/);
        await desk.getByTestId('language-switch').selectOption(locale);
        await expect.poll(() => desk.evaluate(() => document.documentElement.lang)).toBe(locale);
        await desk.getByTestId('support-reply').waitFor();
        expect(await desk.locator('[data-testid="support-messages"] img').count()).toBe(2);
        expect(await seriousAxeProblems(desk, `support desk, a conversation (${locale})`)).toEqual(
          [],
        );
      });
    }
    await desk.getByTestId('language-switch').selectOption('en');

    await step(desk, 'the agent reloads the desk: the customer can still chat', async () => {
      await desk.reload();
      await expect
        .poll(() => desk.getByTestId('support-shift').getAttribute('data-on-shift'), {
          timeout: 20_000,
        })
        .toBe('true');
      // Past the grace (5 s): the reload reconnected well within it.
      await phone.waitForTimeout(6_500);
      expect(await phone.getByTestId('kefu-composer').count()).toBe(1);
      expect(await phone.getByTestId('kefu-leave').count()).toBe(0);
    });

    await step(desk, 'the agent closes the conversation', async () => {
      await desk.getByTestId('support-close').click();
      await expect
        .poll(() => phone.getByTestId('kefu-state').textContent(), { timeout: 10_000 })
        .toContain('Closed');
    });

    await step(
      phone,
      'the agent closes the desk on shift: the customer sees the hours',
      async () => {
        await desk.context().close();
        await phone.getByTestId('kefu-leave').waitFor({ timeout: 20_000 });
        expect(await phone.getByTestId('kefu-online').textContent()).toBe(
          'No agent is on shift right now',
        );
        expect(await phone.getByTestId('kefu-composer').count()).toBe(0);
      },
    );
    await phone.context().close();
  });

  it.each(LANGUAGES.map((l) => [l.stored, l.locale] as const))(
    'shows the customer-service screen in %s, axe-clean',
    async (stored, locale) => {
      const customer = await register(`kf${stored.replace(/[^a-z]/gi, '').toLowerCase()}`);
      const page = await customerPhone(customer, stored);
      await step(page, `kefu in ${locale}`, async () => {
        await page.goto(`${app.baseUrl}/?load=1#/home/kefuCenter`);
        await page.getByTestId('kefu-hours').waitFor({ timeout: 60_000 });
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
        expect(await seriousAxeProblems(page, `kefu (${locale})`)).toEqual([]);
      });
      await page.context().close();
    },
  );
});
