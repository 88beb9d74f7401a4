import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import buildClient from '../tests/support/build-client';
import { freePort, registerInBrowser, startApp } from '../tests/e2e/support';
import type { RunningApp } from '../tests/e2e/support';
import { networkQuiet, recordTransfer } from '../tests/support/transfer';
import type { Transfer } from '../tests/support/transfer';

export const START_ROUTE = '/login/start';
export const STOCK_ROUTE = '/market/stockDetail?code=005930';

/** The targets. */
export const TARGETS = { startKb: 170, lighthouse: 90, priceMs: 2500 } as const;

/** Lighthouse's slow 4G (its mobile default), applied for real through CDP. */
const SLOW_4G = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

export interface RouteBytes {
  route: string;
  jsKb: number;
  totalKb: number;
  requests: number;
  socketFrameKb: number;
  files: { url: string; type: string; encoding: string; bytes: number }[];
}

export interface LighthouseFigures {
  route: string;
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /**
   * Lighthouse's measure of the host's CPU (its BenchmarkIndex). Below 1,000 Lighthouse warns that
   * the machine is slower than the one its 4× CPU slowdown assumes, and the score reads low;
   * scores from machines with different indexes are not comparable.
   */
  benchmarkIndex: number;
}

const EMPTY_BYTES: RouteBytes = {
  route: '',
  jsKb: 0,
  totalKb: 0,
  requests: 0,
  socketFrameKb: 0,
  files: [],
};
const EMPTY_LIGHTHOUSE: LighthouseFigures = {
  route: '',
  score: 0,
  fcpMs: 0,
  lcpMs: 0,
  tbtMs: 0,
  cls: 0,
  speedIndexMs: 0,
  benchmarkIndex: 0,
};

export interface WireReport {
  bytes: RouteBytes[];
  lighthouse: LighthouseFigures[];
  /** Median over the runs, cold cache, slow 4G + 4× CPU: ms from navigation to the price / chart. */
  priceVisibleMs: number;
  chartVisibleMs: number;
  priceRunsMs: number[];
}

const began = Date.now();
/** Progress on stderr: on a busy machine a run takes minutes. */
const progress = (what: string) =>
  process.stderr.write(`[bundle +${Math.round((Date.now() - began) / 1000)} s] ${what}\n`);
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * One Chromium with a debugging port, so Playwright (sign-in, byte counts, the timed load) and
 * Lighthouse drive the same profile: the session Playwright signs in with is in its localStorage,
 * which Lighthouse's storage reset leaves alone (it clears the HTTP cache, so runs stay cold).
 */
export async function startChromium(): Promise<{ port: number; child: ChildProcess; dir: string }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'maru-wire-chrome-'));
  const child = spawn(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-extensions',
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${dir}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, child, dir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error('chromium did not open its debugging port');
}

export async function phonePage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  return page;
}

async function measureBytes(
  context: BrowserContext,
  app: RunningApp,
  route: string,
  ready: (page: Page) => Promise<unknown>,
): Promise<RouteBytes> {
  const page = await phonePage(context);
  try {
    const recorder = await recordTransfer(page);
    await page.goto(`${app.baseUrl}/#${route}`);
    await ready(page);
    await networkQuiet(recorder.cdp, 1500);
    const t: Transfer = await recorder.stop();
    return {
      route,
      jsKb: kb(t.jsBytes),
      totalKb: kb(t.totalBytes),
      requests: t.files.length,
      socketFrameKb: kb(t.socketFrameBytes),
      files: t.files.map((f) => ({ ...f, url: f.url.replace(app.baseUrl, '') })),
    };
  } finally {
    await page.close();
  }
}

/**
 * Stamps, in the page's own clock, when the price and then the chart first show. A string, not a
 * function: tsx would wrap a function's inner arrows in its `__name` helper, unknown in the page.
 */
/** The chart's drawn candles: the plain SVG first view, or Highcharts' series once it took over. */
const DRAWN_CHART = '[data-testid="chart-svg-candles"] path, .highcharts-series-group path';

const STAMP_PRICE_AND_CHART = `(() => {
  const check = () => {
    const price = document.querySelector('[data-testid="stock-price"]');
    if (window.__priceAt === undefined && price && /[1-9]/.test(price.textContent || '')
        && price.getBoundingClientRect().height > 0) window.__priceAt = performance.now();
    if (window.__chartAt === undefined && document.querySelector('${DRAWN_CHART}'))
      window.__chartAt = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/**
 * A phone page for a first visit: its HTTP cache cleared and the service worker bypassed (the
 * registration's would answer from its cache, as no first visit has). Also its CDP session.
 */
export async function firstVisitPhonePage(
  context: BrowserContext,
): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await phonePage(context);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.setBypassServiceWorker', { bypass: true });
  return { page, cdp };
}

/** {@link firstVisitPhonePage} on slow 4G with a 4× CPU, and a script run before the page's own. */
export async function slowPhonePage(context: BrowserContext, initScript: string): Promise<Page> {
  const { page, cdp } = await firstVisitPhonePage(context);
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(initScript);
  return page;
}

export async function timePriceOnSlow4g(
  context: BrowserContext,
  app: RunningApp,
): Promise<{ priceMs: number; chartMs: number }> {
  const page = await slowPhonePage(context, STAMP_PRICE_AND_CHART);
  try {
    await page.goto(`${app.baseUrl}/#${STOCK_ROUTE}`, { waitUntil: 'commit' });
    const read = () =>
      page.evaluate(() => {
        const m = window as unknown as { __priceAt?: number; __chartAt?: number };
        return { price: m.__priceAt ?? null, chart: m.__chartAt ?? null };
      });
    const deadline = Date.now() + 120_000;
    for (;;) {
      const marks = await read();
      if (marks.price !== null && marks.chart !== null)
        return { priceMs: Math.round(marks.price), chartMs: Math.round(marks.chart) };
      if (Date.now() > deadline) {
        const text = await page.evaluate('document.body.innerText.slice(0, 300)');
        throw new Error(
          `price/chart never showed: ${JSON.stringify(marks)}; page: ${String(text)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    await page.close();
  }
}

export async function runLighthouse(
  port: number,
  url: string,
  route: string,
): Promise<LighthouseFigures> {
  // Lighthouse's default config: mobile, simulated slow 4G and 4× CPU; performance only.
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // LIGHTHOUSE_PROFILE=1: CPU samples in the trace, to see what ran in each long task (it slows
    // the page a little: read it for attribution, not for the score).
    ...(process.env.LIGHTHOUSE_PROFILE === '1'
      ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' }
      : {}),
  });
  if (!result) throw new Error(`lighthouse returned nothing for ${route}`);
  const { lhr } = result;
  // A run Lighthouse could not finish (e.g. a protocol timeout on a busy machine) has no score.
  if (lhr.runtimeError) progress(`lighthouse failed: ${lhr.runtimeError.message}`);
  // The whole report, to read the waterfall and the long tasks behind a score (not committed).
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `lighthouse-${route === START_ROUTE ? 'start' : 'stock'}.json`);
  writeFileSync(file, JSON.stringify(lhr));
  // LIGHTHOUSE_TRACE=1: the run's trace too, to open in Chromium's performance panel.
  if (process.env.LIGHTHOUSE_TRACE === '1')
    writeFileSync(file.replace(/\.json$/, '.trace.json'), JSON.stringify(result.artifacts.Trace));
  progress(`lighthouse report in ${file}; long tasks: ${longTasks(lhr)}`);
  const value = (id: string) => Math.round((lhr.audits[id]?.numericValue ?? NaN) * 1000) / 1000;
  return {
    route,
    score: lhr.runtimeError ? NaN : Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(value('first-contentful-paint')),
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: Math.round(value('speed-index')),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

const RESULTS_DIR = fileURLToPath(new URL('./results', import.meta.url));

/** The report's longest main-thread tasks, "ms@start url", longest first. */
function longTasks(lhr: { audits: Record<string, { details?: unknown }> }): string {
  const details = lhr.audits['long-tasks']?.details as
    { items?: { url?: string; duration?: number; startTime?: number }[] } | undefined;
  return (details?.items ?? [])
    .slice(0, 6)
    .map(
      (t) =>
        `${Math.round(t.duration ?? 0)}@${Math.round(t.startTime ?? 0)} ${(t.url ?? '').replace(/^https?:\/\/[^/]+/, '')}`,
    )
    .join(', ');
}

/** Lighthouse varies run to run: the run with the median score, as Lighthouse itself advises. */
async function medianLighthouse(port: number, app: RunningApp, route: string, runs: number) {
  const all: LighthouseFigures[] = [];
  for (let i = 0; i < runs; i++) {
    all.push(await runLighthouse(port, `${app.baseUrl}/#${route}`, route));
    progress(`lighthouse ${JSON.stringify(all.at(-1))}`);
  }
  const middle = [...all].sort((a, b) => a.score - b.score)[Math.floor(runs / 2)];
  if (!middle) throw new Error('no lighthouse run');
  return middle;
}

/**
 * `npm run bench -- bundle`: what the start screen and the stock detail cost on the wire, their
 * Lighthouse mobile scores, and when the stock's price shows on slow 4G with a 4× slower CPU.
 */
export async function measureWire(
  options: { runs?: number; lighthouseRuns?: number } = {},
): Promise<WireReport> {
  const runs = options.runs ?? 3;
  const lighthouseRuns = options.lighthouseRuns ?? 3;
  progress('building');
  buildClient();
  progress('starting the app');
  const app = await startApp();
  const chrome = await startChromium();
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('chromium has no default context');
    // MARU_BUNDLE_STOCK_ONLY=1: the stock detail's Lighthouse runs alone, a quicker loop while
    // working on that screen (the report's other figures are then empty).
    const stockOnly = process.env.MARU_BUNDLE_STOCK_ONLY === '1';
    progress('start screen bytes');
    // Signed out first: the start screen as a first-time visitor sees it.
    const start = stockOnly
      ? EMPTY_BYTES
      : await measureBytes(context, app, START_ROUTE, (page) =>
          page.getByTestId('start-register').waitFor(),
        );
    progress(`start: ${start.jsKb} KB JS, ${start.totalKb} KB total; lighthouse`);
    const startLh = stockOnly
      ? EMPTY_LIGHTHOUSE
      : await medianLighthouse(chrome.port, app, START_ROUTE, lighthouseRuns);

    progress('registering');
    const signIn = await phonePage(context);
    await registerInBrowser(signIn, app, `wire${Date.now().toString(36)}`, 'harbour-lights-71');
    await signIn.close();

    progress('stock detail bytes');
    const stock = stockOnly
      ? EMPTY_BYTES
      : await measureBytes(context, app, STOCK_ROUTE, async (page) => {
          await page.getByTestId('stock-price').filter({ hasText: /[1-9]/ }).waitFor();
          await page.locator(DRAWN_CHART).first().waitFor();
        });
    const timings: { priceMs: number; chartMs: number }[] = [];
    progress(`stock: ${stock.jsKb} KB JS, ${stock.totalKb} KB total; price on slow 4G`);
    for (let i = 0; i < (stockOnly ? 0 : runs); i++)
      timings.push(await timePriceOnSlow4g(context, app));
    progress(`price runs ${JSON.stringify(timings)}; lighthouse, stock detail`);
    const stockLh = await medianLighthouse(chrome.port, app, STOCK_ROUTE, lighthouseRuns);

    return {
      bytes: [start, stock],
      lighthouse: [startLh, stockLh],
      priceVisibleMs: median(timings.map((t) => t.priceMs)),
      chartVisibleMs: median(timings.map((t) => t.chartMs)),
      priceRunsMs: timings.map((t) => t.priceMs),
    };
  } finally {
    await browser.close().catch(() => undefined);
    chrome.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    rmSync(chrome.dir, { recursive: true, force: true });
    await app.stop();
  }
}
