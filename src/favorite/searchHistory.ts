/**
 * Search history on this device (the spec's "search with history"): the latest keywords first,
 * without repeats, at most 10, in local storage. A broken or foreign value reads as empty.
 */
export const SEARCH_HISTORY_KEY = 'maru.searchHistory';
export const SEARCH_HISTORY_MAX = 10;

export function readSearchHistory(storage: Storage = localStorage): string[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(SEARCH_HISTORY_KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter((x): x is string => typeof x === 'string').slice(0, SEARCH_HISTORY_MAX)
      : [];
  } catch {
    return [];
  }
}

export function rememberSearch(keyword: string, storage: Storage = localStorage): string[] {
  const word = keyword.trim();
  if (!word) return readSearchHistory(storage);
  const next = [word, ...readSearchHistory(storage).filter((w) => w !== word)].slice(
    0,
    SEARCH_HISTORY_MAX,
  );
  storage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
  return next;
}

export function forgetSearch(keyword: string, storage: Storage = localStorage): string[] {
  const next = readSearchHistory(storage).filter((w) => w !== keyword);
  storage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(next));
  return next;
}

export function clearSearchHistory(storage: Storage = localStorage): void {
  storage.removeItem(SEARCH_HISTORY_KEY);
}
