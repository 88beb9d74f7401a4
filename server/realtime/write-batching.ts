import type { Socket as TcpSocket } from 'node:net';
import type { Connection } from './connection-guards';

/** The TCP socket under a WebSocket connection (ws keeps it as `_socket`); null when polling. */
function tcpSocketOf(conn: Connection): TcpSocket | null {
  const ws = (conn.transport as unknown as { socket?: { _socket?: TcpSocket } }).socket;
  return ws?._socket ?? null;
}

/**
 * One system call per batch instead of one per frame. engine.io sends a connection's queued
 * packets together (all that arrived while its previous write was in flight: under load, the
 * frames of every channel a feed step touched); `flush` and `drain` bracket that send, so the TCP
 * socket is corked across it and the frames leave in one writev. Measured in bench/abuse.ts:
 * writev was the largest single cost of fan-out to many subscriptions per connection.
 */
export function batchWrites(conn: Connection): void {
  let corked: TcpSocket | null = null;
  conn.on('flush', () => {
    corked = tcpSocketOf(conn);
    corked?.cork();
  });
  conn.on('drain', () => {
    corked?.uncork();
    corked = null;
  });
}
