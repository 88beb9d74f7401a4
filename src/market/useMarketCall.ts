import { startTransition, useCallback, useEffect, useState } from 'react';
import type { CallName } from '../../contract/calls';
import type { DataOf, RequestOf } from '../api';
import { call } from '../api';

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
  const [result, setResult] = useState<{
    for: string | null;
    data: DataOf<N> | null;
    failed: boolean;
  }>({ for: null, data: null, failed: false });
  const silent = options.silent ?? true;

  useEffect(() => {
    if (key === null || requestKey === null) return;
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
