import type { CallName } from '../../contract/calls';
import type { RequestOf } from '../api/calls';
import { startEarlyCall } from '../api/earlyCall';
import { sessionStore } from '../session';
import { SCREENS } from './screens';

type FirstCall = { [N in CallName]: { name: N; body: RequestOf<N> } }[CallName];

/**
 * The call a screen makes first, known from its address alone. Started at start-up it travels
 * beside the app's code and texts rather than after the app has mounted and the screen's chunk
 * has arrived (on slow 4G that was ~2 s before the stock's price could be asked for).
 */
const FIRST_CALLS: Partial<Record<string, (params: URLSearchParams) => FirstCall | null>> = {
  // The body exactly as StockDetailScreen sends it, or the early answer is not used.
  '/market/stockDetail': (params) => {
    const code = (params.get('code') ?? '').toUpperCase();
    return code ? { name: 'stockDetail', body: { code } } : null;
  },
};

/**
 * Starts loading the screen the address names (its chunk, and its first call) while the app
 * itself is still starting: called once from src/main.tsx. A screen that needs a session is left
 * alone without one (the router sends the customer to the login instead).
 */
export function preloadRoute(hash: string): void {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?');
  // The bare address redirects to the start screen (src/app/router.tsx).
  const screen = SCREENS.find(
    (s) => s.path === (path === '' || path === '/' ? '/login/start' : path),
  );
  if (!screen || (screen.session && !sessionStore.get().token)) return;
  screen.Screen.preload();
  const first = FIRST_CALLS[screen.path]?.(new URLSearchParams(query));
  if (first) startEarlyCall(first.name, first.body);
}
