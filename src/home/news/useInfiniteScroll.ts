import { useEffect, useRef } from 'react';
import { NEWS_LOAD_OFFSET_PX } from '../../../contract/news';

/**
 * Calls `onReach` when the returned element comes within the spec's load offset (300 px) of the
 * viewport's bottom: the list's next page is asked for before the reader reaches its end. Where
 * IntersectionObserver is missing (old WebViews, happy-dom) the list's "more" button remains.
 */
export function useInfiniteScroll(onReach: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement | null>(null);
  const latest = useRef(onReach);
  useEffect(() => {
    latest.current = onReach;
  });
  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || node === null || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: `0px 0px ${NEWS_LOAD_OFFSET_PX}px 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}
