import axios from 'axios';
import type { AxiosAdapter, AxiosError, AxiosInstance, AxiosResponse } from 'axios';
import {
  ACCOUNT_HEADER,
  API_BASE,
  LANGUAGE_HEADER,
  REQUEST_TIMEOUT_MS,
  TOKEN_HEADER,
  UNAUTHORIZED_REDIRECT_MS,
} from '../../contract/constants';
import type { ErrorParams } from '../../contract/errors';
import type { StoredLanguage } from '../../contract/languages';
import { ApiError } from './ApiError';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not toast a refusal: the caller shows it itself, or it does not matter (logout). */
    silent?: boolean;
  }
}

export const RELOGIN_PATH = '/login/reLogin';

export interface ApiClientDeps {
  session: () => { token: string | null; account: string | null; language: StoredLanguage };
  endSession: () => void;
  notify: (text: string) => void;
  navigate: (path: string) => void;
  translate: (code: unknown, params?: ErrorParams, msg?: string) => string;
  /** Replaces the network in tests. */
  adapter?: AxiosAdapter;
}

interface Refusal {
  status: number;
  code?: unknown;
  params?: unknown;
  msg?: unknown;
}

const isEnvelope = (body: unknown): body is Refusal =>
  typeof body === 'object' && body !== null && typeof (body as Refusal).status === 'number';

const asParams = (value: unknown): ErrorParams =>
  typeof value === 'object' && value !== null ? (value as ErrorParams) : {};

/**
 * The one HTTP client: session headers on every call, the spec's 10 s timeout, and one place
 * that turns every failure into a toast plus a typed ApiError. `validateStatus` accepts every
 * HTTP status because refusals arrive as 4xx with the envelope the customer must see.
 */
export function createApiClient(deps: ApiClientDeps): AxiosInstance {
  const client = axios.create({
    baseURL: API_BASE,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
    validateStatus: () => true,
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });

  let redirectPending = false;

  function fail(
    code: string,
    params: ErrorParams,
    text: string,
    status: number | null,
    silent?: boolean,
  ): never {
    if (!silent) deps.notify(text);
    throw new ApiError(code, params, text, status);
  }

  function sessionDied(response: AxiosResponse): never {
    deps.endSession();
    // Several calls can fail together when a session dies; send the customer away only once.
    if (!redirectPending) {
      redirectPending = true;
      setTimeout(() => {
        redirectPending = false;
        deps.navigate(RELOGIN_PATH);
      }, UNAUTHORIZED_REDIRECT_MS);
    }
    const text = deps.translate('auth.required');
    return fail('auth.required', {}, text, response.status);
  }

  client.interceptors.request.use((config) => {
    const { token, account, language } = deps.session();
    config.headers.set(LANGUAGE_HEADER, language);
    if (token) config.headers.set(TOKEN_HEADER, token);
    if (account) config.headers.set(ACCOUNT_HEADER, account);
    return config;
  });

  client.interceptors.response.use(
    (response) => {
      if (response.status === 401) return sessionDied(response);
      const body: unknown = response.data;
      if (isEnvelope(body) && body.status === 1) return response;
      const silent = response.config.silent;
      if (!isEnvelope(body)) {
        // No envelope at all (a proxy error page, a crash): nothing the customer can act on.
        return fail('system.busy', {}, deps.translate('system.busy'), response.status, silent);
      }
      const params = asParams(body.params);
      const msg = typeof body.msg === 'string' ? body.msg : undefined;
      const code = typeof body.code === 'string' ? body.code : 'unknown';
      return fail(code, params, deps.translate(body.code, params, msg), response.status, silent);
    },
    (error: AxiosError) => {
      if (axios.isCancel(error)) throw error;
      // Timeout or no network: the spec's "system busy, retry later".
      return fail('system.busy', {}, deps.translate('system.busy'), null, error.config?.silent);
    },
  );

  return client;
}
