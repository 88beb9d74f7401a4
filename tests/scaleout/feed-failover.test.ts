import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createClient } from 'redis';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketFrame, SubscribeAck } from '../../contract/market-socket';
import { MARKET_EVENTS, MARKET_NAMESPACE } from '../../contract/market-socket';

/**
 * Scale-out: two server processes on one PostgreSQL database and one Redis. The process that
 * starts first holds the feed lease and publishes; a client connected to the other one still gets
 * its frames (Redis adapter). When the publisher dies, the survivor takes the lease over and the
 * client keeps receiving.
 */

const missing = ['REDIS_URL', 'DATABASE_URL'].filter((name) => !process.env[name]);
const suite = missing.length > 0 ? describe.skip : describe;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHANNEL = 'quote:005930';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

suite(
  missing.length > 0
    ? `scale-out (skipped: ${missing.join(' and ')} not set)`
    : 'scale-out: two processes, one feed publisher',
  () => {
    const id = randomBytes(5).toString('hex');
    const database = `maru_scale_${id}`;
    const prefix = `maru-test-${id}`;
    const processes: ChildProcess[] = [];
    const sockets: Socket[] = [];
    let databaseUrl = '';

    const startServer = async (): Promise<{ child: ChildProcess; port: number }> => {
      const port = await freePort();
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          MARU_REDIS_PREFIX: prefix,
          MARU_MARKET_SPEED: '20',
          MARU_MARKET_DEMO: '1',
          LOG_LEVEL: 'error',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
      processes.push(child);
      await until(
        async () => {
          if (child.exitCode !== null || child.signalCode !== null)
            throw new Error(`server exited:\n${output}`);
          return fetch(`http://127.0.0.1:${port}/api/health`).then(
            (r) => r.ok,
            () => false,
          );
        },
        20_000,
        'the server to answer /api/health',
      );
      return { child, port };
    };

    beforeAll(async () => {
      await admin((c) => c.query(`create database ${database}`));
      const url = new URL(process.env.DATABASE_URL as string);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
    });

    afterAll(async () => {
      for (const s of sockets) s.disconnect();
      // A process killed by a signal keeps exitCode null: check signalCode too.
      const running = processes.filter((c) => c.exitCode === null && c.signalCode === null);
      await Promise.all(
        running.map((child) => {
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGKILL');
          return exited;
        }),
      );
      await admin((c) => c.query(`drop database if exists ${database} with (force)`));
      const redis = createClient({ url: process.env.REDIS_URL });
      await redis.connect();
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(keys);
      await redis.quit();
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
    }, 45_000);
  },
);
