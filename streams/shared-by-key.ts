import { Observable, share, timer } from 'rxjs';
import type { SchedulerLike } from 'rxjs';

/**
 * One upstream subscription per key (a symbol, a list), however many views watch it. When the
 * last view leaves, the upstream is kept for `graceMs` so a view that re-mounts (a tab switch)
 * does not unsubscribe and resubscribe the server.
 */
export function sharedByKey<K, T>(
  open: (key: K) => Observable<T>,
  graceMs: number,
  scheduler?: SchedulerLike,
): (key: K) => Observable<T> {
  const streams = new Map<K, Observable<T>>();
  return (key: K) => {
    let stream = streams.get(key);
    if (!stream) {
      stream = new Observable<T>((subscriber) => {
        const inner = open(key).subscribe(subscriber);
        return () => {
          inner.unsubscribe();
          streams.delete(key);
        };
      }).pipe(
        share({
          resetOnRefCountZero: () => timer(graceMs, scheduler),
          resetOnError: true,
          resetOnComplete: true,
        }),
      );
      streams.set(key, stream);
    }
    return stream;
  };
}
