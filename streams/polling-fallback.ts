import { catchError, defer, EMPTY, Observable, race, switchMap, take, timer } from 'rxjs';
import type { SchedulerLike } from 'rxjs';

export interface FallbackOptions {
  /** How long the push source has to deliver its first value before polling takes over. */
  connectTimeoutMs: number;
  pollEveryMs: number;
  scheduler?: SchedulerLike;
}

/**
 * Push when it works, poll when it does not: if `push$` yields nothing within the timeout, or
 * fails, values come from calling `poll` every `pollEveryMs` instead. A failed poll is skipped,
 * not fatal, so a brief outage does not end the stream.
 */
export function pushOrPoll<T>(
  push$: Observable<T>,
  poll: () => Observable<T>,
  options: FallbackOptions,
): Observable<T> {
  const polling$ = timer(0, options.pollEveryMs, options.scheduler).pipe(
    switchMap(() => poll().pipe(catchError(() => EMPTY))),
  );
  return defer(() => {
    let delivered = false;
    const pushed$ = new Observable<T>((subscriber) =>
      push$.subscribe({
        next: (value) => {
          delivered = true;
          subscriber.next(value);
        },
        error: (err: unknown) => subscriber.error(err),
        complete: () => subscriber.complete(),
      }),
    ).pipe(catchError(() => (delivered ? EMPTY : polling$)));
    const giveUp$ = timer(options.connectTimeoutMs, options.scheduler).pipe(
      take(1),
      switchMap(() => polling$),
    );
    // race() keeps whichever emits first: the push source, or polling after the timeout.
    return race(pushed$, giveUp$);
  });
}
