/**
 * Whether the app can reach its server: the browser's own online flag, and what the last request
 * found (a phone can be "online" on a network that reaches nothing). Calls report here; the
 * offline banner reads it.
 */
let reachable = true;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** A request answered (true) or found no network at all (false). */
export function reportReachable(ok: boolean): void {
  if (ok === reachable) return;
  reachable = ok;
  notify();
}

export function isConnected(): boolean {
  return navigator.onLine && reachable;
}

export function subscribeConnectivity(onChange: () => void): () => void {
  const back = () => {
    // The browser has a network again: assume the server is reachable until a request says not.
    reachable = true;
    onChange();
  };
  listeners.add(onChange);
  window.addEventListener('online', back);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', back);
    window.removeEventListener('offline', onChange);
  };
}
