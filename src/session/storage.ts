/**
 * Local storage as the spec describes it: every value saved as JSON. Storage can be missing or
 * refuse writes (private mode, quota), so failures degrade to an in-memory session.
 */
function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStored(key: string): unknown {
  const raw = store()?.getItem(key) ?? null;
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    // A value written by something other than this app (not JSON): keep the raw text.
    return raw;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    store()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the in-memory session still works for this visit.
  }
}

export function removeStored(key: string): void {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing to do: the value was never readable either.
  }
}
