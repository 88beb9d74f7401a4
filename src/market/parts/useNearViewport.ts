import { useCallback, useState } from 'react';

/**
 * A part starts loading as its first pixel comes on screen. No margin: at 390×844 and at
 * Lighthouse's 412×823 the stock's book starts 35–56 px under the first screenful (top at 879 px),
 * so even a 120 px margin started its feed, and its five renders a second, at load.
 */
export const NEAR_VIEWPORT_MARGIN = '0px';

/** Calls `onNear` once `node` is on or near the screen; returns the way to stop watching. */
export type NearWatch = (node: Element, onNear: () => void) => () => void;

const byObserver: NearWatch = (node, onNear) => {
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        onNear();
      }
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  observer.observe(node);
  return () => observer.disconnect();
};

/** Every part counts as on screen (no layout to tell: component tests in happy-dom). */
export const NEAR_AT_ONCE: NearWatch = (_node, onNear) => {
  onNear();
  return () => undefined;
};

let configured: NearWatch | null = null;

/**
 * Component tests: happy-dom's IntersectionObserver never reports, and it has no layout, so the
 * test setup says every part is on screen (NEAR_AT_ONCE); a test of the deferral brings its own.
 */
export function configureNearViewport(watch: NearWatch | null): void {
  configured = watch;
}

/**
 * True once the element is on or near the screen, and from then on. Parts below the first
 * screenful (the stock's book and news) start their calls and live feeds only then: at load their
 * effects and renders would otherwise land in the same task as the price's (a long task on a slow
 * phone, bench/README.md). Where IntersectionObserver is missing (old WebViews) it is true at once.
 */
/** No way to watch (no IntersectionObserver, none configured): every part counts as near. */
const watchless = () => configured === null && typeof IntersectionObserver === 'undefined';

export function useNearViewport<T extends Element>(): [(node: T | null) => void, boolean] {
  const [near, setNear] = useState(watchless);
  // The watch starts from the ref callback (React 19 runs its cleanup when the node goes): a
  // node kept in state instead is set inside the commit, a synchronous update that pulled the
  // screen's passive effects and a second render into the first render's task at load.
  const ref = useCallback((node: T | null) => {
    if (!node || watchless()) return undefined;
    return (configured ?? byObserver)(node, () => setNear(true));
  }, []);
  return [ref, near];
}
