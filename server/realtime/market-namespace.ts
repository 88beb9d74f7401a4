/**
 * The `/market` namespace's messages: subscribe (join the channel's room, answer with its
 * snapshot), unsubscribe (leave it) and snapshot (a resync, the room unchanged). Each connection
 * holds at most MAX_SUBSCRIPTIONS_PER_CONNECTION channels; refusals are coded in the ack.
 */
import type { Namespace, Socket } from 'socket.io';
import type {
  ChannelRequest,
  SnapshotFrame,
  SubscribeAck,
  UnsubscribeAck,
} from '../../contract/market-socket';
import {
  MARKET_EVENTS,
  MAX_SUBSCRIPTIONS_PER_CONNECTION,
  parseChannel,
} from '../../contract/market-socket';

/** The snapshot frame of a channel, or null when the channel does not exist. */
export type SnapshotProvider = (channel: string) => Promise<SnapshotFrame | null>;

const UNKNOWN: SubscribeAck = { ok: false, code: 'realtime.unknown_channel', params: {} };
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

export function handleMarketNamespace(
  nsp: Namespace,
  snapshot: SnapshotProvider,
  maxSubscriptions: number = MAX_SUBSCRIPTIONS_PER_CONNECTION,
): void {
  nsp.on('connection', (socket) => {
    const answerSnapshot = async (channel: string, ack: Ack<SubscribeAck>, join: boolean) => {
      // Join before reading the snapshot, so no update sent after it can miss this socket.
      if (join) void socket.join(channel);
      const frame = await snapshot(channel).catch(() => null);
      if (frame) return ack({ ok: true, frame });
      if (join) void socket.leave(channel);
      ack(UNKNOWN);
    };

    socket.on(MARKET_EVENTS.subscribe, (request: unknown, ack: unknown) => {
      if (!isAck<SubscribeAck>(ack)) return;
      const channel = channelOf(request);
      if (!channel) return ack(UNKNOWN);
      const already = socket.rooms.has(channel);
      if (!already && subscriptionCount(socket) >= maxSubscriptions) {
        return ack(tooMany(maxSubscriptions));
      }
      void answerSnapshot(channel, ack, !already);
    });

    socket.on(MARKET_EVENTS.snapshot, (request: unknown, ack: unknown) => {
      if (!isAck<SubscribeAck>(ack)) return;
      const channel = channelOf(request);
      if (!channel) return ack(UNKNOWN);
      void answerSnapshot(channel, ack, false);
    });

    socket.on(MARKET_EVENTS.unsubscribe, (request: unknown, ack: unknown) => {
      const channel = channelOf(request);
      if (channel) void socket.leave(channel);
      if (isAck<UnsubscribeAck>(ack)) ack(channel ? { ok: true } : UNKNOWN);
    });
  });
}
