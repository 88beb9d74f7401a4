/** The hooks screens read live market data with (the public API is in index.ts). */
import { useMemo } from 'react';
import type {
  Candle,
  CandleInterval,
  FeedSessionState,
  FxRate,
  IndexQuote,
  Market,
  OrderBookSnapshot,
  Quote,
  RankingEntry,
  RankingKind,
  Trade,
} from '../../../contract/market';
import { channels } from '../../../contract/market-socket';
import type { ChannelState, LiveStatus } from './channel';
import { CONNECTING, createChannelsStore } from './channel-store';
import { useStoreInTransition } from './useStoreInTransition';

export interface LiveValue<T> {
  data: T | null;
  status: 'connecting' | 'live' | 'polling' | 'error';
}

/** Nothing to watch (a null symbol): no data, and nothing pending either. */
const IDLE: LiveValue<never> = { data: null, status: 'live' };

/**
 * The forming candle redraws the chart (Highcharts: tens of ms on a slow phone) at most once a
 * second; its OHLC moves slowly enough that a trader loses nothing.
 */
export const CANDLE_RENDER_INTERVAL_MS = 1000;

/**
 * Reads a set of channels; re-renders at most once per LIVE_RENDER_INTERVAL_MS (or the slower
 * `intervalMs`), in a display frame.
 */
function useChannels(
  list: readonly string[],
  intervalMs?: number,
): ReadonlyMap<string, ChannelState> {
  const key = list.join('|');
  // The key stands for the list: a new array with the same channels keeps the same store.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const store = useMemo(() => createChannelsStore(list, intervalMs), [key, intervalMs]);
  return useStoreInTransition(store.subscribe, store.getSnapshot);
}

function useChannel<T>(channel: string | null, intervalMs?: number): LiveValue<T> {
  const states = useChannels(channel === null ? [] : [channel], intervalMs);
  const state = channel === null ? undefined : states.get(channel);
  return useMemo(() => {
    if (channel === null) return IDLE;
    const s = state ?? CONNECTING;
    return { data: s.data as T | null, status: s.status };
  }, [channel, state]);
}

export function useQuote(symbol: string | null): LiveValue<Quote> {
  return useChannel<Quote>(symbol === null ? null : channels.quote(symbol));
}

/**
 * One value derived from a symbol's live quote (`select` gets null until the first quote). The
 * caller re-renders only when the value changes (Object.is), not with every quote: a screen
 * whose frame needs only the previous close or "has a quote arrived" leaves the ticks to the
 * parts that show them.
 */
export function useQuoteValue<T>(symbol: string | null, select: (quote: Quote | null) => T): T {
  const channel = symbol === null ? null : channels.quote(symbol);
  const store = useMemo(() => createChannelsStore(channel === null ? [] : [channel]), [channel]);
  const read = () =>
    select(channel === null ? null : ((store.getSnapshot().get(channel)?.data as Quote) ?? null));
  return useStoreInTransition(store.subscribe, read);
}

/** Several quotes with one render per frame; status is the weakest of them. */
export function useQuotes(symbols: readonly string[]): LiveValue<Readonly<Record<string, Quote>>> {
  const key = symbols.join('|');
  // The key stands for the symbols: a new array with the same symbols keeps the same channels.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const list = useMemo(() => symbols.map((s) => channels.quote(s)), [key]);
  const states = useChannels(list);
  return useMemo(() => {
    const data: Record<string, Quote> = {};
    const statuses = new Set<LiveStatus>();
    symbols.forEach((symbol, i) => {
      const s = states.get(list[i] ?? '') ?? CONNECTING;
      statuses.add(s.status);
      if (s.data) data[symbol] = s.data as Quote;
    });
    return { data, status: combinedStatus(statuses) };
  }, [states, list]); // eslint-disable-line react-hooks/exhaustive-deps
}

function combinedStatus(statuses: ReadonlySet<LiveStatus>): LiveStatus {
  if (statuses.size === 0) return 'live';
  if (statuses.has('connecting')) return 'connecting';
  if (statuses.has('polling')) return 'polling';
  if (statuses.has('live')) return 'live';
  return 'error';
}

export function useBook(symbol: string | null, depth: 5 | 10 = 5): LiveValue<OrderBookSnapshot> {
  return useChannel<OrderBookSnapshot>(symbol === null ? null : channels.book(symbol, depth));
}

/** The trade tape, newest first, at most 50. */
export function useTrades(symbol: string | null): LiveValue<readonly Trade[]> {
  return useChannel<readonly Trade[]>(symbol === null ? null : channels.trades(symbol));
}

/** The forming candle of the interval; data is null until a trade falls in the bucket. */
export function useLiveCandle(symbol: string | null, interval: CandleInterval): LiveValue<Candle> {
  return useChannel<Candle>(
    symbol === null ? null : channels.candle(symbol, interval),
    CANDLE_RENDER_INTERVAL_MS,
  );
}

export function useIndices(): LiveValue<readonly IndexQuote[]> {
  return useChannel<readonly IndexQuote[]>(channels.indices());
}

export function useFxRates(): LiveValue<readonly FxRate[]> {
  return useChannel<readonly FxRate[]>(channels.fx());
}

/** Both markets when `market` is absent. */
export function useRanking(kind: RankingKind, market?: Market): LiveValue<readonly RankingEntry[]> {
  return useChannel<readonly RankingEntry[]>(channels.ranking(kind, market));
}

export function useMarketSession(): LiveValue<FeedSessionState> {
  return useChannel<FeedSessionState>(channels.session());
}
