import axios from 'axios';
import type { AxiosAdapter, AxiosError, AxiosInstance } from 'axios';
import { IDEMPOTENCY_KEY_HEADER, REQUEST_TIMEOUT_MS } from '../../contract/constants';
import type { ErrorParams } from '../../contract/errors';
import { ApiError } from './ApiError';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Do not toast a refusal: the caller shows it itself, or it does not matter (logout). */
    silent?: boolean;
    /** Sent as the Idempotency-Key header: a retry with the same key is answered, not redone. */
    idempotencyKey?: string;
  }
}

export interface EnvelopeClientOptions {
  /** The API's base path, e.g. '/api/vue'. */
  baseURL: string;
  /** The session and language headers of each request; null or empty ones are left out. */
  headers: () => Record<string, string | null>;
  /** The session is gone (a 401): forget it, and go to sign-in however the app does. */
  onUnauthorized: () => void;
  /** Whether a 401 is toasted even on a silent call (the customer app always says why it left). */
  toastUnauthorizedWhenSilent: boolean;
  notify: (text: string) => void;
  /** The text shown for a refusal; `msg` is the server's translation, when it sent one. */
  translate: (code: string, params: ErrorParams, msg: string | undefined) => string;
  /** Replaces the network in tests. */
  adapter?: AxiosAdapter;
  /** Each answer (true) or request that found no network (false): the offline banner's source. */
  onReachable?: (ok: boolean) => void;
}

interface Envelope {
  status: number;
  code?: unknown;
  params?: unknown;
  msg?: unknown;
}

const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === 'object' && body !== null && typeof (body as Envelope).status === 'number';

const asParams = (value: unknown): ErrorParams =>
  typeof value === 'object' && value !== null ? (value as ErrorParams) : {};

const asMsg = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/**
 * An axios instance for an envelope API (the customer app's and the back office's): its headers
 * on every call, the spec's 10 s timeout, and one place that turns every failure into a toast
 * plus a typed ApiError. `validateStatus` accepts every HTTP status because refusals arrive as
 * 4xx with the envelope the user must see.
 */
export function createEnvelopeClient(options: EnvelopeClientOptions): AxiosInstance {
  const client = axios.create({
    baseURL: options.baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
    validateStatus: () => true,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  function fail(
    code: string,
    params: ErrorParams,
    text: string,
    status: number | null,
    silent?: boolean,
  ): never {
    if (!silent) options.notify(text);
    throw new ApiError(code, params, text, status);
  }

  const busy = (status: number | null, silent?: boolean) =>
    fail('system.busy', {}, options.translate('system.busy', {}, undefined), status, silent);

  client.interceptors.request.use((config) => {
    for (const [name, value] of Object.entries(options.headers())) {
      if (value) config.headers.set(name, value);
    }
    if (config.idempotencyKey) config.headers.set(IDEMPOTENCY_KEY_HEADER, config.idempotencyKey);
    return config;
  });

  client.interceptors.response.use(
    (response) => {
      options.onReachable?.(true);
      const body: unknown = response.data;
      const silent = response.config.silent;
      if (response.status === 401) {
        options.onUnauthorized();
        const text = options.translate(
          'auth.required',
          {},
          isEnvelope(body) ? asMsg(body.msg) : undefined,
        );
        return fail('auth.required', {}, text, 401, silent && !options.toastUnauthorizedWhenSilent);
      }
      if (isEnvelope(body) && body.status === 1) return response;
      // No envelope at all (a proxy error page, a crash): nothing the user can act on.
      if (!isEnvelope(body)) return busy(response.status, silent);
      const params = asParams(body.params);
      const code = typeof body.code === 'string' ? body.code : 'unknown';
      return fail(
        code,
        params,
        options.translate(code, params, asMsg(body.msg)),
        response.status,
        silent,
      );
    },
    (error: AxiosError) => {
      if (axios.isCancel(error)) throw error;
      // No answer at all (not a timeout): the phone reaches nothing.
      if (error.code === 'ERR_NETWORK') options.onReachable?.(false);
      // Timeout or no network: the spec's "system busy, retry later".
      return busy(null, error.config?.silent);
    },
  );

  return client;
}
