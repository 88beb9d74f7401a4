import { useCallback, useEffect, useRef } from 'react';
import { STEPPER_LONG_PRESS_MS, STEPPER_REPEAT_MS } from '../../../contract/constants';

/**
 * Press-and-hold behaviour of a stepper button: one step on press; holding for 600 ms starts
 * repeating every 200 ms until the finger lifts. `action` may change between renders; the
 * timers always call the latest one, so repeated steps build on the current value. An action that
 * returns false (a bound was reached) ends the repetition: a disabled button gets no pointer-up.
 */
export function usePressRepeat(action: () => boolean) {
  const latest = useRef(action);
  const holdTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const repeatTimer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(() => {
    latest.current = action;
  }, [action]);

  const stop = useCallback(() => {
    if (holdTimer.current !== null) clearTimeout(holdTimer.current);
    if (repeatTimer.current !== null) clearInterval(repeatTimer.current);
    holdTimer.current = null;
    repeatTimer.current = null;
  }, []);

  const start = useCallback(() => {
    stop();
    if (!latest.current()) return;
    holdTimer.current = setTimeout(() => {
      holdTimer.current = null;
      if (!latest.current()) return;
      repeatTimer.current = setInterval(() => {
        if (!latest.current()) stop();
      }, STEPPER_REPEAT_MS);
    }, STEPPER_LONG_PRESS_MS);
  }, [stop]);

  useEffect(() => stop, [stop]);

  return { start, stop };
}
