import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import buildClient from '../tests/support/build-client';
import { launchBrowser, newPhonePage, startApp } from '../tests/e2e/support';

const root = fileURLToPath(new URL('..', import.meta.url));

export interface BundleReport {
  route: string;
  files: { file: string; gzipBytes: number }[];
  totalGzipKb: number;
  budgetKb: number;
}

/**
 * The JS a phone downloads to show a route: every script Chromium fetches until the page is
 * idle, each gzipped from dist/ as a server would send it.
 */
export async function measureRouteScripts(route: string, budgetKb: number): Promise<BundleReport> {
  buildClient();
  const app = await startApp();
  const browser = await launchBrowser();
  try {
    const page = await newPhonePage(browser);
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await page.goto(`${app.baseUrl}/#${route}`, { waitUntil: 'networkidle' });
    const files = [...scripts].sort().map((pathname) => ({
      file: pathname,
      gzipBytes: gzipSync(readFileSync(join(root, 'dist', pathname)), { level: 9 }).length,
    }));
    const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
    return { route, files, totalGzipKb: Math.round((total / 1024) * 10) / 10, budgetKb };
  } finally {
    await browser.close();
    await app.stop();
  }
}
