import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeProblems } from './axe';
import type { RunningApp } from './support';
import { CHROMIUM_LAUNCH, startApp, step } from './support';

/**
 * The installable app (issue 13, build/pwa.ts): Chromium's own installability check passes, the
 * worker keeps the shell and the screens visited so the app opens offline with its banner, and
 * nothing from the API is ever kept in a cache.
 */
describe('the installable app', () => {
  let app: RunningApp;
  // A real profile, as a phone's browser has: Chromium never offers to install from an incognito
  // one, which is what a plain test context is.
  const profile = mkdtempSync(join(tmpdir(), 'maru-pwa-'));

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
    rmSync(profile, { recursive: true, force: true });
  });

  it('installs, opens offline with a banner, and never caches live data', async () => {
    const context = await chromium.launchPersistentContext(profile, {
      ...CHROMIUM_LAUNCH,
      viewport: { width: 390, height: 844 },
    });
    const page = context.pages()[0] ?? (await context.newPage());
    try {
      await step(page, 'pwa-first-visit', async () => {
        await page.goto(`${app.baseUrl}/#/login/start`);
        await page.getByTestId('boot-splash').waitFor({ state: 'detached' });
        // The worker registers after load and takes control of the open page (clientsClaim).
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
          timeout: 30_000,
        });
      });

      await step(page, 'pwa-manifest', async () => {
        const href = await page.locator('link[rel="manifest"]').getAttribute('href');
        expect(href).toBe('/manifest.webmanifest');
        const response = await page.request.get(`${app.baseUrl}${href}`);
        expect(response.headers()['content-type']).toMatch(/manifest\+json|json/);
        const manifest = (await response.json()) as {
          name: string;
          start_url: string;
          display: string;
          icons: { sizes: string; purpose: string }[];
        };
        expect(manifest.start_url).toBe('/');
        expect(manifest.display).toBe('standalone');
        expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
          expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
        );
        // Chromium's own verdict, the one the browser's install prompt and Lighthouse use.
        const cdp = await context.newCDPSession(page);
        const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: { errorId: string }[];
        };
        expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
        // The back office is not offered as the customer's app.
        const admin = await page.request.get(`${app.baseUrl}/admin.html`);
        expect(await admin.text()).not.toContain('rel="manifest"');
      });

      await step(page, 'pwa-visit-screens-controlled', async () => {
        // Now controlled: the start screen's chunks and texts go through the worker's cache.
        await page.reload();
        await page.getByTestId('boot-splash').waitFor({ state: 'detached' });
        await page.locator('#root a, #root button').first().waitFor();
      });

      const onlineText = await page.locator('#root').innerText();

      await step(page, 'pwa-offline-reload', async () => {
        await context.setOffline(true);
        await page.reload();
        await page.getByTestId('offline-banner').waitFor();
        // The screen visited opens with its words; only live data is missing.
        const firstLine = onlineText.split('\n').find((line) => line.trim().length > 1) ?? '';
        await page.getByText(firstLine.trim(), { exact: false }).first().waitFor();
        expect(await seriousAxeProblems(page, 'offline start')).toEqual([]);
      });

      await step(page, 'pwa-api-never-cached', async () => {
        // Offline, an API call fails instead of being answered from a cache...
        const outcome = await page.evaluate(async () => {
          try {
            const response = await fetch('/api/vue/common/config', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: '{}',
            });
            return `answered ${response.status}`;
          } catch {
            return 'failed';
          }
        });
        expect(outcome).toBe('failed');
        // ...and no cache holds any API answer or socket.
        const cached = await page.evaluate(async () => {
          const urls: string[] = [];
          for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            urls.push(...(await cache.keys()).map((request) => request.url));
          }
          return urls;
        });
        expect(cached.length).toBeGreaterThan(0);
        expect(cached.filter((url) => /\/api\/|socket\.io/.test(url))).toEqual([]);
      });

      await step(page, 'pwa-back-online', async () => {
        // The banner looks for the server again by itself and leaves once it answers.
        await context.setOffline(false);
        await page.getByTestId('offline-banner').waitFor({ state: 'detached', timeout: 30_000 });
      });
    } finally {
      await context.close();
    }
  });
});
