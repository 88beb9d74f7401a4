import { useCallback, useEffect, useState } from 'react';

/**
 * How far below (or above) the screen a part starts loading: about half a phone's screen, so a
 * reader scrolling down finds it loaded rather than loading.
 */
export const NEAR_VIEWPORT_MARGIN = '400px 0px';

/**
 * True once the element is on or near the screen, and from then on. Parts below the first
 * screenful (the stock's book and news) start their calls and live feeds only then: at load, their
 * effects and renders would otherwise land in the same task as the price's (a long task on a slow
 * phone, bench/README.md). Where IntersectionObserver is missing (old WebViews, happy-dom) it is
 * true at once, so the part behaves as before.
 */
export function useNearViewport<T extends Element>(): [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || node === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, node]);
  const ref = useCallback((next: T | null) => setNode(next), []);
  return [ref, near];
}
