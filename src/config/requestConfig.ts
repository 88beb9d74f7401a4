import { API_BASE, LANGUAGE_HEADER, REQUEST_TIMEOUT_MS } from '../../contract/constants';
import { CALL_PATHS } from '../../contract/paths';
import { sessionStore } from '../session/sessionStore';

/** `/common/config` as the start-up sends it (src/config/fetchConfigItems.ts reads the answer). */
export function requestConfig(): Promise<Response> {
  return fetch(`${API_BASE}${CALL_PATHS.config}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [LANGUAGE_HEADER]: sessionStore.get().language,
    },
    body: JSON.stringify({ type: 'all' }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
}

let early: Promise<Response> | null = null;

/** Sent by the entry (src/main.tsx) as it arrives, before the app's code has been evaluated. */
export function startConfigEarly(): void {
  early = requestConfig();
  // Read by fetchConfigItems; a failure here is its failure, reported there.
  early.catch(() => undefined);
}

/** The early request, once (a retry after a failure sends a new one). */
export function takeEarlyConfig(): Promise<Response> | null {
  const taken = early;
  early = null;
  return taken;
}
