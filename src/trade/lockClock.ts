import { useEffect, useState } from 'react';

/**
 * The clock, ticking once a second while `running` (a screen with a locked position on it);
 * stopped otherwise, so a page without locks never re-renders on its own.
 */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const tick = () => setNow(Date.now());
    // At once (the clock may have stood still while nothing was locked), then every second.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [running]);
  return now;
}

/** Time left until `unlockAt`, in whole seconds (0 once it has passed; null without a time). */
export function secondsLeft(unlockAt: string | null, now: number): number | null {
  if (unlockAt === null) return null;
  const at = Date.parse(unlockAt);
  if (Number.isNaN(at)) return null;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

const two = (n: number) => String(n).padStart(2, '0');

/** Seconds as whole days and a clock, `{days: 1, clock: '03:04:05'}`, for the countdown's words. */
export function splitLeft(seconds: number): { days: number; clock: string } {
  const days = Math.floor(seconds / 86_400);
  const rest = seconds % 86_400;
  const clock = `${two(Math.floor(rest / 3600))}:${two(Math.floor((rest % 3600) / 60))}:${two(rest % 60)}`;
  return { days, clock };
}
