import { sessionStore } from '../session';
import { splitHash } from './earlyScreen';
import { SCREENS } from './screens';

/**
 * Starts loading the screen the address names (its chunk and its texts) while the app itself is
 * still starting: called once from src/app/boot.tsx. The screens of src/app/earlyScreen.ts have
 * started their chunk and first call already, from the entry. A screen that needs a session is
 * left alone without one (the router sends the customer to the login instead).
 */
export function preloadRoute(hash: string): void {
  const { path } = splitHash(hash);
  // The bare address redirects to the start screen (src/app/router.tsx).
  const screen = SCREENS.find(
    (s) => s.path === (path === '' || path === '/' ? '/login/start' : path),
  );
  if (!screen || (screen.session && !sessionStore.get().token)) return;
  screen.Screen.preload();
}
