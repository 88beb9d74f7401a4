import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { WatchlistDto, WatchlistItemDto } from '../../contract';
import { call } from '../api';

/**
 * The signed-in customer's watchlist, shared by the watchlist screen, search and the star on the
 * stock screen, so a change in one shows in the others without another call.
 */
interface WatchlistState {
  items: readonly WatchlistItemDto[] | null;
  loading: boolean;
  failed: boolean;
}

let state: WatchlistState = { items: null, loading: false, failed: false };
const listeners = new Set<() => void>();

function set(next: Partial<WatchlistState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function accept(answer: WatchlistDto): void {
  set({ items: answer.data, loading: false, failed: false });
}

export async function loadWatchlist(): Promise<void> {
  set({ loading: true, failed: false });
  try {
    accept(await call('watchlist', { type: 'krw' }, { silent: true }));
  } catch {
    set({ loading: false, failed: true });
  }
}

/** Refusals are toasted by the API client; the list stays as it was. */
export async function addToWatchlist(symbol: string): Promise<boolean> {
  try {
    accept(await call('watchlistAdd', { symbol }));
    return true;
  } catch {
    return false;
  }
}

export async function removeFromWatchlist(symbols: readonly string[]): Promise<boolean> {
  if (symbols.length === 0) return true;
  try {
    accept(await call('watchlistRemove', { symbols: [...symbols] }));
    return true;
  } catch {
    return false;
  }
}

/** Forget the list (another customer may sign in next). */
export function resetWatchlist(): void {
  state = { items: null, loading: false, failed: false };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The list, loaded on first use (and again with `reload`). */
export function useWatchlist() {
  const snapshot = useSyncExternalStore(subscribe, () => state);
  useEffect(() => {
    if (state.items === null && !state.loading) void loadWatchlist();
  }, []);
  const reload = useCallback(() => void loadWatchlist(), []);
  const has = useCallback(
    (symbol: string) => snapshot.items?.some((i) => i.symbol === symbol) ?? false,
    [snapshot.items],
  );
  return { ...snapshot, reload, has };
}
