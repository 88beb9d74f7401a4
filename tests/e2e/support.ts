import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import {
  ACCOUNT_HEADER,
  API_BASE,
  IDEMPOTENCY_KEY_HEADER,
  KYC_UPLOAD_PATH,
  STAFF_API_BASE,
  STAFF_TOKEN_HEADER,
  TOKEN_HEADER,
} from '../../contract';
import { CALL_PATHS } from '../../contract/paths';
import { RECHARGE_VOUCHER_PATH } from '../../contract/schemas/funds';
import { generate } from 'otplib';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import type { StaffRole } from '../../contract';
import { staffCreate } from '../../scripts/staff-create';
import { buildApp } from '../../server/app';
import { appClockOf } from '../../server/clock';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/connect';
import { driveFeed } from '../../server/market';
import { configuredFeed } from '../../server/market/start-market';
import type { Clock } from '../../server/market';
import { copyDataDirTemplate, E2E_DEMO_CODE } from './data-dir-template';

/**
 * The test apps' market trades a tenth as often as the default (MARU_MARKET_TRADES): prices move
 * as fast, but every open market screen re-rendered for each of 2,000 trades a second, and the
 * pages and servers of the browser files took nearly half the suite's CPU.
 */
const E2E_MARKET_TRADES = '200';

const root = fileURLToPath(new URL('../..', import.meta.url));
export const screenshotDir = join(root, 'test-results');

export interface RunningApp {
  baseUrl: string;
  demoCode: string;
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    // Short: every test file waits for its app, and an answer is a local request.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy in time');
}

export interface StartOptions {
  /**
   * Runs on the fresh data directory before the server starts (PGlite allows one process per
   * data directory), e.g. to create the first staff account.
   */
  prepare?: (dataDir: string) => Promise<void>;
}

/**
 * The migrated, seeded data directory the browser project's global setup made
 * (tests/support/browser-setup.ts); none outside a test run (the benchmarks start from empty).
 */
async function dataDirTemplate(): Promise<string | null> {
  if (!process.env.VITEST) return null;
  const { inject } = await import('vitest');
  return inject('e2eDataDirTemplate') ?? null;
}

/**
 * Starts the app exactly as `npm start` does, on a fresh data directory and a free port. Under
 * the test runner the directory is a fresh copy of the migrated, seeded template, so the app skips
 * initdb and the migrations; the server still runs them (a no-op) and the seed as on any restart.
 */
export async function startApp(options: StartOptions = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'maru-e2e-'));
  const template = await dataDirTemplate();
  if (template !== null) copyDataDirTemplate(template, dataDir);
  await options.prepare?.(dataDir);
  const demoCode = E2E_DEMO_CODE;
  let output = '';
  const child = spawn(process.execPath, [join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      // One process on its own PGlite: no Redis either, so it never shares a socket.io channel or
      // the feed lease with another app on the same Redis (scale-out is tests/scaleout's).
      DATABASE_URL: '',
      REDIS_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      MARU_DATA_DIR: dataDir,
      MARU_DEMO_CODE: demoCode,
      // The browser project's global setup has built the client; never rebuild under another test.
      MARU_SKIP_BUILD: '1',
      MARU_MARKET_TRADES: E2E_MARKET_TRADES,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A server that dies mid-test says why, instead of leaving only refused connections behind.
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGKILL') {
      console.error(`the app exited (${code ?? signal}):\n${output.slice(-4000)}`);
    }
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(baseUrl, child, 240_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    baseUrl,
    demoCode,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Makes staff accounts on a data directory the server does not hold yet; notes each one-time password. */
function staffMaker(
  accounts: readonly { account: string; role: StaffRole }[],
  oneTimePasswords: Map<string, string>,
): (dataDir: string) => Promise<void> {
  return async (dataDir) => {
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      for (const { account, role } of accounts) {
        const created = await staffCreate(database.db, { account, role });
        oneTimePasswords.set(account, created.oneTimePassword);
      }
    } finally {
      await database.close();
    }
  };
}

/**
 * The app with staff accounts made with the staff-create script's function before the server
 * holds the data directory (PGlite allows one process per directory). Answers each account's
 * one-time password, which it signs in with first.
 */
export async function startAppWithStaff(
  accounts: readonly { account: string; role: StaffRole }[],
): Promise<{ app: RunningApp; oneTimePasswords: Map<string, string> }> {
  const oneTimePasswords = new Map<string, string>();
  const app = await startApp({
    prepare: staffMaker(accounts, oneTimePasswords),
  });
  return { app, oneTimePasswords };
}

/** The app with a first admin; the one-time password is what the admin signs in with first. */
export async function startAppWithAdmin(
  account: string,
): Promise<{ app: RunningApp; oneTimePassword: string }> {
  const { app, oneTimePasswords } = await startAppWithStaff([{ account, role: 'admin' }]);
  return { app, oneTimePassword: oneTimePasswords.get(account) ?? '' };
}

/**
 * The wall clock moved forward by a test: real time plus every `advance` so far. Time keeps
 * running (quotes tick, the job runner polls, the screens count down) and a test jumps it past a
 * draw day or a listing when it needs to.
 */
export class MovableClock implements Clock {
  private offset = 0;
  now(): number {
    return Date.now() + this.offset;
  }
  advance(ms: number): void {
    if (!(ms >= 0)) throw new Error('the clock only moves forward');
    this.offset += ms;
  }
}

/** An app running in the test's own process, on a clock the test moves. */
export interface InProcessApp extends RunningApp {
  clock: MovableClock;
}

/**
 * The app as `npm start` runs it (the same configuration from the environment, the embedded
 * PGlite on a fresh copy of the seeded template, the built client, the job runner polling every
 * MARU_JOB_POLL_MS, the demo market), but in this process, with a {@link MovableClock} handed to
 * `buildApp` as the app's clock and as the clock driving the simulated feed, so prices, sessions,
 * transitions and due jobs all follow it. The clock is reachable only here, in the test's own
 * process: the server has no call or variable that moves time.
 */
export async function startAppInProcess(options: StartOptions = {}): Promise<InProcessApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'maru-e2e-'));
  const template = await dataDirTemplate();
  if (template !== null) copyDataDirTemplate(template, dataDir);
  await options.prepare?.(dataDir);
  const config = loadConfig({
    ...process.env,
    // As startApp's: its own PGlite, no Redis.
    DATABASE_URL: '',
    REDIS_URL: '',
    PORT: String(port),
    HOST: '127.0.0.1',
    MARU_DATA_DIR: dataDir,
    MARU_DEMO_CODE: E2E_DEMO_CODE,
    MARU_MARKET_TRADES: E2E_MARKET_TRADES,
    LOG_LEVEL: 'warn',
  });
  if (config.clientDir === null) throw new Error('no built client (the global setup builds it)');
  const clock = new MovableClock();
  const feed = configuredFeed(config.market, clock.now());
  const driver = driveFeed(feed, clock);
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(config, {
      clock: appClockOf(clock),
      market: { feed, stop: () => driver.stop() },
    });
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    driver.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    demoCode: E2E_DEMO_CODE,
    clock,
    // Warnings and errors go to the test's own output.
    output: () => '',
    stop: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** {@link startAppInProcess} with staff accounts, as {@link startAppWithStaff} makes them. */
export async function startAppInProcessWithStaff(
  accounts: readonly { account: string; role: StaffRole }[],
): Promise<{ app: InProcessApp; oneTimePasswords: Map<string, string> }> {
  const oneTimePasswords = new Map<string, string>();
  const app = await startAppInProcess({
    prepare: staffMaker(accounts, oneTimePasswords),
  });
  return { app, oneTimePasswords };
}

/** Debian's Chromium, run as root in a closed network (the machine notes' flags). */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH);
}

export async function newPhonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
  });
  return context.newPage();
}

/** What a sign-in leaves in local storage: the session, and the stored language. Runs in a page. */
const storeSession = ({
  lang,
  token,
  account,
}: {
  lang: string;
  token: string;
  account: string;
}) => {
  localStorage.setItem('lang', JSON.stringify(lang));
  localStorage.setItem('tokend', JSON.stringify(token));
  localStorage.setItem('account', JSON.stringify(account));
};

/**
 * Before every load of `page`, its local storage holds the customer's session and the stored
 * language (`kor`, `en`, `tw`, `cn`), as after a sign-in: the app starts signed in.
 */
export async function signedInOnLoad(
  page: Page,
  session: { token: string; account: string },
  stored: string,
): Promise<void> {
  await page.addInitScript(storeSession, {
    lang: stored,
    token: session.token,
    account: session.account,
  });
}

/**
 * Writes the customer's session and the stored language into the local storage of `page`, which
 * must be on the app's origin, once: the next load starts signed in, and what the journey then
 * does (a sign-out, another language) stays done.
 */
export async function storeSignedIn(
  page: Page,
  session: { token: string; account: string },
  stored: string,
): Promise<void> {
  await page.evaluate(storeSession, {
    lang: stored,
    token: session.token,
    account: session.account,
  });
}

/** Runs a step of a journey; on failure leaves a screenshot in test-results/ named after the step. */
export async function step<T>(page: Page, name: string, action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    mkdirSync(screenshotDir, { recursive: true });
    const file = join(screenshotDir, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`);
    await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
    throw new Error(`step "${name}" failed (screenshot: ${file}): ${(error as Error).message}`);
  }
}

/** Opens the app, registers through the register screen, and waits for the signed-in landing page. */
export async function registerInBrowser(
  page: Page,
  app: RunningApp,
  account: string,
  password: string,
): Promise<void> {
  await page.goto(app.baseUrl);
  await page.waitForURL(/#\/login\/start$/);
  await page.getByTestId('start-register').click();
  await page.locator('input[name="account"]').fill(account);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="confirmPassword"]').fill(password);
  await page.locator('input[name="code"]').fill(app.demoCode);
  await page.getByTestId('register-agree').check({ force: true });
  await page.getByTestId('register-submit').click();
  await page.waitForURL(/#\/home\/index/);
}

/**
 * A staff member's first sign-in in the back office at `baseUrl`: the one-time password, TOTP
 * enrolment with the shown secret, then the new password. Resolves once past the password page.
 */
export async function staffFirstSignIn(
  page: Page,
  baseUrl: string,
  staff: { account: string; oneTimePassword: string; newPassword: string },
): Promise<void> {
  await page.goto(`${baseUrl}/admin.html`);
  await page.getByTestId('staff-account').fill(staff.account);
  await page.getByTestId('staff-password').fill(staff.oneTimePassword);
  await page.getByTestId('staff-login-submit').click();
  await page.getByTestId('totp-qr').waitFor();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  await page.locator('input[name="code"]').fill(await generate({ secret }));
  await page.getByTestId('totp-submit').click();
  await page.waitForURL(/#\/password$/);
  await page.locator('input[name="oldPassword"]').fill(staff.oneTimePassword);
  await page.getByTestId('new-password').fill(staff.newPassword);
  await page.getByTestId('confirm-password').fill(staff.newPassword);
  await page.getByTestId('change-password-submit').click();
  await page.waitForURL((url) => !url.hash.startsWith('#/password'));
}

// --- Set-ups through the API (the identity and money journeys test these screens) ------------

/** A customer's session as registering answers it. */
export interface CustomerSession {
  token: string;
  account: string;
}

interface Envelope<T> {
  status: number;
  data: T;
}

/** POSTs `body` (JSON, or the bytes of a Buffer); answers the envelope's data, throws on a refusal. */
export async function postApi<T>(
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

export const customerHeaders = (session: CustomerSession) => ({
  [TOKEN_HEADER]: session.token,
  [ACCOUNT_HEADER]: session.account,
});

/** A customer call (`path` under the API base) as `session`, with `extra` headers. */
export const customerCall = <T>(
  app: RunningApp,
  session: CustomerSession,
  path: string,
  body: unknown,
  extra: Record<string, string> = {},
) =>
  postApi<T>(`${app.baseUrl}${API_BASE}${path}`, body, { ...customerHeaders(session), ...extra });

/** A staff call (`path` under the staff API base) with a signed-in staff member's token. */
export const staffCall = <T>(app: RunningApp, token: string, path: string, body: unknown) =>
  postApi<T>(`${app.baseUrl}${STAFF_API_BASE}${path}`, body, { [STAFF_TOKEN_HEADER]: token });

/** A plain 320 × 200 picture in one colour: an ID photo or a voucher. */
export function testImage(background: string, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const picture = sharp({ create: { width: 320, height: 200, channels: 3, background } });
  return (format === 'png' ? picture.png() : picture.jpeg()).toBuffer();
}

/** Uploads a picture's bytes to `path` (under the API base) as `session`. */
export async function uploadImage<T>(
  app: RunningApp,
  session: CustomerSession,
  path: string,
  background: string,
): Promise<T> {
  return postApi<T>(
    `${app.baseUrl}${API_BASE}${path}`,
    await testImage(background),
    customerHeaders(session),
    'application/octet-stream',
  );
}

/** Registers `account` with the institution code. */
export function registerCustomer(
  app: RunningApp,
  account: string,
  password: string,
): Promise<CustomerSession> {
  return postApi<CustomerSession>(`${app.baseUrl}${API_BASE}${CALL_PATHS.register}`, {
    account,
    password,
    confirmPassword: password,
    code: app.demoCode,
    agree: true,
  });
}

/**
 * Registered, real-name verified (two ID photos, approved by the staff member whose token is
 * `staffToken`) and with a fund password.
 */
export async function verifiedCustomer(
  app: RunningApp,
  staffToken: string,
  customer: { account: string; password: string; fundPassword: string },
): Promise<CustomerSession> {
  const { account, password, fundPassword } = customer;
  const session = await registerCustomer(app, account, password);
  const photo = async (side: 'front' | 'back') =>
    (
      await uploadImage<{ photoId: string }>(
        app,
        session,
        `${KYC_UPLOAD_PATH}?side=${side}`,
        side === 'front' ? '#88aacc' : '#ccaa88',
      )
    ).photoId;
  await customerCall(app, session, CALL_PATHS.kycSubmit, {
    realName: '홍길동',
    idNumber: '900101-1',
    frontPhotoId: await photo('front'),
    backPhotoId: await photo('back'),
  });
  const queue = await staffCall<{ items: { customerId: number; account: string }[] }>(
    app,
    staffToken,
    '/kyc/queue',
    { page: 1, pageSize: 50 },
  );
  const customerId = queue.items.find((item) => item.account === account)?.customerId;
  if (customerId === undefined) throw new Error(`${account} is not in the KYC queue`);
  await staffCall(app, staffToken, '/kyc/approve', { customerId });
  await customerCall(app, session, CALL_PATHS.fundPasswordSet, {
    fundPassword,
    confirmFundPassword: fundPassword,
  });
  return session;
}

/** {@link verifiedCustomer} with a won deposit (with a voucher) the same staff member approves. */
export async function fundedCustomer(
  app: RunningApp,
  staffToken: string,
  customer: { account: string; password: string; fundPassword: string; deposit: number },
): Promise<CustomerSession> {
  const session = await verifiedCustomer(app, staffToken, customer);
  const { voucherId } = await uploadImage<{ voucherId: string }>(
    app,
    session,
    RECHARGE_VOUCHER_PATH,
    '#aaccee',
  );
  const deposit = await customerCall<{ id: number; version: number }>(
    app,
    session,
    CALL_PATHS.recharge,
    { currency: 'KRW', amount: customer.deposit, voucherId },
    { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
  );
  await staffCall(app, staffToken, '/deposits/approve', {
    id: deposit.id,
    version: deposit.version,
  });
  return session;
}

/**
 * A staff member's first sign-in ({@link staffFirstSignIn}) in a desktop page of its own, closed
 * after: answers the staff token the back office keeps, for the test's own staff calls.
 */
export async function staffTokenByFirstSignIn(
  browser: Browser,
  app: RunningApp,
  staff: { account: string; oneTimePassword: string; newPassword: string },
): Promise<string> {
  const page = await (
    await browser.newContext({ viewport: { width: 1280, height: 800 } })
  ).newPage();
  await step(page, `${staff.account} signs in`, () => staffFirstSignIn(page, app.baseUrl, staff));
  const token = (await page.evaluate(() => sessionStorage.getItem('maru-staff-token'))) ?? '';
  await page.context().close();
  if (token === '') throw new Error(`${staff.account} has no staff token after signing in`);
  return token;
}
