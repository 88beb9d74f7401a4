import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { WatchlistDto, WatchlistItemDto } from '../../contract';
import { call } from '../api';
import { nextTask } from '../app/nextTask';

/**
 * The signed-in customer's watchlist, shared by the watchlist screen, search and the star on the
 * stock screen, so a change in one shows in the others without another call.
 */
interface WatchlistState {
  items: readonly WatchlistItemDto[] | null;
  loading: boolean;
  failed: boolean;
}

/**
 * Not loaded yet reads as loading, so the first load changes nothing a screen shows until its
 * answer: a change made from a mounting screen's effect re-renders synchronously, inside the
 * commit that mounted it (on the stock screen's load, a long task on a slow phone).
 */
const NOT_LOADED: WatchlistState = { items: null, loading: true, failed: false };
let state = NOT_LOADED;
/** The load in flight, which a second caller joins. */
let pending: Promise<void> | null = null;
/** Moves on at a reset: a load begun for the customer before is not adopted. */
let generation = 0;
const listeners = new Set<() => void>();

function set(next: Partial<WatchlistState>): void {
  const merged = { ...state, ...next };
  if (
    merged.items === state.items &&
    merged.loading === state.loading &&
    merged.failed === state.failed
  )
    return;
  state = merged;
  for (const listener of listeners) listener();
}

function accept(answer: WatchlistDto): void {
  set({ items: answer.data, loading: false, failed: false });
}

async function fetchWatchlist(mine: number): Promise<void> {
  set({ loading: true, failed: false });
  // A task of its own: the first call loads the API client (its module preloads), which would
  // otherwise run inside the passive effects of the commit that mounted the screen.
  await nextTask();
  try {
    const answer = await call('watchlist', { type: 'krw' }, { silent: true });
    if (mine === generation) accept(answer);
  } catch {
    if (mine === generation) set({ loading: false, failed: true });
  }
}

export function loadWatchlist(): Promise<void> {
  if (pending) return pending;
  const load: Promise<void> = fetchWatchlist(generation).finally(() => {
    if (pending === load) pending = null;
  });
  pending = load;
  return load;
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
  generation += 1;
  pending = null;
  state = NOT_LOADED;
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
    if (state.items === null && pending === null) void loadWatchlist();
  }, []);
  const reload = useCallback(() => void loadWatchlist(), []);
  const has = useCallback(
    (symbol: string) => snapshot.items?.some((i) => i.symbol === symbol) ?? false,
    [snapshot.items],
  );
  return { ...snapshot, reload, has };
}
