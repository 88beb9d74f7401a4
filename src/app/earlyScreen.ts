import type { CallName } from '../../contract/calls';
import type { RequestOf } from '../api/calls';
import { startEarlyCall } from '../api/earlyCall';
import { localeOf } from '../../contract/languages';
import { SCREENS_PACK_LOADERS } from '../i18n/packLoaders';
import { sessionStore } from '../session/sessionStore';

type FirstCall = { [N in CallName]: { name: N; body: RequestOf<N> } }[CallName];

interface EarlyScreen {
  /** The screen's chunk (src/app/screens.ts loads the screen through the same function). */
  load: () => Promise<unknown>;
  /** The call the screen makes first, known from its address alone. */
  firstCall?: (params: URLSearchParams) => FirstCall | null;
  /**
   * Draws what it can of the screen from that call's answer before the app has arrived, while the
   * address is still `hash`.
   */
  firstPaint?: (answer: Promise<unknown>, hash: string) => void;
}

export const loadStockDetailScreen = () => import('../market/StockDetailScreen');

/**
 * Screens a customer opens by a link or a reload whose price must show first on a slow phone:
 * their code and first call start from the entry, before the app's own code has arrived.
 * Every one of them needs a session (without one the router sends the customer to the login).
 */
const EARLY_SCREENS: Partial<Record<string, EarlyScreen>> = {
  '/market/stockDetail': {
    load: loadStockDetailScreen,
    // The body exactly as StockDetailScreen sends it, or the early answer is not used.
    firstCall: (params) => {
      const code = (params.get('code') ?? '').toUpperCase();
      return code ? { name: 'stockDetail', body: { code } } : null;
    },
    // The price in place of the splash, about a second before the screen (bench/README.md).
    firstPaint: (answer, hash) =>
      void import('../market/earlyQuote')
        .then(({ paintEarlyQuote }) => paintEarlyQuote(answer, hash))
        .catch(() => undefined),
  },
};

/** The path and query of a hash-router address (`#/market/stockDetail?code=005930`). */
export function splitHash(hash: string): { path: string; query: URLSearchParams } {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?');
  return { path, query: new URLSearchParams(query) };
}

/** Called once by src/main.tsx, as the entry is evaluated. */
export function startScreenEarly(hash: string): void {
  const { path, query } = splitHash(hash);
  const screen = EARLY_SCREENS[path];
  const { token, language } = sessionStore.get();
  if (!screen || !token) return;
  const first = screen.firstCall?.(query);
  if (first) {
    const answer = startEarlyCall(first.name, first.body);
    // In a task of its own: its import adds preload links too (its chunk and styles).
    const paint = screen.firstPaint;
    if (paint) setTimeout(() => paint(answer, hash), 0);
  }
  // Its texts too (lazyScreen awaits them beside the chunk).
  SCREENS_PACK_LOADERS[localeOf(language)]().catch(() => undefined);
  // The chunk in the next task: its import adds a preload link per chunk it needs (~30 for the
  // stock detail, ~1 ms of main thread each under Lighthouse), which in the entry's own task made
  // one long task of it (bench/README.md). A failed load shows as the route's error when the app
  // asks for the screen itself.
  setTimeout(() => void screen.load().catch(() => undefined), 0);
}
