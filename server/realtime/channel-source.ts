/**
 * What a channel reads from the feed: its snapshot now, and the stream of its updates. Updates
 * are raw here; the publisher batches them per flush and numbers them.
 */
import { distinctUntilChanged, interval, map } from 'rxjs';
import type { Observable } from 'rxjs';
import type { ChannelPayloads, ChannelSpec, ChannelType } from '../../contract/market-socket';
import { RANKING_CHANNEL_LIMIT, TRADE_TAPE_LENGTH } from '../../contract/market-socket';
import type { MarketFeed } from '../market';

/** Rankings are computed on request, so their channels recompute on this period. */
export const RANKING_REFRESH_MS = 2_000;

export interface ChannelSource<K extends ChannelType = ChannelType> {
  snapshot(): ChannelPayloads[K]['snapshot'];
  /** Raw updates; several in one flush are merged by `merge`. */
  updates(): Observable<unknown>;
  /** Folds raw updates that arrived since the last flush into one update payload. */
  merge(pending: readonly unknown[]): ChannelPayloads[K]['update'];
}

const latestOf = <T>(pending: readonly unknown[]): T => pending[pending.length - 1] as T;

/**
 * The source of a channel, or null when its symbol is not one the feed knows. The spec comes
 * from parseChannel, so its shape is already checked.
 */
export function channelSource(feed: MarketFeed, spec: ChannelSpec): ChannelSource | null {
  if ('code' in spec && !feed.instrument(spec.code)) return null;
  switch (spec.type) {
    case 'quote':
      return {
        snapshot: () => feed.quote(spec.code) as ChannelPayloads['quote']['snapshot'],
        updates: () => feed.quotes$(spec.code),
        merge: latestOf,
      };
    case 'book':
      return {
        snapshot: () => feed.book(spec.code, spec.depth) as ChannelPayloads['book']['snapshot'],
        updates: () => feed.book$(spec.code, spec.depth),
        merge: latestOf,
      };
    case 'trades':
      return {
        snapshot: () => feed.trades(spec.code, TRADE_TAPE_LENGTH),
        updates: () => feed.trades$(spec.code),
        // Trades arrive oldest first; the wire carries them newest first, like the tape.
        merge: (pending) =>
          (pending.slice(-TRADE_TAPE_LENGTH) as ChannelPayloads['trades']['update'])
            .slice()
            .reverse(),
      };
    case 'candle':
      return {
        snapshot: () => feed.candles(spec.code, spec.interval, { limit: 1 }).at(-1) ?? null,
        updates: () => feed.candles$(spec.code, spec.interval),
        merge: latestOf,
      };
    case 'indices':
      return { snapshot: () => feed.indices(), updates: () => feed.indices$(), merge: latestOf };
    case 'fx':
      return { snapshot: () => feed.fxRates(), updates: () => feed.fx$(), merge: latestOf };
    case 'session':
      return { snapshot: () => feed.session(), updates: () => feed.session$(), merge: latestOf };
    case 'ranking': {
      const read = () =>
        feed.rankings(spec.kind, { market: spec.market, limit: RANKING_CHANNEL_LIMIT });
      return {
        snapshot: read,
        // Sent only when the list changed, compared by its JSON text.
        updates: () =>
          interval(RANKING_REFRESH_MS).pipe(
            map(read),
            distinctUntilChanged((a, b) => JSON.stringify(a) === JSON.stringify(b)),
          ),
        merge: latestOf,
      };
    }
  }
}
