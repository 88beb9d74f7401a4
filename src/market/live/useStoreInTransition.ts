import { startTransition, useEffect, useEffectEvent, useReducer, useRef } from 'react';

/**
 * Reads an external store as useSyncExternalStore does, but renders its changes as transitions.
 * React renders every useSyncExternalStore change synchronously, in one task that cannot yield:
 * on the stock screen the live quote, book and candle did that up to five times a second, each a
 * long task on a slow phone (and, as the first figures arrived, a long one in Lighthouse's
 * blocking time). A transition is built in slices that yield to the browser; only its commit is
 * one piece. Live views are independent of one another, so a view a frame ahead of another (what
 * the synchronous render exists to prevent) shows nothing wrong.
 *
 * `subscribe` is the store's identity (a new one is subscribed to afresh); `getSnapshot` is read
 * at each render and may change from render to render (a selector).
 */
export function useStoreInTransition<T>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => T,
): T {
  const value = getSnapshot();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  // What the screen shows: a change that leaves the value as it is renders nothing.
  const shown = useRef(value);
  useEffect(() => {
    shown.current = value;
  });
  const read = useEffectEvent(getSnapshot);
  useEffect(() => {
    const check = () => {
      if (!Object.is(read(), shown.current)) startTransition(rerender);
    };
    const stop = subscribe(check);
    // A change between the render and this subscription.
    check();
    return stop;
  }, [subscribe]);
  return value;
}
