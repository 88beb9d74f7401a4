/**
 * A developer's probe, not a benchmark: the stock detail's Lighthouse score of the working tree
 * against a commit's, in pairs, on one machine at one time. On these shared machines the same
 * build reads 60–99 as the host's speed drifts (bench/README.md), so two loops run minutes apart
 * compare the machine, not the code; here each pair's two runs are back to back, in alternating
 * order, and the report is the median of the pairs' differences.
 *
 *   npx tsx bench/lighthouse-ab.ts [base-ref, default HEAD]   (AB_PAIRS=7)
 *
 * `AB_PRICE=1` times the price and the chart on slow 4G with a 4× CPU instead (the bundle
 * benchmark's figures).
 * `AB_BLOCKING=1` sums the page's own long tasks on slow 4G with a 4× CPU instead (below).
 * `AB_TRACE=1` sums, from a trace of an unthrottled load, the tasks after the first paint as
 * Lighthouse counts them (below).
 * `AB_ROUTE=/login/start` scores the start screen, signed out, instead of the stock detail.
 *
 * The base is checked out in a temporary worktree (sharing node_modules), built and served by its
 * own app beside the working tree's.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type * as SupportModule from '../tests/e2e/support';
import type { BrowserContext } from 'playwright-core';
import {
  STOCK_ROUTE,
  firstVisitPhonePage,
  phonePage,
  slowPhonePage,
  runLighthouse,
  startChromium,
  timePriceOnSlow4g,
} from './login-bundle';

type Support = typeof SupportModule;

const root = fileURLToPath(new URL('..', import.meta.url));
const base = process.argv[2] ?? 'HEAD';
const pairs = Number(process.env.AB_PAIRS ?? 7);
const route = process.env.AB_ROUTE ?? STOCK_ROUTE;
/** The start screen forwards a signed-in customer to Home: it is scored signed out. */
const signedIn = route !== '/login/start';
const say = (what: string) => process.stderr.write(`[ab] ${what}\n`);

function run(cmd: string, args: string[], cwd: string): void {
  const result = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}`);
}

const tree = mkdtempSync(join(tmpdir(), 'maru-ab-'));
run('git', ['worktree', 'add', '--detach', tree, base], root);
symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Each pair's two measurements back to back, the first of a pair alternating between them. */
async function inPairs<T>(
  measure: (name: 'base' | 'work') => Promise<T>,
  describe: (base: T, work: T) => string,
): Promise<{ base: T[]; work: T[] }> {
  const out: { base: T[]; work: T[] } = { base: [], work: [] };
  for (let i = 0; i < pairs; i++) {
    const order = i % 2 === 0 ? (['base', 'work'] as const) : (['work', 'base'] as const);
    for (const name of order) out[name].push(await measure(name));
    const [b, w] = [out.base[i], out.work[i]];
    if (b !== undefined && w !== undefined) say(`pair ${i + 1}: ${base} ${describe(b, w)}`);
  }
  return out;
}

/** "median A, working tree median B; median difference C". */
function summary<T>(runs: { base: T[]; work: T[] }, figure: (run: T) => number): string {
  const [b, w] = [runs.base.map(figure), runs.work.map(figure)];
  const gaps = w.map((x, i) => x - (b[i] ?? NaN));
  return `median ${median(b)}, working tree median ${median(w)}; median difference ${median(gaps)}`;
}

/**
 * `AB_BLOCKING=1`: the page's own long tasks over its first 10 s, cold, on slow 4G with a 4× CPU
 * (throttled for real, not simulated as Lighthouse does): what every task takes beyond 50 ms, all
 * summed, wherever the first paint lands (`overMs`); and the same for the tasks, or their parts,
 * after the first contentful paint only (`afterPaintMs`), which is what Lighthouse's blocking time
 * counts. Steadier than Lighthouse's own figure, whose simulation places that paint differently
 * from run to run.
 */
async function blockingOnLoad(
  context: BrowserContext,
  url: string,
): Promise<{ overMs: number; afterPaintMs: number; longestMs: number }> {
  const page = await slowPhonePage(
    context,
    `window.__long = [];
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((l) => {
        for (const e of l.getEntries()) if (e.name === 'first-contentful-paint') window.__fcp = e.startTime;
      }).observe({ type: 'paint', buffered: true });`,
  );
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const { long, fcp } = await page.evaluate<{ long: [number, number][]; fcp: number }>(
      '({ long: window.__long, fcp: window.__fcp ?? 0 })',
    );
    const over = (duration: number) => Math.max(0, duration - 50);
    return {
      overMs: Math.round(long.reduce((sum, [, d]) => sum + over(d), 0)),
      afterPaintMs: Math.round(
        long.reduce((sum, [start, d]) => sum + over(Math.min(d, start + d - fcp)), 0),
      ),
      longestMs: Math.round(Math.max(0, ...long.map(([, d]) => d))),
    };
  } finally {
    await page.close();
  }
}

/** A trace event, as much of it as is read here. */
interface TraceEvent {
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
}

/**
 * `AB_TRACE=1`: Lighthouse's arithmetic without its simulation. One cold load, unthrottled, traced;
 * each of the page's main-thread tasks that starts after its first contentful paint counts as
 * Lighthouse counts it, four times its length beyond 50 ms (its 4× CPU multiplier), up to 6 s after
 * the load event; the tasks before that paint are summed apart. Lighthouse's own figure adds its
 * simulated network, which moves the first paint by a second from run to run; here the paint is
 * where the page put it. The host's own jitter still moves these sums (bench/README.md).
 */
async function tracedBlocking(
  context: BrowserContext,
  url: string,
): Promise<{ afterPaintMs: number; beforePaintMs: number; tasks: number }> {
  const { page } = await firstVisitPhonePage(context);
  const browserCdp = await context.browser()!.newBrowserCDPSession();
  const events: TraceEvent[] = [];
  browserCdp.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  const complete = new Promise((resolve) => browserCdp.once('Tracing.tracingComplete', resolve));
  await browserCdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: [
        'toplevel',
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'loading',
      ],
    },
  });
  try {
    await page.goto(url, { waitUntil: 'load' });
    await new Promise((resolve) => setTimeout(resolve, 6_000));
  } finally {
    await browserCdp.send('Tracing.end');
    await complete;
    await browserCdp.detach();
    await page.close();
  }
  const fcp = events.find((e) => e.name === 'firstContentfulPaint');
  if (!fcp) throw new Error('no first contentful paint in the trace');
  const main = events.filter(
    (e) => e.name === 'RunTask' && e.pid === fcp.pid && e.tid === fcp.tid && (e.dur ?? 0) > 12_500,
  );
  const blocking = (e: TraceEvent) => Math.max(0, (4 * (e.dur ?? 0)) / 1000 - 50);
  const after = main.filter((e) => e.ts >= fcp.ts);
  return {
    afterPaintMs: Math.round(after.reduce((sum, e) => sum + blocking(e), 0)),
    beforePaintMs: Math.round(
      main.filter((e) => e.ts < fcp.ts).reduce((sum, e) => sum + blocking(e), 0),
    ),
    tasks: after.length,
  };
}

try {
  say(`building ${base} and the working tree`);
  run(process.execPath, ['scripts/start.mjs', '--build-only'], tree);
  run(process.execPath, ['scripts/start.mjs', '--build-only'], root);
  const supportOf = async (dir: string) =>
    (await import(join(dir, 'tests/e2e/support.ts'))) as Support;
  const [baseSupport, ownSupport] = [await supportOf(tree), await supportOf(root)];
  const apps = { base: await baseSupport.startApp(), work: await ownSupport.startApp() };
  const chrome = await startChromium();
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('chromium has no default context');
    for (const [name, app] of signedIn ? Object.entries(apps) : []) {
      const page = await phonePage(context);
      const support = name === 'base' ? baseSupport : ownSupport;
      await support.registerInBrowser(
        page,
        app,
        `ab${name}${Date.now().toString(36)}`,
        'harbour-lights-71',
      );
      await page.close();
    }
    const lighthouseOf = (name: 'base' | 'work') =>
      runLighthouse(chrome.port, `${apps[name].baseUrl}/#${route}`, route);
    const priceOf = async (name: 'base' | 'work') => timePriceOnSlow4g(context, apps[name]);
    if (process.env.AB_TRACE === '1') {
      const traced = await inPairs(
        (name) => tracedBlocking(context, `${apps[name].baseUrl}/#${route}`),
        (b, w) =>
          `${b.afterPaintMs} ms after the first paint (${b.tasks} tasks; ${b.beforePaintMs} before); working tree ${w.afterPaintMs} ms (${w.tasks}; ${w.beforePaintMs})`,
      );
      console.log(
        `\n${route}, ${pairs} pairs, unthrottled x4: ${base} after the first paint ${summary(traced, (x) => x.afterPaintMs)} ms; before it ${summary(traced, (x) => x.beforePaintMs)} ms`,
      );
    } else if (process.env.AB_BLOCKING === '1') {
      const blocking = await inPairs(
        (name) => blockingOnLoad(context, `${apps[name].baseUrl}/#${route}`),
        (b, w) =>
          `${b.overMs} ms over 50 (${b.afterPaintMs} after the first paint, longest ${b.longestMs}); working tree ${w.overMs} ms (${w.afterPaintMs}, longest ${w.longestMs})`,
      );
      console.log(
        `\n${route}, ${pairs} pairs, 4x CPU: ${base} blocking ${summary(blocking, (x) => x.overMs)} ms; after the first paint ${summary(blocking, (x) => x.afterPaintMs)} ms; longest task ${summary(blocking, (x) => x.longestMs)} ms`,
      );
    } else if (process.env.AB_PRICE === '1') {
      const times = await inPairs(
        priceOf,
        (b, w) =>
          `price ${b.priceMs} ms, chart ${b.chartMs} ms; working tree ${w.priceMs} ms, ${w.chartMs} ms`,
      );
      console.log(
        `\non slow 4G, ${pairs} pairs: ${base} price ${summary(times, (x) => x.priceMs)} ms; chart ${summary(times, (x) => x.chartMs)} ms`,
      );
    } else {
      const scores = await inPairs(
        lighthouseOf,
        (b, w) =>
          `${b.score} (TBT ${b.tbtMs}, index ${b.benchmarkIndex}), working tree ${w.score} (TBT ${w.tbtMs}, index ${w.benchmarkIndex})`,
      );
      console.log(
        `\n${route}, ${pairs} pairs: ${base} score ${summary(scores, (f) => f.score)}; TBT ${summary(scores, (f) => f.tbtMs)} ms`,
      );
    }
  } finally {
    await browser.close().catch(() => undefined);
    chrome.child.kill('SIGTERM');
    await apps.base.stop();
    await apps.work.stop();
    rmSync(chrome.dir, { recursive: true, force: true });
  }
} finally {
  run('git', ['worktree', 'remove', '--force', tree], root);
}
