import { localeOf } from '../contract/languages';
import { startScreenEarly } from './app/earlyScreen';
import { startConfigEarly } from './config/requestConfig';
import { PACK_LOADERS } from './i18n/packLoaders';
import { sessionStore } from './session/sessionStore';

/**
 * The entry is kept small on purpose: it starts what the first screen waits for (the start-up
 * config, the language's texts, and the screen on the address: its code and its first call) the
 * moment it arrives, while the app's own code (React, Chakra, the router: ~130 KB on the
 * wire) is still downloading; then it starts the app (src/app/boot.tsx). index.html preloads the
 * app's chunks as well (build/preload-boot.ts), so they leave with the HTML as before.
 */
startConfigEarly();
// The stored language's start-up texts: boot's i18n asks for the same chunk, already on its way.
PACK_LOADERS[localeOf(sessionStore.get().language)]().catch(() => undefined);
startScreenEarly(window.location.hash);
void import('./app/boot');
