import { createClient } from 'redis';
import { io } from 'socket.io-client';
import { expect, it } from 'vitest';
import type { MarketFrame, SubscribeAck } from '../../contract/market-socket';
import { MARKET_EVENTS, MARKET_NAMESPACE } from '../../contract/market-socket';
import { scaleOutMissing, scaleOutSuite, until, useScaleOutCluster } from '../support/scaleout';

/**
 * Scale-out: two server processes on one PostgreSQL database and one Redis. The process that
 * starts first holds the feed lease and publishes; a client connected to the other one still gets
 * its frames (Redis adapter). When the publisher dies, the survivor takes the lease over and the
 * client keeps receiving.
 */

const CHANNEL = 'quote:005930';

scaleOutSuite(
  scaleOutMissing.length > 0
    ? `scale-out (skipped: ${scaleOutMissing.join(' and ')} not set)`
    : 'scale-out: two processes, one feed publisher',
  () => {
    const { prefix, sockets, startServer } = useScaleOutCluster({
      databasePrefix: 'maru_scale_',
      env: () => ({ MARU_MARKET_SPEED: '20', MARU_MARKET_DEMO: '1' }),
      startTimeoutMs: 90_000,
    });

    it('fans the publisher’s frames out through the other process, and fails over', async () => {
      const first = await startServer();
      // The first process has taken the lease before the second starts.
      const redis = createClient({ url: process.env.REDIS_URL });
      await redis.connect();
      await until(async () => (await redis.get(`${prefix}:feed-lease`)) !== null, 5_000, 'lease');
      const firstHolder = await redis.get(`${prefix}:feed-lease`);
      const second = await startServer();

      const socket = io(`http://127.0.0.1:${second.port}${MARKET_NAMESPACE}`, {
        transports: ['websocket'],
      });
      sockets.push(socket);
      const frames: { at: number; frame: MarketFrame }[] = [];
      socket.on(MARKET_EVENTS.frame, (raw: string) => {
        frames.push({ at: Date.now(), frame: JSON.parse(raw) as MarketFrame });
      });
      // Resync as the client library would: a new snapshot after each gap (the takeover).
      let snapshots = 0;
      const ack = (await socket.emitWithAck(MARKET_EVENTS.subscribe, {
        channel: CHANNEL,
      })) as SubscribeAck;
      expect(ack.ok).toBe(true);
      if (ack.ok) snapshots += 1;

      // Frames published by the first process reach a client of the second one.
      await until(() => frames.length >= 3, 8_000, 'frames through the Redis adapter');
      expect(frames.every((f) => f.frame.channel === CHANNEL && f.frame.kind === 'update')).toBe(
        true,
      );
      if (ack.ok) expect(frames[0]?.frame.seq).toBeGreaterThan(ack.frame.seq);

      // The publisher dies without a word; the survivor takes the lease within its TTL.
      first.child.kill('SIGKILL');
      const killedAt = Date.now();
      await until(
        async () => {
          const holder = await redis.get(`${prefix}:feed-lease`);
          return holder !== null && holder !== firstHolder;
        },
        10_000,
        'the survivor to take the lease',
      );
      await until(() => frames.some((f) => f.at > killedAt + 200), 10_000, 'frames after failover');
      const resync = (await socket.emitWithAck(MARKET_EVENTS.snapshot, {
        channel: CHANNEL,
      })) as SubscribeAck;
      expect(resync.ok).toBe(true);
      if (resync.ok) snapshots += 1;
      const after = frames.filter((f) => f.at > Date.now());
      await until(() => frames.length > after.length + 3, 5_000, 'more frames from the survivor');
      expect(snapshots).toBe(2);
      await redis.quit();
    }, 240_000);
  },
);
