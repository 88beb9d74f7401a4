/**
 * The `/market` namespace's messages: subscribe (join the channel's room, answer with its
 * snapshot), unsubscribe (leave it) and snapshot (a resync, the room unchanged). Each connection
 * holds at most MAX_SUBSCRIPTIONS_PER_CONNECTION channels; refusals are coded in the ack.
 *
 * Every message a connection sends, whatever its name, takes a token from its request bucket;
 * without one it is refused (`request.too_often` in the ack, or an error event when it asked for
 * none). Refusals take from a second bucket: a connection that keeps sending once refused is sent
 * an error event and disconnected. Admitted messages are handled in `work` (DeferredWork), a few
 * milliseconds per turn of the loop, in the order they came.
 */
import type { Namespace, Socket } from 'socket.io';
import type {
  ChannelRequest,
  MarketError,
  SnapshotFrame,
  SubscribeAck,
  UnsubscribeAck,
} from '../../contract/market-socket';
import {
  MARKET_EVENTS,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  parseChannel,
} from '../../contract/market-socket';
import type { SocketLimits } from '../config';
import { dropConnection } from './connection-guards';
import type { DeferredWork } from './deferred-work';
import { TokenBucket } from './token-bucket';

/**
 * The snapshot frame of a channel, or null when the channel does not exist: at once from the
 * publisher's cache, or later when forwarded to the publishing process.
 */
export type SnapshotProvider = (
  channel: string,
) => SnapshotFrame | null | Promise<SnapshotFrame | null>;

export type RequestLimits = Pick<
  SocketLimits,
  'requestBurst' | 'requestsPerSecond' | 'refusalBurst' | 'refusalsPerSecond'
>;

const UNKNOWN: SubscribeAck = { ok: false, code: 'realtime.unknown_channel', params: {} };
const TOO_OFTEN: SubscribeAck & MarketError = {
  ok: false,
  code: 'request.too_often',
  params: {},
};
const tooMany = (max: number): SubscribeAck => ({
  ok: false,
  code: 'realtime.too_many_subscriptions',
  params: { max },
});

function channelOf(request: unknown): string | null {
  const channel = (request as Partial<ChannelRequest> | null)?.channel;
  return parseChannel(channel) ? (channel as string) : null;
}

/** Every socket is in its own room (its id) besides the channels it subscribed. */
const subscriptionCount = (socket: Socket) => socket.rooms.size - 1;

type Ack<T> = (answer: T) => void;
const isAck = <T>(value: unknown): value is Ack<T> => typeof value === 'function';

/**
 * The request limit of one connection, as socket.io middleware (it sees every incoming event
 * before any listener does).
 */
export function limitRequests(socket: Socket, limits: RequestLimits): void {
  const requests = new TokenBucket(limits.requestBurst, limits.requestsPerSecond);
  const refusals = new TokenBucket(limits.refusalBurst, limits.refusalsPerSecond);
  let closing = false;
  socket.use((packet, next) => {
    if (closing) return;
    if (requests.take()) return next();
    const { code, params } = TOO_OFTEN;
    if (!refusals.take()) {
      closing = true;
      socket.emit(MARKET_EVENTS.error, { code, params } satisfies MarketError);
      const conn = socket.conn;
      socket.disconnect(true);
      // Cut it on the next turn rather than wait for the close to flush: a flooding client's
      // unread messages are never read, and one that stopped reading cannot hold it open.
      setImmediate(() => {
        if (conn.readyState !== 'closed') dropConnection(conn);
      });
      return;
    }
    const ack: unknown = packet.at(-1);
    if (isAck<SubscribeAck>(ack)) ack(TOO_OFTEN);
    else socket.emit(MARKET_EVENTS.error, { code, params } satisfies MarketError);
  });
}

export function handleMarketNamespace(
  nsp: Namespace,
  snapshot: SnapshotProvider,
  limits: RequestLimits,
  work: DeferredWork,
  maxSubscriptions: number = MAX_SUBSCRIPTIONS_PER_CONNECTION,
): void {
  nsp.on('connection', (socket) => {
    limitRequests(socket, limits);

    /** Handles a message later, in `work`; not at all once the socket has gone. */
    const handle =
      (handler: (request: unknown, ack: unknown) => void) => (request: unknown, ack: unknown) =>
        work.defer(() => {
          if (socket.connected) handler(request, ack);
        });

    const answerSnapshot = (channel: string, ack: Ack<SubscribeAck>, join: boolean) => {
      // Join before reading the snapshot, so no update sent after it can miss this socket.
      if (join) void socket.join(channel);
      const answer = (frame: SnapshotFrame | null) => {
        if (frame) return ack({ ok: true, frame });
        if (join) void socket.leave(channel);
        ack(UNKNOWN);
      };
      let frame: ReturnType<SnapshotProvider>;
      try {
        frame = snapshot(channel);
      } catch {
        frame = null;
      }
      // From the cache the answer goes out now, inside this turn's budget.
      if (frame instanceof Promise) void frame.catch(() => null).then(answer);
      else answer(frame);
    };

    const subscribe = (request: unknown, ack: unknown) => {
      if (!isAck<SubscribeAck>(ack)) return;
      const channel = channelOf(request);
      if (!channel) return ack(UNKNOWN);
      const already = socket.rooms.has(channel);
      if (!already && subscriptionCount(socket) >= maxSubscriptions) {
        return ack(tooMany(maxSubscriptions));
      }
      answerSnapshot(channel, ack, !already);
    };

    const resync = (request: unknown, ack: unknown) => {
      if (!isAck<SubscribeAck>(ack)) return;
      const channel = channelOf(request);
      if (!channel) return ack(UNKNOWN);
      answerSnapshot(channel, ack, false);
    };

    const unsubscribe = (request: unknown, ack: unknown) => {
      const channel = channelOf(request);
      if (channel) void socket.leave(channel);
      if (isAck<UnsubscribeAck>(ack)) ack(channel ? { ok: true } : UNKNOWN);
    };

    socket.on(MARKET_EVENTS.subscribe, handle(subscribe));
    socket.on(MARKET_EVENTS.snapshot, handle(resync));
    socket.on(MARKET_EVENTS.unsubscribe, handle(unsubscribe));
  });
}
