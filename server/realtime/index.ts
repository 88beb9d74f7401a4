/**
 * The realtime layer: socket.io on the app's HTTP server, namespace `/market` with a room per
 * channel, the publisher that turns the feed into frames, namespace `/account` with a room per
 * signed-in customer (live balances and fund orders), and (with REDIS_URL) the Redis adapter
 * plus the feed lease. Also registers POST /market/snapshot, the polling fallback's call.
 * Stops on app.close(). See docs/realtime.md.
 */
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { SnapshotFrame } from '../../contract/market-socket';
import { MARKET_EVENTS, MARKET_NAMESPACE, parseChannel } from '../../contract/market-socket';
import { ACCOUNT_NAMESPACE } from '../../contract/account-socket';
import { SUPPORT_NAMESPACE } from '../../contract/support-socket';
import { handleSupportNamespace } from './support-namespace';
import { redisPresence } from '../modules/support/presence';
import { FUND_ORDER_SERVICES } from '../modules/money/fund-order-services';
import { orderPushOf } from '../modules/trade/order-push';
import type { AccountNamespace } from './account-namespace';
import { handleAccountNamespace } from './account-namespace';
import { startAccountPushes } from './account-pushes';
import { ChannelPublisher } from './channel-publisher';
import { channelSource } from './channel-source';
import type { Cluster } from './cluster';
import { joinCluster } from './cluster';
import type { Connection } from './connection-guards';
import { addressCap, watchSendBuffer } from './connection-guards';
import { DeferredWork } from './deferred-work';
import type { SnapshotProvider } from './market-namespace';
import { handleMarketNamespace } from './market-namespace';
import { batchWrites } from './write-batching';
import type { RealtimeSettings } from './realtime-settings';
import { realtimeSettings } from './realtime-settings';
import { registerSnapshotCall } from './snapshot-call';
import '../app-context';

/** How often the publisher drops channels nobody watches and picks up ones it missed. */
const SWEEP_MS = 2_000;
/** Most time one turn of the loop spends on socket requests (subscribe, resync, unsubscribe). */
const REQUEST_BUDGET_MS = 8;
/**
 * Largest message a client may send (socket.io's default is 1 MB of JSON to parse): a request is
 * `{channel}` of at most 40 characters, and a long-polling client may batch a few hundred.
 */
const MAX_MESSAGE_BYTES = 64 * 1024;
/** How long a non-holder waits for the holder's snapshot before answering from its own feed. */
const FORWARD_TIMEOUT_MS = 1_500;
const SNAPSHOT_REQUEST = 'maru:snapshot';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

interface ForwardedSnapshot {
  holder: boolean;
  frame: SnapshotFrame | null;
}

export interface Realtime {
  io: Server;
  publisher: ChannelPublisher;
  /** True when this process publishes the feed (always, without Redis). */
  isPublisher(): boolean;
  /**
   * The snapshot frame as a subscriber would get it: from the publisher's cache at once, or
   * forwarded to the holder when this process does not publish.
   */
  snapshot: SnapshotProvider;
  /** The signed-in customers' `/account` namespace (balances and fund orders, live). */
  account: AccountNamespace;
}

export async function attachRealtime(
  app: FastifyInstance,
  settings: RealtimeSettings = realtimeSettings(app.maru.config.redisUrl),
): Promise<Realtime> {
  const feed = app.maru.feed;
  const limits = app.maru.config.socketLimits;
  const cap = addressCap(limits.maxConnectionsPerAddress);
  const io = new Server(app.server, {
    serveClient: false,
    transports: ['websocket', 'polling'],
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    allowRequest: cap.allowRequest,
    pingInterval: limits.pingIntervalMs,
    pingTimeout: limits.pingTimeoutMs,
  });
  io.engine.on('connection', (conn: Connection) => {
    if (!cap.track(conn)) return;
    watchSendBuffer(conn, limits);
    batchWrites(conn);
  });
  const nsp = io.of(MARKET_NAMESPACE);
  // The frame is a JSON string built once by the publisher; socket.io then encodes the packet
  // once per broadcast, whatever the number of sockets in the room.
  const publisher = new ChannelPublisher(feed, (channel, json) =>
    nsp.to(channel).emit(MARKET_EVENTS.frame, json),
  );

  let cluster: Cluster | null = null;
  const isPublisher = () => cluster === null || cluster.lease.isHolder();

  const watchedChannels = async (): Promise<Set<string>> => {
    // With the Redis adapter allRooms() asks every process; in memory it is the local rooms.
    const adapter = nsp.adapter as typeof nsp.adapter & { allRooms?: () => Promise<Set<string>> };
    const rooms = adapter.allRooms ? await adapter.allRooms() : new Set(adapter.rooms.keys());
    return new Set([...rooms].filter((room) => parseChannel(room) !== null));
  };
  const sweep = async () => {
    if (!isPublisher()) return;
    const watched = await watchedChannels().catch(() => null);
    if (!watched || !isPublisher()) return;
    publisher.retain(watched);
    for (const channel of watched) publisher.watch(channel);
  };

  /** A snapshot from this process's own feed, at seq 0: any later update then reads as a gap. */
  const ownSnapshot = (channel: string): SnapshotFrame | null => {
    const spec = parseChannel(channel);
    const source = spec ? channelSource(feed, spec) : null;
    return source
      ? ({ channel, kind: 'snapshot', seq: 0, data: source.snapshot() } as SnapshotFrame)
      : null;
  };

  const forwardedSnapshot = async (channel: string): Promise<SnapshotFrame | null> => {
    // The holder numbers the frames, so the snapshot must come from it to line up with them.
    try {
      const replies = (await withTimeout(
        nsp.serverSideEmitWithAck(SNAPSHOT_REQUEST, channel),
        FORWARD_TIMEOUT_MS,
      )) as ForwardedSnapshot[];
      const fromHolder = replies.find((r) => r?.holder);
      if (fromHolder) return fromHolder.frame;
    } catch {
      // No holder answered in time (a takeover is under way): fall through.
    }
    return ownSnapshot(channel);
  };
  const snapshot: SnapshotProvider = (channel) =>
    isPublisher() ? publisher.snapshotFrame(channel) : forwardedSnapshot(channel);

  nsp.on(SNAPSHOT_REQUEST, (channel: unknown, ack: (reply: ForwardedSnapshot) => void) => {
    const holder = isPublisher() && typeof channel === 'string';
    ack({ holder, frame: holder ? publisher.snapshotFrame(channel) : null });
  });

  if (settings.redisUrl) {
    cluster = await joinCluster(io, { ...settings, redisUrl: settings.redisUrl }, (holder) => {
      if (holder) void sweep();
      else publisher.close();
    });
    // Every process counts the same agents present (docs/support.md).
    app.maru.supportPresence.use(
      redisPresence(cluster.redis, `${settings.redisPrefix}:support:presence`),
    );
  } else {
    // One process: a room that empties stops its channel at once.
    nsp.adapter.on('delete-room', (room: string) => publisher.deactivate(room));
  }
  const sweeper = setInterval(() => void sweep(), SWEEP_MS);
  sweeper.unref();

  handleMarketNamespace(
    nsp,
    snapshot,
    limits,
    new DeferredWork(REQUEST_BUDGET_MS, (error) =>
      app.log.warn({ err: error }, 'market socket request failed'),
    ),
  );
  registerSnapshotCall(app, snapshot);

  // `/account`: each customer's own room, fed after every commit that touches them.
  const accountNsp = io.of(ACCOUNT_NAMESPACE);
  const account = handleAccountNamespace(accountNsp, app.maru.db, limits, (error) =>
    app.log.warn({ err: error }, 'account socket check failed'),
  );
  const stopPushes = startAccountPushes({
    db: app.maru.db,
    emit: (room, event, payload) => accountNsp.to(room).emit(event, payload),
    // Without Redis the rooms are all here; with it another process may hold the customer's.
    mayListen: (room) => cluster !== null || accountNsp.adapter.rooms.has(room),
    fundOrders: FUND_ORDER_SERVICES,
    recheckCustomer: (customerId) => account.recheckCustomer(customerId),
    orderPush: (id) => orderPushOf(app.maru.db, app.maru.feed, id),
    now: () => app.maru.clock.now(),
    onError: (error) => app.log.warn({ err: error }, 'account push failed'),
  });

  // `/support`: the customer-service chat (docs/support.md).
  const supportNsp = io.of(SUPPORT_NAMESPACE);
  const support = handleSupportNamespace(
    supportNsp,
    app.maru.db,
    app.maru.supportPresence,
    limits,
    (error) => app.log.warn({ err: error }, 'support socket failed'),
  );

  // WebSockets would keep app.server.close() waiting: drop them before Fastify closes it.
  app.addHook('preClose', (done) => {
    clearInterval(sweeper);
    stopPushes();
    account.stop();
    support.stop();
    supportNsp.local.disconnectSockets(true);
    io.local.disconnectSockets(true);
    accountNsp.local.disconnectSockets(true);
    done();
  });
  app.addHook('onClose', async () => {
    publisher.close();
    await cluster?.close();
    // Also tries to close app.server, which Fastify has closed already: that error is ignored.
    await io.close();
  });

  return { io, publisher, isPublisher, snapshot, account };
}
