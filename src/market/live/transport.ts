/**
 * How the live layer reaches the server: one socket.io connection to `/market`, opened lazily
 * (when the first live hook mounts), with one frame listener that parses each frame once and hands
 * it to the channel that asked for it; and the snapshot call for the polling fallback. Tests swap
 * both out with `configureMarketTransport`.
 */
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { MarketFrame } from '../../../contract/market-socket';
import { MARKET_EVENTS, MARKET_NAMESPACE } from '../../../contract/market-socket';

/** The part of a socket.io-client Socket the live layer uses (a fake in tests). */
export type MarketSocket = Pick<Socket, 'connected' | 'on' | 'off' | 'once' | 'emit' | 'connect'>;

export interface MarketTransportOptions {
  /** Opens the socket; called once, on first use. */
  connect: () => MarketSocket;
  /** The snapshot frame of a channel over HTTP (the fallback while the socket cannot connect). */
  fetchSnapshot: (channel: string) => Promise<MarketFrame>;
  /** How long the socket has to deliver a channel's first frame before polling takes over. */
  connectTimeoutMs: number;
  pollEveryMs: number;
  /** How long a channel stays subscribed after its last view leaves (a tab switch). */
  graceMs: number;
}

type FrameListener = (frame: MarketFrame) => void;

export interface MarketConnection {
  socket: MarketSocket;
  /** Receives the frames of one channel; returns the function that stops it. */
  listen(channel: string, listener: FrameListener): () => void;
}

const defaultOptions = (): MarketTransportOptions => ({
  connect: () =>
    // WebSocket only: a network that blocks it gets the HTTP polling fallback of this layer,
    // which polls snapshots per channel instead of keeping an engine.io long-poll open.
    io(MARKET_NAMESPACE, { transports: ['websocket'], reconnectionDelayMax: 10_000 }),
  fetchSnapshot: async (channel) => {
    // Imported on demand so a screen that never falls back does not wait for the API module.
    const { call } = await import('../../api');
    return (await call('marketSnapshot', { channel }, { silent: true })) as MarketFrame;
  },
  connectTimeoutMs: 5_000,
  pollEveryMs: 3_000,
  graceMs: 5_000,
});

let options: MarketTransportOptions = defaultOptions();
let connection: MarketConnection | null = null;

export function transportOptions(): MarketTransportOptions {
  return options;
}

/** Replaces parts of the transport (tests, or a page that must not connect). Drops the socket. */
export function configureMarketTransport(overrides: Partial<MarketTransportOptions>): void {
  options = { ...defaultOptions(), ...overrides };
  connection = null;
}

/** Whether the connection has been opened (by `marketConnection`). */
export function hasMarketConnection(): boolean {
  return connection !== null;
}

/** The one connection, opened on first call. */
export function marketConnection(): MarketConnection {
  if (connection) return connection;
  const socket = options.connect();
  const listeners = new Map<string, Set<FrameListener>>();
  socket.on(MARKET_EVENTS.frame, (raw: unknown) => {
    const frame = parseFrame(raw);
    if (!frame) return;
    for (const listener of listeners.get(frame.channel) ?? []) listener(frame);
  });
  connection = {
    socket,
    listen(channel, listener) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(channel);
      };
    },
  };
  return connection;
}

/** Frames arrive as JSON text (the server encodes each broadcast once); tolerate objects too. */
function parseFrame(raw: unknown): MarketFrame | null {
  try {
    const value: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
    if (typeof value !== 'object' || value === null) return null;
    const f = value as Partial<MarketFrame>;
    return typeof f.channel === 'string' && typeof f.seq === 'number' ? (f as MarketFrame) : null;
  } catch {
    return null;
  }
}
