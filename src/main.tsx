import { startScreenEarly } from './app/earlyScreen';

/**
 * The entry is kept small on purpose: it starts the screen on the address (its code and its first
 * call) the moment it arrives, while the app's own code (React, Chakra, the router: ~130 KB on the
 * wire) is still downloading; then it starts the app (src/app/boot.tsx). index.html preloads the
 * app's chunks as well (build/preload-boot.ts), so they leave with the HTML as before.
 */
startScreenEarly(window.location.hash);
void import('./app/boot');
