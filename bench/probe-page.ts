import { chromium } from 'playwright-core';
import type { Browser, CDPSession, Page } from 'playwright-core';
import buildClient from '../tests/support/build-client';
import type { RunningApp } from '../tests/e2e/support';
import { registerInBrowser, startApp } from '../tests/e2e/support';

export interface ProbePage {
  app: RunningApp;
  browser: Browser;
  page: Page;
  cdp: CDPSession;
  close: () => Promise<void>;
}

/**
 * For the developer probes (stock-profile.ts, stock-trace.ts): the app as `npm start` builds it
 * (`MARU_SKIP_BUILD=1` reuses dist/), a Chromium with a customer signed in, and a fresh page of
 * that profile with its HTTP cache cleared and the service worker bypassed, so a load is cold.
 */
export async function openProbePage(viewport: {
  width: number;
  height: number;
}): Promise<ProbePage> {
  if (process.env.MARU_SKIP_BUILD !== '1') buildClient();
  process.env.MARU_SKIP_BUILD = '1';
  const app = await startApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-quic', '--no-sandbox'],
  });
  const close = async () => {
    await browser.close();
    await app.stop();
  };
  try {
    const context = await browser.newContext({ viewport });
    const signIn = await context.newPage();
    await registerInBrowser(signIn, app, `probe${Date.now().toString(36)}`, 'harbour-lights-71');
    await signIn.close();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setBypassServiceWorker', { bypass: true });
    return { app, browser, page, cdp, close };
  } catch (error) {
    await close();
    throw error;
  }
}
