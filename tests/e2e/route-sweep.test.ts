import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page, Request } from 'playwright-core';
import type { RouteObject } from 'react-router-dom';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_HEADER, API_BASE, KYC_UPLOAD_PATH, LANGUAGE_HEADER } from '../../contract';
import { LANGUAGES } from '../../contract/languages';
import { SCREENS } from '../../src/app/screens';
import { BACKOFFICE_ROUTES } from '../../src/backoffice/router';
import { seriousViolations } from './axe';
import { launchBrowser, screenshotDir, startAppWithAdmin, step } from './support';
import type { RunningApp } from './support';

/**
 * The route sweep: every screen of the customer app (read from SCREENS, so a new screen is swept
 * as soon as it is routed) and of the back office (read from its route table), in every language,
 * must load without a page error or a console error, without a 5xx, without a serious or
 * critical axe violation of WCAG 2 A/AA, and without text cut off at its width (cutOff). One app,
 * one browser; screens are reached by hash change within one page.
 */

let app: RunningApp;
let browser: Browser;
let oneTimePassword = '';
const ADMIN = 'sweeper';
const STAFF_PASSWORD = 'staff-quartz-harbour-64';
const CUSTOMER_PASSWORD = 'amber-lantern-62';

/** An order id no customer of the sweep has: the detail says so, with a way back. */
const NO_SUCH_ORDER = 987654321;
/** Query strings that make a screen show real data rather than its "nothing asked" state. */
const QUERIES: Record<string, readonly string[]> = {
  // A name too long for one line at 390 px (a SPAC's English name) as well.
  '/market/stockDetail': ['?code=005930', '?code=0091W0'],
  '/market/stockDetailzs': ['?name=KOSPI'],
  '/information/aboutInfo': ['', '?type=agreement'],
  // Trading (issue 11): the ticket as a page, day trading with a stock picked, every tab, and
  // an order that is not the customer's (the screens with real orders: trade-journey.test.ts).
  '/market/marketBuy': [
    '?symbol=005930&side=long',
    '?symbol=005930&side=short',
    '?symbol=0091W0&side=long',
    '',
  ],
  '/home/dayTrading': ['', '?symbol=005930', '?symbol=0091W0'],
  '/trade/index': ['?tab=holding', '?tab=pending', '?tab=closed'],
  '/trade/positionDetail': ['', `?id=${NO_SUCH_ORDER}`],
  // Corporate actions (docs/corporate-actions.md): the seeded demo rights issue is 2.
  '/home/rightsApply': ['', '?id=2'],
  // IPO subscriptions (issue 12): every tab; the demo offerings (1 upcoming, 2 open, 3 drawn, in
  // the embedded default's order) with the open one's subscribe flow and the drawn one's draw
  // re-computed; a record and a draw that do not exist (the screens with a real subscription:
  // ipo-screens.test.ts).
  '/home/newStock': ['?tab=upcoming', '?tab=open', '?tab=closed'],
  '/home/newStockBuy': ['', '?id=2', '?id=3'],
  '/home/newStockRecord': ['', `?id=${NO_SUCH_ORDER}`],
  '/home/newStockRecords': [
    '?tab=subscriptions',
    '?tab=placements',
    '?tab=auctions',
    '?tab=allotments',
  ],
  '/home/newStockDraw': ['', '?id=3', '?id=2'],
  // Placements and auctions (issue 12): the seeded demo ones (id 1), and an id with none
  '/home/newStockPsBuy': ['?id=1', `?id=${NO_SUCH_ORDER}`],
  '/home/auctionBid': ['?id=1', `?id=${NO_SUCH_ORDER}`],
  // News (issue 13): a tab, a seeded sample article, and one that does not exist.
  '/home/newsList': ['', '?tag=ipo'],
  '/home/newsDetail': ['?id=1', `?id=${NO_SUCH_ORDER}`],
  // Customer service (issue 13, docs/support.md): nobody on shift in the sweep, so the hours and
  // the leave-a-message form (the live chat: support-journey.test.ts). The back office's
  // `/support` desk is swept from its route table with no conversation open; the journey checks
  // it with one open (messages, images from both sides) in the four languages.
  '/home/kefuCenter': [''],
};
const UNKNOWN_ROUTE = '/no/such/screen';
/**
 * A language's sweep is ~35 screens, each waiting for its data and then running axe. On the
 * shared two-core machine (load ~25) a screen took 7-70 s, a language ~8-12 min: hence 20 min.
 */
const SWEEP_TIMEOUT_MS = 1_200_000;

interface Problem {
  route: string;
  what: string;
}

interface Session {
  token: string;
  account: string;
}

beforeAll(async () => {
  ({ app, oneTimePassword } = await startAppWithAdmin(ADMIN));
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function post<T>(path: string, body: unknown, headers: Record<string, string>): Promise<T> {
  const response = await fetch(`${app.baseUrl}${API_BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { status: number; data: T; msg: string };
  if (envelope.status !== 1) throw new Error(`${path}: ${envelope.msg}`);
  return envelope.data;
}

/**
 * A customer with data to show: a fund password, a watchlist entry and (when `kyc`) a submitted
 * real-name verification; without it the verification screen shows its form, also worth sweeping.
 */
async function customerWithData(locale: string, kyc: boolean): Promise<Session> {
  const lang = { [LANGUAGE_HEADER]: locale };
  const session = await post<Session>(
    '/user/register',
    {
      account: `sw${locale.replace('-', '').toLowerCase()}${Date.now().toString(36)}`,
      password: CUSTOMER_PASSWORD,
      confirmPassword: CUSTOMER_PASSWORD,
      code: app.demoCode,
      agree: true,
    },
    lang,
  );
  const auth = { ...lang, token: session.token, [ACCOUNT_HEADER]: session.account };
  await post(
    '/user/fundPassword/set',
    { fundPassword: '135790', confirmFundPassword: '135790' },
    auth,
  );
  await post('/user/addOptional', { symbol: '005930' }, auth);
  if (kyc) {
    const upload = async (side: 'front' | 'back', background: string) => {
      const body = await sharp({ create: { width: 64, height: 48, channels: 3, background } })
        .jpeg()
        .toBuffer();
      const response = await fetch(`${app.baseUrl}${API_BASE}${KYC_UPLOAD_PATH}?side=${side}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', ...auth },
        body,
      });
      return ((await response.json()) as { data: { photoId: string } }).data.photoId;
    };
    await post(
      '/kyc/submit',
      {
        realName: '홍길동',
        idNumber: '900101-1',
        frontPhotoId: await upload('front', '#88aacc'),
        backPhotoId: await upload('back', '#ccaa88'),
      },
      auth,
    );
  }
  return session;
}

/** What a screen shows while its data is on the way. */
const LOADING =
  '[data-testid="loading-overlay"], [data-testid$="-loading"], .chakra-skeleton, .maru-skeleton';
/** The page's own requests must have been quiet this long for a screen to count as drawn. */
const QUIET_MS = 250;
/** A screen still loading or refreshing after this long is checked as it is (and says so). */
const SETTLE_CAP_MS = 11_000;

/** The back office is its own page (admin.html); the customer app is the root. */
const isBackOffice = (page: Page) => new URL(page.url()).pathname.endsWith('admin.html');

/** Counts requests in flight (not the market socket), to know when a screen has its data. */
function watch(page: Page, problems: Problem[]) {
  // The market socket's long polls and the screens' periodic refreshes never stop; only the
  // requests a screen waits for to draw count.
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const counted = (request: Request) =>
    !request.url().includes('/socket.io/') && request.resourceType() !== 'websocket';
  const route = () => decodeURIComponent(new URL(page.url()).hash.slice(1) || '/');
  page.on('pageerror', (error) =>
    problems.push({ route: route(), what: `page error: ${error.message}` }),
  );
  // What the app itself logs as an error. The browser's own line for a refused call (a 4xx, e.g.
  // an unknown order answered "not found") is the call's answer, not a fault; 5xx are counted below.
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (
      /^Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())
    )
      return;
    problems.push({ route: route(), what: `console error: ${message.text()}` });
  });
  page.on('request', (request) => {
    if (!counted(request)) return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', (response) => {
    if (response.status() >= 500) {
      problems.push({ route: route(), what: `HTTP ${response.status()} from ${response.url()}` });
    }
  });
  const loadingShown = () =>
    page.evaluate((selector) => document.querySelector(selector) !== null, LOADING);
  return {
    /**
     * Waits until the screen has drawn its data: the app's screen mark names the route (customer
     * app), nothing on it says it is loading, and none of the page's own requests has been in
     * flight for QUIET_MS. A screen that keeps refreshing is checked after SETTLE_CAP_MS.
     */
    settled: async (): Promise<string | null> => {
      if (!isBackOffice(page)) {
        // The customer app keeps the previous screen up while the next one loads; wait for the
        // screen mark (src/app/router.tsx) to name the route on display, after any redirect.
        await page.waitForFunction(
          () =>
            document.documentElement.dataset.screen === window.location.hash.slice(1).split('?')[0],
          null,
          { timeout: 20_000 },
        );
        await scrollThrough(page);
      }
      const deadline = Date.now() + SETTLE_CAP_MS;
      for (;;) {
        const quiet = inFlight.size === 0 && Date.now() - lastChange >= QUIET_MS;
        if (quiet && !(await loadingShown())) return null;
        if (Date.now() > deadline) {
          if (inFlight.size > 0) return [...inFlight].map((r) => r.url()).join(', ');
          return quiet ? 'a loading indicator stayed' : 'requests kept coming';
        }
        // Node's timer, not the page's: nothing to ask the browser until something changes.
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

/**
 * Scrolls down the screen half a screenful at a time, as a reader does, then back to the top:
 * parts that load only once they come near the viewport (the stock's book and news) load, and are
 * checked loaded rather than left as skeletons.
 */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      // A frame for the intersection observers to see the new position.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    }
    window.scrollTo(0, 0);
  });
}

async function axeProblems(page: Page, route: string): Promise<Problem[]> {
  return (await seriousViolations(page)).flatMap((v) =>
    v.nodes.map((node) => ({
      route,
      what: `axe ${v.id} (${v.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? v.help}`,
    })),
  );
}

const progressFile = join(screenshotDir, 'route-sweep.log');
/** One line per screen swept, so a slow or stuck sweep shows where it is. */
function progress(line: string): void {
  mkdirSync(screenshotDir, { recursive: true });
  appendFileSync(progressFile, `${new Date().toISOString()} ${line}\n`);
}

function report(problems: Problem[]): string {
  return problems.map((p) => `  ${p.route}: ${p.what}`).join('\n');
}

async function newPage(width: number, height: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height },
    deviceScaleFactor: 1,
    // Axe measures colours as drawn: no half-faded element mid-transition.
    reducedMotion: 'reduce',
  });
  return context.newPage();
}

/** Goes to a route by hash change (no reload) and checks it once it has settled. */
async function visit(
  page: Page,
  settled: () => Promise<string | null>,
  route: string,
  problems: Problem[],
  locale: string,
): Promise<void> {
  await page.evaluate((hash) => {
    window.location.hash = hash;
  }, route);
  const started = Date.now();
  const unsettled = await settled();
  const drawn = Date.now();
  const where = `${route} (${locale})`;
  const violations = await axeProblems(page, where);
  const checked = Date.now();
  const cut = (await cutOff(page, isBackOffice(page))).map((what) => ({ route: where, what }));
  for (const problem of [...violations, ...cut]) {
    problems.push(problem);
    progress(`  ${problem.what}`);
  }
  progress(
    `${where} ${Date.now() - started} ms (settled ${drawn - started}, axe ${checked - drawn}), ${violations.length} violation(s)${unsettled ? `; still loading: ${unsettled}` : ''}`,
  );
}

/**
 * Text a reader cannot read whole at this width (issue 9: nothing cut off at 390 px): the page
 * scrolling sideways, text cut by its box (an ellipsis) or reaching past the screen's edge outside
 * a row that scrolls sideways, a table column squeezed narrower than a word of its header. In the
 * back office a cell may be cut when its title holds the whole text (read by hovering); on a
 * phone there is no hover, so nothing may be cut that the screen does not show whole elsewhere.
 */
async function cutOff(page: Page, hoverShowsTitle: boolean): Promise<string[]> {
  return page.evaluate((titleCounts) => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width + 1) {
      found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`);
    }
    const inSidewaysScroller = (element: Element) => {
      for (let at = element.parentElement; at; at = at.parentElement) {
        const { overflowX } = getComputedStyle(at);
        if (overflowX === 'auto' || overflowX === 'scroll') return true;
      }
      return false;
    };
    const elements = [...document.querySelectorAll<HTMLElement>('body *')];
    // A title cut short is fine where the screen shows the same text whole (the stock's name in
    // the bar and on the quote card).
    const shownWhole = (cut: HTMLElement) =>
      elements.some(
        (other) =>
          other !== cut &&
          other.textContent?.trim() === cut.textContent?.trim() &&
          other.scrollWidth <= other.clientWidth + 1 &&
          other.getBoundingClientRect().width > 1,
      );
    for (const element of elements) {
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (!ownText) continue;
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      // Hidden, or visually hidden for screen readers (a 1 px box).
      if (style.visibility === 'hidden' || box.width <= 1 || box.height <= 1) continue;
      const text = `"${(element.textContent ?? '').trim().slice(0, 40)}"`;
      const cutByBox =
        (style.overflowX === 'hidden' || style.overflowX === 'clip') &&
        element.scrollWidth > element.clientWidth + 1;
      if (cutByBox && !(titleCounts && element.title.trim()) && !shownWhole(element)) {
        found.push(`${text} cut off (${element.scrollWidth} px in ${element.clientWidth})`);
      }
      // A table squeezed to fit by starving a column: a word of its header no longer fits
      // (measured with breaking inside words turned off for the moment).
      if (element.tagName === 'TH') {
        const { overflowWrap, wordBreak } = element.style;
        Object.assign(element.style, { overflowWrap: 'normal', wordBreak: 'keep-all' });
        if (element.scrollWidth > element.clientWidth + 1) {
          found.push(`column ${text} squeezed to ${Math.round(box.width)} px`);
        }
        Object.assign(element.style, { overflowWrap, wordBreak });
      }
      if ((box.right > width + 1 || box.left < -1) && !inSidewaysScroller(element)) {
        found.push(
          `${text} past the screen's edge (${Math.round(box.left)}–${Math.round(box.right)} px)`,
        );
      }
    }
    return found;
  }, hoverShowsTitle);
}

/** The market screen's tabs, found on the screen itself so a new tab is swept too. */
async function marketTabs(page: Page): Promise<string[]> {
  const ids = await page
    .locator('[data-testid^="market-tab-"]')
    .evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace('market-tab-', '')).filter((id) => /^[a-zA-Z]+$/.test(id));
}

const customerRoutes = (session: boolean): string[] =>
  SCREENS.filter((s) => s.session === session).flatMap((s) =>
    (QUERIES[s.path] ?? ['']).map((query) => `${s.path}${query}`),
  );

// The languages run side by side: most of a screen's time is waiting for its data to settle, not
// work, so four pages at once take little longer than one.
describe.concurrent.each(LANGUAGES.map((l) => [l.locale, l.stored] as const))(
  'the route sweep in %s',
  (locale, stored) => {
    it(
      'every customer screen loads with no page or console error, no 5xx and no serious axe violation',
      async () => {
        const problems: Problem[] = [];
        // Korean and Traditional Chinese with a verification under review; the others with its form.
        const session = await customerWithData(locale, locale === 'ko' || locale === 'zh-TW');
        const page = await newPage(390, 844);
        const { settled } = watch(page, problems);
        await page.addInitScript((lang) => {
          localStorage.setItem('lang', JSON.stringify(lang));
        }, stored);

        await step(page, `sweep ${locale} signed out`, async () => {
          await page.goto(`${app.baseUrl}/#/login/start`);
          await settled();
          for (const route of customerRoutes(false))
            await visit(page, settled, route, problems, locale);
          await visit(page, settled, UNKNOWN_ROUTE, problems, locale);
          // An unknown address says so, with a way back, rather than looking like a sign-out.
          await expect(page.getByTestId('not-found').isVisible()).resolves.toBe(true);
        });

        await step(page, `sweep ${locale} signed in`, async () => {
          await page.evaluate(
            ({ token, account }) => {
              localStorage.setItem('tokend', JSON.stringify(token));
              localStorage.setItem('account', JSON.stringify(account));
            },
            { token: session.token, account: session.account },
          );
          // A full load, so the app starts on the stored session.
          await page.goto(`${app.baseUrl}/?signedIn=1#/home/index`);
          await settled();
          for (const route of customerRoutes(true)) {
            await visit(page, settled, route, problems, locale);
            // A session screen never bounces a signed-in customer to the login.
            expect(new URL(page.url()).hash, route).not.toMatch(/^#\/login\/(start|login)$/);
            // A position that is not the customer's says so with the way back (the other
            // screens' unknown ids show their own not-found state, checked by their tests).
            if (route === `/trade/positionDetail?id=${NO_SUCH_ORDER}`) {
              await expect(page.getByTestId('position-not-found-back').isVisible()).resolves.toBe(
                true,
              );
            }
            if (route === '/market/index') {
              const tabs = await marketTabs(page);
              expect(tabs.length).toBeGreaterThan(1);
              for (const tab of tabs)
                await visit(page, settled, `/market/index?tab=${tab}`, problems, locale);
            }
          }
          await visit(page, settled, UNKNOWN_ROUTE, problems, locale);
        });

        expect(problems, `\n${report(problems)}\n`).toEqual([]);
        await page.context().close();
      },
      SWEEP_TIMEOUT_MS,
    );
  },
);

/** Every back-office route pattern, from its route table. */
function backofficePatterns(routes: readonly RouteObject[], parent = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.index
      ? parent || '/'
      : route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = route.path === '*' ? [UNKNOWN_ROUTE] : route.index || route.path ? [path] : [];
    return [...own, ...backofficePatterns(route.children ?? [], path)];
  });
}

describe('the back-office route sweep', () => {
  it(
    'every back-office screen, in every language, has no page error, no 5xx and no serious axe violation',
    async () => {
      const problems: Problem[] = [];
      // A customer whose verification waits in the queue, so the detail screens have a subject.
      const customer = await customerWithData('ko', true);
      const page = await newPage(1280, 800);
      const { settled } = watch(page, problems);

      await step(page, 'back office: sign in and enrol', async () => {
        // The sign-in screen in each language (read from storage at start), before anyone signs in.
        for (const { locale } of [...LANGUAGES].reverse()) {
          await page.goto(`${app.baseUrl}/admin.html?lang=${locale}#/login`);
          await page.evaluate((lang) => localStorage.setItem('maru-staff-lang', lang), locale);
          await page.reload();
          await settled();
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
          problems.push(...(await axeProblems(page, `/login (${locale})`)));
        }
        await page.getByTestId('staff-account').fill(ADMIN);
        await page.getByTestId('staff-password').fill(oneTimePassword);
        await page.getByTestId('staff-login-submit').click();
        await page.getByTestId('totp-qr').waitFor();
        problems.push(...(await axeProblems(page, '/login, TOTP enrolment')));
        const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
        await page.locator('input[name="code"]').fill(await generate({ secret }));
        await page.getByTestId('totp-submit').click();
        await page.waitForURL(/#\/password$/);
        await settled();
        problems.push(...(await axeProblems(page, '/password')));
        await page.locator('input[name="oldPassword"]').fill(oneTimePassword);
        await page.getByTestId('new-password').fill(STAFF_PASSWORD);
        await page.getByTestId('confirm-password').fill(STAFF_PASSWORD);
        await page.getByTestId('change-password-submit').click();
        await page.waitForURL(/#\/kyc/);
      });

      // Real ids for the routes' parameters, read from the links the screens show.
      const params: Record<string, string> = { entityType: 'kyc' };
      await step(page, 'back office: find ids for the detail routes', async () => {
        await page.getByTestId(`kyc-row-${customer.account}`).waitFor();
        const kycLink = await page
          .getByTestId(`kyc-row-${customer.account}`)
          .locator('a[href*="#/kyc/"]')
          .first()
          .getAttribute('href');
        params.customerId = kycLink?.split('/').pop() ?? '';
        params.entityId = params.customerId;
        await page.evaluate(() => {
          window.location.hash = '/institutions';
        });
        await page.getByTestId(`institution-row-${app.demoCode}`).waitFor();
        const institutionLink = await page
          .getByTestId(`institution-row-${app.demoCode}`)
          .locator('a[href*="#/institutions/"]')
          .first()
          .getAttribute('href');
        params.institutionId = institutionLink?.split('/').pop() ?? '';
        expect(params.customerId).toMatch(/^\d+$/);
        expect(params.institutionId).toMatch(/^\d+$/);
      });

      const routes = backofficePatterns(BACKOFFICE_ROUTES)
        // Signed in, the sign-in and password screens send the staff member on; both were checked.
        .filter((pattern) => pattern !== '/login' && pattern !== '/password')
        .map((pattern) =>
          pattern.replace(/:([a-zA-Z]+)/g, (_, name: string) => {
            const value = params[name];
            if (!value) throw new Error(`the sweep has no value for :${name} in ${pattern}`);
            return value;
          }),
        );
      expect(routes).toContain(`/kyc/${params.customerId}`);

      for (const { locale } of LANGUAGES) {
        await step(page, `back office sweep ${locale}`, async () => {
          await page.getByTestId('language-switch').selectOption(locale);
          await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
          for (const route of routes) await visit(page, settled, route, problems, locale);
        });
      }

      expect(problems, `\n${report(problems)}\n`).toEqual([]);
      await page.context().close();
    },
    SWEEP_TIMEOUT_MS,
  );
});
