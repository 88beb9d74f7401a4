import type { InferType } from 'yup';
import type { CALLS, CallName } from '../../contract/calls';
import { CALL_PATHS } from '../../contract/paths';
import { loadScreenTexts } from '../i18n/i18n';
import { takeEarlyCall } from './earlyCall';

type Spec<N extends CallName> = (typeof CALLS)[N];
export type RequestOf<N extends CallName> = InferType<Spec<N>['request']>;
export type DataOf<N extends CallName> = Spec<N>['response'] extends null
  ? null
  : InferType<NonNullable<Spec<N>['response']>>;

export interface CallOptions {
  /** Do not toast a refusal (the caller handles it). */
  silent?: boolean;
  /**
   * Sent as the Idempotency-Key header (calls the contract marks idempotent): make one key per
   * user action and reuse it on retries, so a retried money call is answered, not repeated.
   */
  idempotencyKey?: string;
}

/** Calls one entry of the contract's catalogue with the fields its schema accepts. */
export async function call<N extends CallName>(
  name: N,
  body: RequestOf<N>,
  options: CallOptions = {},
): Promise<DataOf<N>> {
  // Started at start-up for the screen on display (src/app/preloadRoute.ts): its success is the
  // answer; on anything else the call runs below as ever.
  const early = takeEarlyCall(name, body);
  if (early) {
    const data = await early;
    if (data !== undefined) return data as DataOf<N>;
  }
  // Loaded on the first call, not at start-up: the start screen needs neither axios nor the
  // error texts a refusal is shown in.
  const [{ apiClient }] = await Promise.all([import('./client'), loadScreenTexts()]);
  const response = await apiClient.post<{ data?: DataOf<N> }>(CALL_PATHS[name], body, options);
  return (response.data.data ?? null) as DataOf<N>;
}
