/**
 * Order-book benchmark: the real five-level OrderBook fed 50 book frames a second in headless
 * Chromium, read through the live layer's frame conflation, against the same component and layer
 * rendering every message (the baseline), in the same run. The page (bench/book-page) is built
 * with its own Vite config into bench/results/book-page and served from a throwaway HTTP server.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { launchBrowser, newPhonePage } from '../tests/e2e/support';
import type { BookBenchResult } from './book-page/main';

export const BOOK = { rate: 50, seconds: 10 };

const pageDir = fileURLToPath(new URL('./book-page/', import.meta.url));
const outDir = fileURLToPath(new URL('./results/book-page/', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

export interface BookRow {
  mode: 'direct' | 'conflated';
  messagesPerSecond: number;
  rendersPerSecond: number;
  framesPerSecond: number;
  maxRendersPerFrame: number;
  p50Ms: number;
  p95Ms: number;
  /** Baseline renders per conflated render (1 for the baseline itself). */
  fewerRenders: number;
}

const round = (n: number, digits = 2) => Number(n.toFixed(digits));
function quantile(values: number[], q: number): number {
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export async function measureOrderBook(): Promise<BookRow[]> {
  await build({ configFile: join(pageDir, 'vite.config.ts') });
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '');
    const file = join(outDir, path === '' ? 'index.html' : path);
    readFile(file).then(
      (body) => {
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(body);
      },
      () => {
        res.writeHead(404);
        res.end();
      },
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await launchBrowser();
  try {
    const results: BookBenchResult[] = [];
    // The baseline first, then the app's path, each on a fresh page.
    for (const mode of ['direct', 'conflated'] as const) {
      const page = await newPhonePage(browser);
      page.on('pageerror', (e) => console.error(`book page (${mode}):`, e));
      await page.goto(`${base}?mode=${mode}&rate=${BOOK.rate}&seconds=${BOOK.seconds}`);
      await page.waitForFunction(() => window.benchResult !== undefined, null, {
        timeout: (BOOK.seconds + 30) * 1000,
        polling: 500,
      });
      results.push((await page.evaluate(() => window.benchResult)) as BookBenchResult);
      await page.context().close();
    }
    const baseline = results[0] as BookBenchResult;
    return results.map((r) => ({
      mode: r.mode as BookRow['mode'],
      messagesPerSecond: round(r.messages / r.seconds, 1),
      rendersPerSecond: round(r.commits / r.seconds, 1),
      framesPerSecond: round(r.frames / r.seconds, 1),
      maxRendersPerFrame: r.maxCommitsPerFrame,
      p50Ms: round(quantile(r.durations, 0.5)),
      p95Ms: round(quantile(r.durations, 0.95)),
      fewerRenders: round(baseline.commits / Math.max(1, r.commits)),
    }));
  } finally {
    await browser.close();
    await new Promise((r) => server.close(r));
  }
}
