import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { CallName } from '../../contract/calls';
import type { DataOf, RequestOf } from '../api';
import { call } from '../api';
import { arrivedEarlyCall, takeEarlyCall } from '../api/earlyCall';

export interface CallState<T> {
  data: T | null;
  loading: boolean;
  failed: boolean;
  reload: () => void;
}

/**
 * One REST call's answer for a screen: loading, failed (with retry) and the data. The call runs
 * again when the body changes (compared as JSON). Refusals are already toasted by the API client;
 * `silent` keeps a list that shows its own error state from toasting too.
 */
export function useMarketCall<N extends CallName>(
  name: N,
  body: RequestOf<N> | null,
  options: { silent?: boolean } = {},
): CallState<DataOf<N>> {
  const key = body === null ? null : JSON.stringify(body);
  const [attempt, setAttempt] = useState(0);
  const requestKey = key === null ? null : `${attempt}:${key}`;
  // The start-up's early call (src/app/earlyScreen.ts) may have answered before this screen first
  // renders: its first render then shows the data, rather than a loading state and, a commit
  // later, the data (on a slow phone the price came ~0.5 s after the screen).
  const [result, setResult] = useState<{
    for: string | null;
    data: DataOf<N> | null;
    failed: boolean;
  }>(() => {
    const arrived = body === null ? null : arrivedEarlyCall(name, body);
    return arrived
      ? { for: `0:${key}`, data: arrived.data as DataOf<N>, failed: false }
      : { for: null, data: null, failed: false };
  });
  // The request whose answer the first render took from the early call (its `for`), until the
  // request changes: a mount's effect, run twice in Strict Mode, then asks for nothing.
  const earlyFor = useRef(result.for);
  const silent = options.silent ?? true;

  useEffect(() => {
    if (key === null || requestKey === null) return;
    if (requestKey === earlyFor.current) {
      void takeEarlyCall(name, JSON.parse(key));
      return;
    }
    earlyFor.current = null;
    let alive = true;
    // The key is the body as JSON: parsing it back keeps the effect's inputs to plain values.
    // The answer's render is a transition: React builds it in slices that yield to the browser,
    // not in one long task (a screen's figures, a chart's candles: the stock detail's blocking
    // time on a slow phone, bench/README.md). Only its commit is one piece.
    const settle = (next: { data: DataOf<N> | null; failed: boolean }) =>
      alive && startTransition(() => setResult({ for: requestKey, ...next }));
    call(name, JSON.parse(key) as RequestOf<N>, { silent }).then(
      (data) => settle({ data, failed: false }),
      () => settle({ data: null, failed: true }),
    );
    return () => {
      alive = false;
    };
  }, [name, key, requestKey, silent]);

  // Until the new answer arrives the previous data stays (a chart keeps its candles meanwhile).
  const loading = requestKey !== null && result.for !== requestKey;
  const state = { data: result.data, loading, failed: !loading && result.failed };
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
