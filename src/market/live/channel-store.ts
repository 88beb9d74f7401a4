/**
 * Shared channel streams and the external stores React reads them through. One upstream per
 * channel however many views watch it (sharedByKey); the latest state of each channel is kept so
 * a view that mounts later starts from it rather than from nothing; and each view's store lets
 * through at most one change per LIVE_RENDER_INTERVAL_MS, drawn in a display frame, whatever
 * the update rate.
 */
import { Observable, asyncScheduler, merge, startWith, subscribeOn, throttleTime } from 'rxjs';
import type { SchedulerLike } from 'rxjs';
import { conflateToFrame, sharedByKey } from '../../../streams';
import type { ChannelState } from './channel';
import { openChannel } from './channel';
import { hasMarketConnection, marketConnection, transportOptions } from './transport';

const latest = new Map<string, ChannelState>();
let shared: ((channel: string) => Observable<ChannelState>) | null = null;
let frameScheduler: SchedulerLike | undefined;

/**
 * A view renders live data at most this often (the first value at once, then the latest of each
 * interval). Five a second reads as live to a trader; one render per display frame per channel
 * was what made the stock screen's main thread busy for seconds on a slow phone (Lighthouse's
 * blocking time, bench/README.md).
 */
export const LIVE_RENDER_INTERVAL_MS = 200;
let renderIntervalMs = LIVE_RENDER_INTERVAL_MS;

/**
 * Tests run frames on a virtual or immediate scheduler, and the book benchmark's baseline renders
 * every message (interval 0). Also forgets every shared stream.
 */
export function resetChannelStreams(
  scheduler?: SchedulerLike,
  intervalMs: number = LIVE_RENDER_INTERVAL_MS,
): void {
  shared = null;
  latest.clear();
  frameScheduler = scheduler;
  renderIntervalMs = intervalMs;
}

function channelStream(channel: string): Observable<ChannelState> {
  shared ??= sharedByKey(
    (key: string) =>
      new Observable<ChannelState>((subscriber) => {
        // The channel opens in a task of its own, not in the passive effects of the commit that
        // mounted its view: on the stock screen's load those run as one task, which the socket's
        // set-up made a long one on a slow phone. The socket itself (for the first channel) is
        // created in the task before, so that neither task holds both. Tests that set a
        // scheduler keep their own timing.
        const upstream = openChannel(key);
        const connecting =
          frameScheduler || hasMarketConnection()
            ? undefined
            : asyncScheduler.schedule(() => void marketConnection());
        const opened = frameScheduler ? upstream : upstream.pipe(subscribeOn(asyncScheduler));
        const inner = opened.subscribe({
          next: (state) => {
            latest.set(key, state);
            subscriber.next(state);
          },
          error: (e: unknown) => subscriber.error(e),
          complete: () => subscriber.complete(),
        });
        return () => {
          connecting?.unsubscribe();
          inner.unsubscribe();
          latest.delete(key);
        };
      }),
    transportOptions().graceMs,
  );
  const stream = shared(channel);
  const known = latest.get(channel);
  return known ? stream.pipe(startWith(known)) : stream;
}

export const CONNECTING: ChannelState = { data: null, status: 'connecting' };

/** What useSyncExternalStore needs, over a fixed set of channels. */
export interface ChannelsStore {
  subscribe: (onChange: () => void) => () => void;
  /** The states by channel; a new object only when one changed (stable for React). */
  getSnapshot: () => ReadonlyMap<string, ChannelState>;
}

/**
 * `intervalMs`: this store's own pace, when slower than the default (a chart redraw costs more
 * than a row of text).
 */
export function createChannelsStore(
  channels: readonly string[],
  intervalMs?: number,
): ChannelsStore {
  let snapshot: ReadonlyMap<string, ChannelState> = new Map(
    channels.map((c) => [c, latest.get(c) ?? CONNECTING]),
  );
  return {
    getSnapshot: () => snapshot,
    subscribe(onChange) {
      const working = new Map(snapshot);
      const changes = merge(
        ...channels.map(
          (channel) =>
            new Observable<void>((subscriber) =>
              channelStream(channel).subscribe({
                next: (state) => {
                  working.set(channel, state);
                  subscriber.next();
                },
                error: () => {
                  working.set(channel, {
                    data: working.get(channel)?.data ?? null,
                    status: 'error',
                  });
                  subscriber.next();
                },
              }),
            ),
        ),
      );
      // The first change at once, then at most one per interval; a burst of frames in one
      // display frame becomes one snapshot and one render.
      // The benchmark's baseline (interval 0) paces nothing, whatever the store asked for.
      const pace = renderIntervalMs > 0 ? Math.max(renderIntervalMs, intervalMs ?? 0) : 0;
      const paced =
        pace > 0
          ? changes.pipe(throttleTime(pace, asyncScheduler, { leading: true, trailing: true }))
          : changes;
      const subscription = paced.pipe(conflateToFrame(frameScheduler)).subscribe(() => {
        snapshot = new Map(working);
        onChange();
      });
      return () => subscription.unsubscribe();
    },
  };
}
