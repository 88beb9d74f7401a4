/**
 * The Redis side of scale-out: the socket.io Redis adapter (every process fans out to its own
 * clients what any process broadcasts) and the feed lease (one publisher at a time).
 */
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Server } from 'socket.io';
import type { PresenceRedis } from '../modules/support/presence';
import type { FeedLease } from './feed-lease';
import { DEFAULT_LEASE, startFeedLease } from './feed-lease';
import type { RealtimeSettings } from './realtime-settings';

export interface Cluster {
  lease: FeedLease;
  /** The adapter's publishing client, for shared state (the agents' presence). */
  redis: PresenceRedis;
  close(): Promise<void>;
}

export async function joinCluster(
  io: Server,
  settings: RealtimeSettings & { redisUrl: string },
  onLeaseChange: (holder: boolean) => void,
): Promise<Cluster> {
  const pub = createClient({ url: settings.redisUrl });
  const sub = pub.duplicate();
  // A client without an error listener crashes the process on a dropped connection; node-redis
  // reconnects by itself, and the lease handles the gap.
  pub.on('error', () => undefined);
  sub.on('error', () => undefined);
  await Promise.all([pub.connect(), sub.connect()]);
  io.adapter(
    createAdapter(pub, sub, { key: `${settings.redisPrefix}:socket.io`, requestsTimeout: 2_000 }),
  );
  const lease = startFeedLease(
    pub,
    { key: `${settings.redisPrefix}:feed-lease`, ...DEFAULT_LEASE },
    onLeaseChange,
  );
  return {
    lease,
    redis: pub,
    async close() {
      // The subscriber first: once it is gone no request from another process can arrive, so the
      // adapter never answers one on a closed publisher (an unhandled rejection that would end the
      // process while it shuts down).
      await Promise.allSettled([sub.quit()]);
      await lease.stop();
      await Promise.allSettled([pub.quit()]);
    },
  };
}
