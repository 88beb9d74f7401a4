import { startTransition, useEffect, useState } from 'react';

/** If no frame comes (a background tab), the work starts anyway after this long. */
const FALLBACK_MS = 250;

let atOnce = false;

/** Component tests: happy-dom paints nothing, so the test setup lets the gated work start at once. */
export function configureAfterPaint(options: { atOnce: boolean }): void {
  atOnce = options.atOnce;
}

/**
 * True from the first task after the frame that follows `when` turning true. Work gated on it
 * (a call, a live subscription, the render its answer brings) runs after the browser has painted
 * what was there, in a task of its own, instead of in the same long task as the first render's
 * effects (the stock detail's price, bench/README.md). One frame later, on a fast phone ~16 ms.
 */
export function useAfterPaint(when = true): boolean {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!when || done || atOnce) return;
    // A transition: what it starts renders in slices that yield, as the answers' renders do.
    const finish = () => startTransition(() => setDone(true));
    let timer: number | undefined;
    // rAF runs just before the paint; a timeout set there runs just after it.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(finish, 0);
    });
    const fallback = window.setTimeout(finish, FALLBACK_MS);
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      window.clearTimeout(fallback);
    };
  }, [when, done]);
  return done || (atOnce && when);
}
