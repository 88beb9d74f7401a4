import { useCallback, useEffect, useRef, useState } from 'react';

export interface Loaded<T> {
  data: T | null;
  loading: boolean;
  failed: boolean;
  reload: () => void;
}

/**
 * One call's answer for a screen, with the loading and error states every list shows. A reload
 * keeps the previous answer on screen until the new one arrives; an answer for an unmounted
 * screen is dropped.
 */
export function useLoaded<T>(load: () => Promise<T>): Loaded<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const mounted = useRef(true);
  // The first loader is kept: screens pass an inline closure that always makes the same call.
  const [loader] = useState(() => load);

  const run = useCallback(() => {
    loader().then(
      (next) => {
        if (!mounted.current) return;
        setData(next);
        setFailed(false);
        setLoading(false);
      },
      () => {
        if (!mounted.current) return;
        setFailed(true);
        setLoading(false);
      },
    );
  }, [loader]);

  const reload = useCallback(() => {
    setLoading(true);
    setFailed(false);
    run();
  }, [run]);

  useEffect(() => {
    mounted.current = true;
    run();
    return () => {
      mounted.current = false;
    };
  }, [run]);
  return { data, loading, failed, reload };
}
