import type { AxiosAdapter, AxiosInstance } from 'axios';
import type { InferType } from 'yup';
import { LANGUAGE_HEADER } from '../../contract/constants';
import type { ErrorParams } from '../../contract/errors';
import { STAFF_API_BASE, STAFF_CALLS, STAFF_TOKEN_HEADER } from '../../contract/staff-calls';
import type { StaffCallName } from '../../contract/staff-calls';
import { ApiError, isApiError } from '../api/ApiError';
import { createEnvelopeClient } from '../api/createEnvelopeClient';
import { UPLOAD_TIMEOUT_MS } from '../api/uploadTimeout';

/** A refused or failed staff call; `message` is already translated and (unless silent) toasted. */
export { ApiError as StaffApiError };

export interface StaffClientDeps {
  token: () => string | null;
  language: () => string;
  /** The session is gone (401): forget it and go back to the sign-in screen. */
  onUnauthorized: () => void;
  notify: (text: string) => void;
  translate: (code: unknown, params: ErrorParams, msg: unknown) => string;
  adapter?: AxiosAdapter;
}

/** The back office's axios instance: /api/staff, `staff-token`, 10 s, refusals toasted. */
export function createStaffClient(deps: StaffClientDeps): AxiosInstance {
  return createEnvelopeClient({
    baseURL: STAFF_API_BASE,
    headers: () => ({ [LANGUAGE_HEADER]: deps.language(), [STAFF_TOKEN_HEADER]: deps.token() }),
    onUnauthorized: deps.onUnauthorized,
    toastUnauthorizedWhenSilent: false,
    notify: deps.notify,
    translate: deps.translate,
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
  });
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
  options: { silent?: boolean; idempotencyKey?: string } = {},
): Promise<StaffDataOf<N>> {
  if (!client) throw new Error('the staff client is not set up');
  const response = await client.post<{ data?: StaffDataOf<N> }>(
    STAFF_CALLS[name].path,
    body,
    options,
  );
  return (response.data.data ?? null) as StaffDataOf<N>;
}

/**
 * Sends one image as its raw bytes to a back-office binary call (an agent's chat image), through
 * the same axios instance, so headers, refusal toasts and the 401 sign-out behave as for every
 * call; answers the envelope's data.
 */
export async function staffUploadImage<T>(
  path: string,
  file: Blob,
  params: Record<string, string>,
): Promise<T> {
  if (!client) throw new Error('the staff client is not set up');
  const response = await client.post<{ data: T }>(path, file, {
    params,
    headers: { 'Content-Type': 'application/octet-stream' },
    timeout: UPLOAD_TIMEOUT_MS,
    // The body is the image itself: never let axios serialise it as JSON.
    transformRequest: [(data: unknown) => data],
  });
  return response.data.data;
}

export const isStaffApiError = (value: unknown): value is ApiError => isApiError(value);
