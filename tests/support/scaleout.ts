import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createClient } from 'redis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe } from 'vitest';

/**
 * Support for the scale-out tests: real server processes on one PostgreSQL database and one Redis.
 * Each suite gets its own database and Redis key prefix, both removed afterwards.
 */

/** The variables the scale-out tests need and that are not set; the suites skip without them. */
export const scaleOutMissing = ['REDIS_URL', 'DATABASE_URL'].filter((name) => !process.env[name]);
export const scaleOutSuite = scaleOutMissing.length > 0 ? describe.skip : describe;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

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

/** Waits until `check` holds, polling every 50 ms; throws naming `what` after `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

export interface ScaleOutServer {
  child: ChildProcess;
  port: number;
}

export interface ScaleOutCluster {
  /** Random per suite: names the database and the Redis prefix. */
  id: string;
  /** The Redis key prefix every process of the suite shares. */
  prefix: string;
  /** Sockets the test opened; disconnected after the suite. */
  sockets: Socket[];
  /** Starts one more server process and waits until it answers /api/health. */
  startServer: () => Promise<ScaleOutServer>;
  /** The suite's database, to set up what no call makes (staff accounts). */
  databaseUrl: () => string;
}

/**
 * Called inside a describe: creates the suite's database before it and, after it, disconnects
 * its sockets, kills its processes and drops its database and Redis keys.
 */
export function useScaleOutCluster(options: {
  /** The database's name before the id. */
  databasePrefix: string;
  /** Environment for every process beyond the shared one. */
  env: (id: string) => Record<string, string>;
  /** How long a process may take to answer /api/health. */
  startTimeoutMs: number;
}): ScaleOutCluster {
  const id = randomBytes(5).toString('hex');
  const database = `${options.databasePrefix}${id}`;
  const prefix = `maru-test-${id}`;
  const processes: ChildProcess[] = [];
  const sockets: Socket[] = [];
  let databaseUrl = '';

  const startServer = async (): Promise<ScaleOutServer> => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        MARU_REDIS_PREFIX: prefix,
        ...options.env(id),
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
      options.startTimeoutMs,
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

  return { id, prefix, sockets, startServer, databaseUrl: () => databaseUrl };
}
