import type { CallName } from '../../contract/calls';
import {
  ACCOUNT_HEADER,
  API_BASE,
  LANGUAGE_HEADER,
  REQUEST_TIMEOUT_MS,
  TOKEN_HEADER,
} from '../../contract/constants';
import { CALL_PATHS } from '../../contract/paths';
import { sessionStore } from '../session/sessionStore';
import type { RequestOf } from './calls';

/**
 * Calls started at start-up, before the app has mounted (src/app/preloadRoute.ts): on a phone's
 * link the screen's data then travels beside the app's own code and texts instead of after them.
 * Plain fetch, so nothing waits for the API client's chunk. Only a success is kept: the screen's
 * own call (src/api/calls.ts) takes it; anything else (a refusal, a 401, no network) is dropped
 * and the screen's call runs as ever, with its toasts and sign-out handling.
 */

/** An answer older than this is not used: the screen calls again. */
export const EARLY_CALL_TTL_MS = 10_000;

interface Early {
  key: string;
  startedAt: number;
  /** The data on success, undefined otherwise. */
  answer: Promise<unknown>;
  /** Set once a success has arrived: a screen's first render can show it at once. */
  arrived?: { data: unknown };
}

const early = new Map<CallName, Early>();

const keyOf = (body: unknown) => JSON.stringify(body);

/** Returns the answer as the screen's call will get it: the data, or undefined on failure. */
export function startEarlyCall<N extends CallName>(name: N, body: RequestOf<N>): Promise<unknown> {
  const { token, account, language } = sessionStore.get();
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    [LANGUAGE_HEADER]: language,
  };
  if (token) headers[TOKEN_HEADER] = token;
  if (account) headers[ACCOUNT_HEADER] = account;
  const answer = fetch(`${API_BASE}${CALL_PATHS[name]}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
    .then((response) => (response.status === 401 ? null : response.json()))
    .then((envelope: unknown) => {
      const e = envelope as { status?: unknown; data?: unknown } | null;
      return e !== null && typeof e === 'object' && e.status === 1 ? (e.data ?? null) : undefined;
    })
    .catch(() => undefined);
  const entry: Early = { key: keyOf(body), startedAt: Date.now(), answer };
  void answer.then((data) => {
    if (data !== undefined) entry.arrived = { data };
  });
  early.set(name, entry);
  return answer;
}

/** The early call for this call and body, fresh or not. */
function matching(name: CallName, body: unknown): Early | null {
  const found = early.get(name);
  return found && found.key === keyOf(body) ? found : null;
}

const isFresh = (entry: Early) => Date.now() - entry.startedAt <= EARLY_CALL_TTL_MS;

/**
 * The early call's answer for this call and body, if a fresh success has already arrived; it stays
 * in place for the screen's own call to take (a render may run twice, or be thrown away).
 */
export function arrivedEarlyCall(name: CallName, body: unknown): { data: unknown } | null {
  const found = matching(name, body);
  return found && isFresh(found) ? (found.arrived ?? null) : null;
}

/**
 * The early call's answer for this call and body, once: a promise of the data, or of undefined
 * when it failed; null when there is no (fresh) early call for it.
 */
export function takeEarlyCall(name: CallName, body: unknown): Promise<unknown> | null {
  const found = matching(name, body);
  if (!found) return null;
  early.delete(name);
  return isFresh(found) ? found.answer : null;
}
