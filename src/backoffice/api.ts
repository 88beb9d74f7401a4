import axios from 'axios';
import type { AxiosAdapter, AxiosError, AxiosInstance } from 'axios';
import type { InferType } from 'yup';
import { REQUEST_TIMEOUT_MS, LANGUAGE_HEADER } from '../../contract/constants';
import type { ErrorParams } from '../../contract/errors';
import { STAFF_API_BASE, STAFF_CALLS, STAFF_TOKEN_HEADER } from '../../contract/staff-calls';
import type { StaffCallName } from '../../contract/staff-calls';

/** A refused or failed staff call; `message` is already translated and (unless silent) toasted. */
export class StaffApiError extends Error {
  constructor(
    readonly code: string,
    readonly params: ErrorParams,
    message: string,
    readonly httpStatus: number | null,
  ) {
    super(message);
    this.name = 'StaffApiError';
  }
}

export interface StaffClientDeps {
  token: () => string | null;
  language: () => string;
  /** The session is gone (401): forget it and go back to the sign-in screen. */
  onUnauthorized: () => void;
  notify: (text: string) => void;
  translate: (code: unknown, params: ErrorParams, msg: unknown) => string;
  adapter?: AxiosAdapter;
}

interface Envelope {
  status: number;
  code?: unknown;
  params?: unknown;
  msg?: unknown;
  data?: unknown;
}

const isEnvelope = (body: unknown): body is Envelope =>
  typeof body === 'object' && body !== null && typeof (body as Envelope).status === 'number';

/** The back office's axios instance: /api/staff, `staff-token`, 10 s, refusals toasted. */
export function createStaffClient(deps: StaffClientDeps): AxiosInstance {
  const client = axios.create({
    baseURL: STAFF_API_BASE,
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
    validateStatus: () => true,
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });

  function fail(
    code: string,
    params: ErrorParams,
    text: string,
    status: number | null,
    silent?: boolean,
  ): never {
    if (!silent) deps.notify(text);
    throw new StaffApiError(code, params, text, status);
  }

  client.interceptors.request.use((config) => {
    config.headers.set(LANGUAGE_HEADER, deps.language());
    const token = deps.token();
    if (token) config.headers.set(STAFF_TOKEN_HEADER, token);
    return config;
  });

  client.interceptors.response.use(
    (response) => {
      const body: unknown = response.data;
      const silent = response.config.silent;
      if (response.status === 401) {
        deps.onUnauthorized();
        const msg = isEnvelope(body) ? body.msg : undefined;
        return fail('auth.required', {}, deps.translate('auth.required', {}, msg), 401, silent);
      }
      if (isEnvelope(body) && body.status === 1) return response;
      if (!isEnvelope(body)) {
        return fail(
          'system.busy',
          {},
          deps.translate('system.busy', {}, undefined),
          response.status,
          silent,
        );
      }
      const params = (
        typeof body.params === 'object' && body.params !== null ? body.params : {}
      ) as ErrorParams;
      const code = typeof body.code === 'string' ? body.code : 'unknown';
      return fail(code, params, deps.translate(code, params, body.msg), response.status, silent);
    },
    (error: AxiosError) => {
      if (axios.isCancel(error)) throw error;
      return fail(
        'system.busy',
        {},
        deps.translate('system.busy', {}, undefined),
        null,
        error.config?.silent,
      );
    },
  );
  return client;
}

type Spec<N extends StaffCallName> = (typeof STAFF_CALLS)[N];
export type StaffRequestOf<N extends StaffCallName> = InferType<Spec<N>['request']>;
export type StaffDataOf<N extends StaffCallName> = Spec<N>['response'] extends null
  ? null
  : InferType<NonNullable<Spec<N>['response']>>;

let client: AxiosInstance | null = null;

export function setStaffClient(instance: AxiosInstance): void {
  client = instance;
}

/** Calls one entry of STAFF_CALLS. */
export async function staffCall<N extends StaffCallName>(
  name: N,
  body: Partial<StaffRequestOf<N>>,
  options: { silent?: boolean } = {},
): Promise<StaffDataOf<N>> {
  if (!client) throw new Error('the staff client is not set up');
  const response = await client.post<{ data?: StaffDataOf<N> }>(
    STAFF_CALLS[name].path,
    body,
    options,
  );
  return (response.data.data ?? null) as StaffDataOf<N>;
}

export const isStaffApiError = (value: unknown): value is StaffApiError =>
  value instanceof StaffApiError;
