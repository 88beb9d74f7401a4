/**
 * Registers the service worker (build/pwa.ts) once the page has loaded, so installing it never
 * competes with the first screen for a slow phone's network. Production builds only: the dev
 * server has no worker, and a worker caching dev modules would serve stale code.
 */
export function registerWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    // A browser that refuses (private mode, a blocked worker) simply runs without offline support.
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  // The document's load has passed when a late caller arrives; otherwise wait for it.
  const loaded = performance
    .getEntriesByType('navigation')
    .some((entry) => (entry as PerformanceNavigationTiming).loadEventEnd > 0);
  if (loaded) register();
  else window.addEventListener('load', register, { once: true });
}
