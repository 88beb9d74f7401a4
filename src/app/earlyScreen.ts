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
  if (first) startEarlyCall(first.name, first.body);
  // Its texts too (lazyScreen awaits them beside the chunk).
  SCREENS_PACK_LOADERS[localeOf(language)]().catch(() => undefined);
  // The chunk from the next task on, after the entry's own (bench/README.md). A failed load
  // shows as the route's error when the app asks for the screen itself.
  setTimeout(() => preloadInBatches(() => void screen.load().catch(() => undefined)), 0);
}

/** Preload links appended to the document per task. */
const LINKS_PER_TASK = 16;

/**
 * Runs `start` (a lazy import) holding back the elements it appends to the document's head, and
 * appends them LINKS_PER_TASK per task instead. The build's import helper adds a preload link per
 * chunk the import needs (~30 for the stock detail) before importing; each costs the main thread
 * ~1 ms under Lighthouse, so all at once made a long task. The links still all leave within a few
 * milliseconds, and the stylesheets among them, which the helper waits for before it imports,
 * go in the first batch.
 */
export function preloadInBatches(start: () => void): void {
  const head = document.head;
  const held: Node[] = [];
  // An own property shadows Element.prototype.appendChild for this call only.
  Object.defineProperty(head, 'appendChild', {
    configurable: true,
    value: <T extends Node>(node: T): T => {
      held.push(node);
      return node;
    },
  });
  try {
    start();
  } finally {
    Reflect.deleteProperty(head, 'appendChild');
  }
  // Stylesheets first: the helper imports once they have loaded, so they must not wait a turn.
  const isStyle = (node: Node) => node instanceof HTMLLinkElement && node.rel === 'stylesheet';
  held.sort((a, b) => Number(isStyle(b)) - Number(isStyle(a)));
  const next = () => {
    head.append(...held.splice(0, LINKS_PER_TASK));
    if (held.length > 0) setTimeout(next, 0);
  };
  next();
}
