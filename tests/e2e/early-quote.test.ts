import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { LANGUAGES } from '../../contract/languages';
import { seriousAxeProblems } from './axe';
import type { CustomerSession, RunningApp } from './support';
import {
  launchBrowser,
  newPhonePage,
  registerCustomer,
  signedInOnLoad,
  startApp,
  step,
} from './support';

/**
 * The stock detail's first paint (src/market/earlyQuote.ts): from the detail call the entry starts,
 * the top of the screen in place of the splash while the app's own code is still on its way. The
 * app's start is held back (its boot chunk) to look at it; then the screen must draw each figure
 * where and as the early paint did, and with its price from its very first render.
 */

let app: RunningApp;
let browser: Browser;
let session: CustomerSession;

beforeAll(async () => {
  app = await startApp();
  browser = await launchBrowser();
  session = await registerCustomer(app, `early${Date.now().toString(36)}`, 'copper-lantern-48');
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/**
 * The same figure on the early paint and on the screen: its selector on each, and what to compare
 * besides its box (an icon's stroke, a box's colours, or a text's type).
 */
const FIGURES: Record<string, [string, string, 'icon' | 'box' | 'text']> = {
  title: ['.maru-early-title', 'header h1', 'text'],
  back: ['.maru-early-back svg', '[data-testid="back"] svg', 'icon'],
  name: ['.maru-quote-stock', '.maru-quote-stock', 'text'],
  badge: [
    '.maru-quote-title [data-testid="simulated-badge"]',
    '.maru-quote-title [data-testid="simulated-badge"]',
    'box',
  ],
  badgeText: [
    '.maru-quote-title [data-testid="simulated-badge"] > :last-child',
    '.maru-quote-title [data-testid="simulated-badge"] > :last-child',
    'text',
  ],
  code: ['.maru-quote-code', '.maru-quote-code', 'text'],
  price: ['[data-testid="early-quote"] .maru-quote-price', '[data-testid="stock-price"]', 'text'],
  change: ['.maru-quote-change', '.maru-quote-change', 'text'],
};

/**
 * Measures each figure the moment the early paint, and then the screen, first appear (a
 * MutationObserver, before any live tick can change a figure): box, text and type. A string: the
 * page's CSP refuses eval, and tsx would wrap a function's inner arrows in a helper the page lacks.
 */
const MEASURE_ON_APPEARANCE = `(() => {
  const figures = ${JSON.stringify(FIGURES)};
  const measure = (side) => {
    const out = {};
    for (const [key, selectors] of Object.entries(figures)) {
      const el = document.querySelector(selectors[side]);
      if (!el) { out[key] = null; continue; }
      const r = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      out[key] = {
        box: [r.x, r.y, r.width, r.height].map((v) => Math.round(v * 2) / 2),
        text: el.textContent,
        type: selectors[2] === 'icon' ? [cs.stroke, cs.strokeWidth].join(' | ')
          : selectors[2] === 'box' ? [cs.backgroundColor, cs.borderColor, cs.borderRadius].join(' | ')
          : [cs.fontFamily, cs.fontSize, cs.fontWeight, cs.lineHeight, cs.color].join(' | '),
      };
    }
    return out;
  };
  const marks = { early: null, screen: null, screenHadPrice: null, splashAfterEarly: false };
  window.__marks = marks;
  new MutationObserver(() => {
    if (!marks.early && document.querySelector('[data-testid="early-quote"]')) marks.early = measure(0);
    if (marks.early && !marks.screen && document.querySelector('[data-testid="boot-splash"]'))
      marks.splashAfterEarly = true;
    if (!marks.screen && document.querySelector('[data-testid="stock-detail"]')) {
      marks.screenHadPrice = !!document.querySelector('[data-testid="stock-price"]');
      marks.screen = measure(1);
    }
  }).observe(document, { childList: true, subtree: true });
})();`;

interface Figure {
  box: number[];
  text: string;
  type: string;
}
interface Marks {
  early: Record<string, Figure | null> | null;
  screen: Record<string, Figure | null> | null;
  screenHadPrice: boolean | null;
  splashAfterEarly: boolean;
}

const marksOf = (page: Page) => page.evaluate<Marks>('window.__marks');

/** A phone signed in, in `stored`'s language, whose app start waits for `release()`. */
async function heldPhone(stored: string): Promise<{ page: Page; release: () => void }> {
  const page = await newPhonePage(browser);
  await signedInOnLoad(page, session, stored);
  await page.addInitScript(MEASURE_ON_APPEARANCE);
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/boot-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return { page, release };
}

const NAMES: Record<string, string> = {
  ko: '삼성전자',
  en: 'Samsung Electronics',
  'zh-CN': 'Samsung Electronics',
  'zh-TW': 'Samsung Electronics',
};

describe('the stock detail before the app has arrived', () => {
  it.each([
    ...LANGUAGES.map((l) => [l.stored, l.locale, '005930'] as const),
    // A SPAC's long name wraps, beside the badge, on both.
    ['en', 'en', '0091W0'] as const,
  ])(
    'in %s (%s), shows %s in place of the splash, and the screen draws it where it was',
    async (stored, locale, code) => {
      const { page, release } = await heldPhone(stored);
      try {
        await step(page, `${locale} early quote`, async () => {
          await page.goto(`${app.baseUrl}/#/market/stockDetail?code=${code}`);
          await page.getByTestId('early-quote').waitFor();
          expect(await page.getByTestId('boot-splash').count()).toBe(0);
          // Nothing of the app has run: the boot chunk is still held.
          expect(await page.getByTestId('stock-detail').count()).toBe(0);
          const early = (await marksOf(page)).early;
          if (code === '005930') {
            expect(early?.name?.text).toBe(NAMES[locale]);
            expect(early?.code?.text).toBe('005930 · KOSPI');
          }
          expect(early?.title?.text).toBe(early?.name?.text);
          expect(early?.price?.text).toMatch(/^[1-9]\d{0,2}(,\d{3})*$/);
          expect(early?.change?.text).toMatch(/^(▲ |▼ )?[\d,]+ [+-]?\d+\.\d{2}%$/);
          expect(early?.badge?.text).toBeTruthy();
          expect(await seriousAxeProblems(page, `${locale} early quote`, { detail: true })).toEqual(
            [],
          );
        });

        await step(page, `${locale} the screen takes over`, async () => {
          release();
          await page.getByTestId('stock-detail').waitFor();
          const marks = await marksOf(page);
          // The screen's first render shows the price the early paint showed: no loading rows.
          expect(marks.screenHadPrice).toBe(true);
          expect(marks.splashAfterEarly).toBe(false);
          const moved = Object.keys(FIGURES).flatMap((key) => {
            const [was, is] = [marks.early?.[key], marks.screen?.[key]];
            return JSON.stringify(was) === JSON.stringify(is)
              ? []
              : [`${key}: early ${JSON.stringify(was)}, screen ${JSON.stringify(is)}`];
          });
          console.log(moved.join('\n'));
          expect(moved).toEqual([]);
        });
      } finally {
        await page.close();
      }
    },
  );

  it('keeps the splash for a refused code, and puts it back when the address changes', async () => {
    const refused = await heldPhone('kor');
    try {
      await step(refused.page, 'refused code', async () => {
        const answered = refused.page.waitForResponse('**/market/stockDetail');
        const painter = refused.page.waitForResponse(/quote-parts-.*\.js$/);
        await refused.page.goto(`${app.baseUrl}/#/market/stockDetail?code=999999`);
        await Promise.all([answered, painter]);
        // Longer than the early paint takes once both have arrived (the test above).
        await refused.page.waitForTimeout(1_000);
        expect(await refused.page.getByTestId('early-quote').count()).toBe(0);
        expect(await refused.page.getByTestId('boot-splash').count()).toBe(1);
      });
    } finally {
      await refused.page.close();
    }

    const leaving = await heldPhone('kor');
    try {
      await step(leaving.page, 'address changes', async () => {
        await leaving.page.goto(`${app.baseUrl}/#/market/stockDetail?code=005930`);
        await leaving.page.getByTestId('early-quote').waitFor();
        await leaving.page.evaluate(() => {
          window.location.hash = '#/market/index';
        });
        await leaving.page.getByTestId('boot-splash').waitFor();
        expect(await leaving.page.getByTestId('early-quote').count()).toBe(0);
        leaving.release();
        await leaving.page.getByTestId('market-screen').waitFor();
      });
    } finally {
      await leaving.page.close();
    }
  });
});
