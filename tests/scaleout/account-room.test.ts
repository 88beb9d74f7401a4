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
import type { AccountSocketError } from '../../contract/account-socket';
import { ACCOUNT_EVENTS, ACCOUNT_NAMESPACE } from '../../contract/account-socket';

/**
 * Scale-out of the `/account` room: two server processes on one PostgreSQL database and one
 * Redis. A customer's socket is on one process; the customer logs out through the other. The
 * committing process finds the socket through the Redis adapter (fetchSockets), checks its
 * session and closes it with the reason, across processes.
 */

const missing = ['REDIS_URL', 'DATABASE_URL'].filter((name) => !process.env[name]);
const suite = missing.length > 0 ? describe.skip : describe;
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

interface Session {
  token: string;
  account: string;
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
    ? `scale-out /account (skipped: ${missing.join(' and ')} not set)`
    : 'scale-out: the /account room across two processes',
  () => {
    const id = randomBytes(5).toString('hex');
    const database = `maru_acct_${id}`;
    const prefix = `maru-test-${id}`;
    const code = 'LIVE' + id.slice(0, 2).toUpperCase();
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
          MARU_DEMO_CODE: code,
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
        // Slow on a busy machine: tsx compiles the server first.
        90_000,
        'the server to answer /api/health',
      );
      return { child, port };
    };

    const post = async (port: number, path: string, body: unknown, session?: Session) => {
      const response = await fetch(`http://127.0.0.1:${port}/api/vue${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(session ? { token: session.token, account: session.account } : {}),
        },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { status: number; data: unknown };
    };

    beforeAll(async () => {
      await admin((c) => c.query(`create database ${database}`));
      const url = new URL(process.env.DATABASE_URL as string);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
    });

    afterAll(async () => {
      for (const s of sockets) s.disconnect();
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

    it('closes a socket on one process when its session ends on the other', async () => {
      const [first, second] = await Promise.all([startServer(), startServer()]);
      const account = `live${id}`;
      const registered = await post(first.port, '/user/register', {
        account,
        password: 'blue-harbour-42',
        confirmPassword: 'blue-harbour-42',
        code,
        agree: true,
      });
      expect(registered.status).toBe(1);
      const session = registered.data as Session;

      const socket = io(`http://127.0.0.1:${second.port}${ACCOUNT_NAMESPACE}`, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token: session.token, account: session.account },
      });
      sockets.push(socket);
      const errors: AccountSocketError[] = [];
      let reason: string | null = null;
      socket.on(ACCOUNT_EVENTS.error, (e: AccountSocketError) => errors.push(e));
      socket.on('disconnect', (r) => (reason = r));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });

      expect((await post(first.port, '/user/logout', {}, session)).status).toBe(1);
      await until(() => reason !== null, 10_000, 'the socket on the other process to close');
      expect(errors).toEqual([{ code: 'auth.required', params: {} }]);
      expect(reason).toBe('io server disconnect');
    }, 240_000);
  },
);
