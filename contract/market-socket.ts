/**
 * The wire protocol of the socket.io namespace `/market` (and of the snapshot call that the
 * client's polling fallback uses). Pure types and string parsing, shared by server and client so
 * both sides agree on what a channel name means.
 *
 * A channel is a string key. Each channel has one room on the server; a client subscribes by
 * message, gets a snapshot frame, then update frames with consecutive `seq`. A seq that is not
 * exactly one past the last one means frames were lost: the client asks for a new snapshot.
 */
import type { ErrorCode, ErrorParams } from './errors';
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
} from './market';
import { CANDLE_INTERVALS } from './market';

export const MARKET_NAMESPACE = '/market';

/** Event names on the namespace; short because every frame carries one. */
export const MARKET_EVENTS = {
  /** client → server: {@link ChannelRequest}, ack {@link SubscribeAck} (carries the snapshot). */
  subscribe: 'sub',
  /** client → server: {@link ChannelRequest}, ack {@link UnsubscribeAck}. */
  unsubscribe: 'unsub',
  /** client → server: {@link ChannelRequest}, ack {@link SubscribeAck}; a resync, room unchanged. */
  snapshot: 'snap',
  /** server → client: a {@link MarketFrame} as a JSON string, encoded once per broadcast. */
  frame: 'f',
  /**
   * server → client: a {@link MarketError}, for a refusal no ack can carry (a message sent
   * without one, or the last word before the server disconnects a client that kept on).
   */
  error: 'e',
} as const;

/** How many channels one connection may hold at once; one more is refused in the ack. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 200;
/** The trade tape a `trades:` channel keeps (snapshot size, and the client's display bound). */
export const TRADE_TAPE_LENGTH = 50;
/** How many entries a ranking channel carries. */
export const RANKING_CHANNEL_LIMIT = 30;
export type BookChannelDepth = 5 | 10;

const RANKING_KINDS: readonly RankingKind[] = [
  'gainers',
  'losers',
  'volume',
  'turnover',
  'market-cap',
];

/** A channel name, parsed. `market` absent on a ranking means both markets. */
export type ChannelSpec =
  | { readonly type: 'quote'; readonly code: string }
  | { readonly type: 'book'; readonly code: string; readonly depth: BookChannelDepth }
  | { readonly type: 'trades'; readonly code: string }
  | { readonly type: 'candle'; readonly code: string; readonly interval: CandleInterval }
  | { readonly type: 'indices' }
  | { readonly type: 'fx' }
  | { readonly type: 'ranking'; readonly kind: RankingKind; readonly market?: Market }
  | { readonly type: 'session' };

export type ChannelType = ChannelSpec['type'];

/** Snapshot and update payloads per channel type. Updates replace the state, except trades. */
export interface ChannelPayloads {
  quote: { snapshot: Quote; update: Quote };
  book: { snapshot: OrderBookSnapshot; update: OrderBookSnapshot };
  /** Snapshot: the tape, newest first. Update: the trades since the last frame, newest first. */
  trades: { snapshot: readonly Trade[]; update: readonly Trade[] };
  /** The forming candle; null before the first trade in the current bucket. */
  candle: { snapshot: Candle | null; update: Candle };
  indices: { snapshot: readonly IndexQuote[]; update: readonly IndexQuote[] };
  fx: { snapshot: readonly FxRate[]; update: readonly FxRate[] };
  ranking: { snapshot: readonly RankingEntry[]; update: readonly RankingEntry[] };
  session: { snapshot: FeedSessionState; update: FeedSessionState };
}

export type MarketFrame<T extends ChannelType = ChannelType> = {
  [K in T]:
    | { channel: string; kind: 'snapshot'; seq: number; data: ChannelPayloads[K]['snapshot'] }
    | { channel: string; kind: 'update'; seq: number; data: ChannelPayloads[K]['update'] };
}[T];

/** The first frame of a subscription (and what a resync or the snapshot call answers). */
export type SnapshotFrame = Extract<MarketFrame, { kind: 'snapshot' }>;

export interface ChannelRequest {
  channel: string;
}

export type SubscribeAck =
  { ok: true; frame: SnapshotFrame } | { ok: false; code: ErrorCode; params: ErrorParams };

export type UnsubscribeAck = { ok: true } | { ok: false; code: ErrorCode; params: ErrorParams };

/** The payload of the error event: `request.too_often` when a connection asks faster than allowed. */
export interface MarketError {
  code: ErrorCode;
  params: ErrorParams;
}

const CODE = /^[0-9A-Z]{6}$/;
const MARKETS: readonly Market[] = ['KOSPI', 'KOSDAQ'];

/**
 * Parses a channel name, or null when it is not one. It checks only the shape: whether the symbol
 * exists is the server's question.
 */
export function parseChannel(channel: unknown): ChannelSpec | null {
  if (typeof channel !== 'string' || channel.length > 40) return null;
  const parts = channel.split(':');
  const [type, a, b] = parts;
  switch (type) {
    case 'quote':
    case 'trades':
      return parts.length === 2 && CODE.test(a ?? '') ? { type, code: a as string } : null;
    case 'book':
      return parts.length === 3 && CODE.test(a ?? '') && (b === '5' || b === '10')
        ? { type, code: a as string, depth: b === '5' ? 5 : 10 }
        : null;
    case 'candle': {
      const interval = CANDLE_INTERVALS.find((i) => i === b);
      return parts.length === 3 && CODE.test(a ?? '') && interval
        ? { type, code: a as string, interval }
        : null;
    }
    case 'indices':
    case 'fx':
    case 'session':
      return parts.length === 1 ? { type } : null;
    case 'ranking': {
      const kind = RANKING_KINDS.find((k) => k === a);
      if (!kind || parts.length > 3) return null;
      if (parts.length === 2) return { type, kind };
      const market = MARKETS.find((m) => m === b);
      return market ? { type, kind, market } : null;
    }
    default:
      return null;
  }
}

/** The channel name of a spec; `parseChannel(channelName(s))` gives `s` back. */
export function channelName(spec: ChannelSpec): string {
  switch (spec.type) {
    case 'quote':
    case 'trades':
      return `${spec.type}:${spec.code}`;
    case 'book':
      return `book:${spec.code}:${spec.depth}`;
    case 'candle':
      return `candle:${spec.code}:${spec.interval}`;
    case 'ranking':
      return spec.market ? `ranking:${spec.kind}:${spec.market}` : `ranking:${spec.kind}`;
    default:
      return spec.type;
  }
}

export const channels = {
  quote: (code: string) => `quote:${code}`,
  book: (code: string, depth: BookChannelDepth = 5) => `book:${code}:${depth}`,
  trades: (code: string) => `trades:${code}`,
  candle: (code: string, interval: CandleInterval) => `candle:${code}:${interval}`,
  indices: () => 'indices',
  fx: () => 'fx',
  ranking: (kind: RankingKind, market?: Market) =>
    market ? `ranking:${kind}:${market}` : `ranking:${kind}`,
  session: () => 'session',
} as const;
