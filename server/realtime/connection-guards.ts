/**
 * Guards on the `/market` socket's connections, below socket.io's namespaces: a cap on open
 * connections per source address, and dropping a connection that stopped reading before its
 * unsent frames pile up in memory. See docs/realtime.md.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'socket.io';
import type { SocketLimits } from '../config';

/** engine.io's connection, as socket.io exposes it. */
export type Connection = Socket['conn'];

/**
 * What a connection is counted under: the IPv4 address (an IPv4-mapped IPv6 one unwrapped), or
 * the /64 of an IPv6 address, since one subscriber is usually given a whole /64.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const bare = address.split('%')[0] ?? '';
  const [head = '', tail = ''] = bare.split('::');
  const left = head ? head.split(':') : [];
  const right = bare.includes('::') && tail ? tail.split(':') : [];
  const zeros = bare.includes('::') ? 8 - left.length - right.length : 0;
  const groups = [...left, ...Array<string>(Math.max(0, zeros)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** The raw WebSocket under an engine.io connection, when it has upgraded to one. */
interface RawWebSocket {
  bufferedAmount: number;
  terminate(): void;
}
const webSocketOf = (conn: Connection): RawWebSocket | null => {
  const socket = (conn.transport as unknown as { socket?: Partial<RawWebSocket> }).socket;
  return socket && typeof socket.terminate === 'function' ? (socket as RawWebSocket) : null;
};

/**
 * Closes a connection now, unsent data and all: the WebSocket is terminated (no closing
 * handshake to wait on behind a full buffer), a polling connection discarded. The client sees a
 * dropped transport and reconnects with backoff, resubscribing from fresh snapshots.
 */
export function dropConnection(conn: Connection): void {
  const ws = webSocketOf(conn);
  if (ws) ws.terminate();
  else conn.close(true);
}

/**
 * Checks before every packet is queued that the connection is keeping up: over either bound (bytes
 * the socket holds unsent, packets waiting behind them), it is dropped once the current send is
 * done. A reader on a slow network stays far below them: 1 MiB is seconds of every channel.
 */
export function watchSendBuffer(
  conn: Connection,
  limits: Pick<SocketLimits, 'maxBufferedBytes' | 'maxBufferedPackets'>,
  onDrop: () => void = () => undefined,
): void {
  let dropping = false;
  conn.on('packetCreate', () => {
    if (dropping) return;
    const bytes = webSocketOf(conn)?.bufferedAmount ?? 0;
    const packets = (conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length;
    if (bytes <= limits.maxBufferedBytes && packets < limits.maxBufferedPackets) return;
    dropping = true;
    // Not inside the broadcast that is iterating the room's sockets.
    setImmediate(() => {
      onDrop();
      dropConnection(conn);
    });
  });
}

/**
 * Caps open connections per address (0: no cap). `allowRequest` refuses a handshake at the cap
 * (engine.io answers 403 before any connection exists); `track` counts each opened connection
 * until it closes, and closes one that handshakes raced past the cap.
 */
export interface AddressCap {
  allowRequest: (
    request: IncomingMessage,
    callback: (error: string | null | undefined, success: boolean) => void,
  ) => void;
  /** Counts the connection until it closes; false when it was over the cap (and is closed). */
  track: (conn: Connection) => boolean;
  openFrom: (address: string) => number;
}

export function addressCap(max: number): AddressCap {
  const open = new Map<string, number>();
  return {
    allowRequest: (request, callback) => {
      const count = open.get(addressKey(request.socket.remoteAddress)) ?? 0;
      if (max === 0 || count < max) callback(null, true);
      else callback('too many connections from this address', false);
    },
    track: (conn) => {
      const key = addressKey(conn.remoteAddress);
      const count = (open.get(key) ?? 0) + 1;
      open.set(key, count);
      conn.once('close', () => {
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      });
      if (max > 0 && count > max) {
        conn.close(true);
        return false;
      }
      return true;
    },
    openFrom: (address: string) => open.get(addressKey(address)) ?? 0,
  };
}
