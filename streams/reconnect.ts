import { retry, timer } from 'rxjs';
import type { MonoTypeOperatorFunction, SchedulerLike } from 'rxjs';

export interface BackoffOptions {
  initialMs: number;
  maxMs: number;
  /** 0..1: how much of each delay is randomised, so many clients do not reconnect in step. */
  jitter: number;
  random?: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 500, maxMs: 15_000, jitter: 0.2 };

/** The delay before reconnect attempt `attempt` (1-based): doubling, capped, with jitter. */
export function backoffDelay(attempt: number, options: BackoffOptions = DEFAULT_BACKOFF): number {
  const base = Math.min(options.maxMs, options.initialMs * 2 ** Math.max(0, attempt - 1));
  const random = options.random ?? Math.random;
  const spread = base * options.jitter;
  return Math.round(base - spread + random() * 2 * spread);
}

/**
 * Resubscribes to the source after it errors (a dropped connection), waiting longer after each
 * failure; a successful value resets the count. Because resubscribing re-runs the source's
 * subscribe logic, subscriptions are re-sent and the snapshot re-requested on every reconnect.
 */
export function reconnectWithBackoff<T>(
  options: BackoffOptions = DEFAULT_BACKOFF,
  scheduler?: SchedulerLike,
): MonoTypeOperatorFunction<T> {
  return retry<T>({
    resetOnSuccess: true,
    delay: (_error, attempt) => timer(backoffDelay(attempt, options), scheduler),
  });
}
