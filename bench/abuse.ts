/**
 * Abuse benchmark: the app started as `npm start` runs it (a child process on a fresh data dir),
 * attacked the ways a hostile user would, while `/api/health` is sampled every 20 ms (and, for
 * the uploads, logins are timed). Each phase reports health p50/p95/max and the server's RSS;
 * the upload phases report login p50/p99 against the idle phase of the same run.
 *   idle        nothing else running (the baseline)
 *   flood       one socket sends 20,000 snapshot requests at once, for a ranking (~2 ms each)
 *   subscribers 300 clients × 100 subscriptions, each from its own address, held 10 s
 *   one-address the same 300 clients from one address (the per-address cap)
 *   stalled     50 clients subscribe then stop reading for 30 s
 *   uploads     8 parallel upload loops, logins timed meanwhile, of a PNG declaring 39.7 MP
 *               (5 KB on the wire) and of one declaring 24 MP (just inside the budget, so it is
 *               decoded); each from 8 addresses (the route's 30 per minute per address applies,
 *               as to 8 attacking machines) and from a new address per request (a botnet: what
 *               each upload costs past the rate limit)
 * The hostile socket clients run in a child process (bench/abuse-clients.ts) at a lower priority:
 * they would be elsewhere, and on these two cores their own parsing would count against the
 * server. Logins come from a new loopback address each (bench/loopback.ts) so the login rate
 * limit does not refuse the measurement; the server's own loop lag and time per health request
 * are read from bench/loop-lag-probe.mjs, preloaded into it.
 */
import { fork, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { parseInstruments } from '../server/market/instruments';
import { loopbackAddress } from './loopback';

export const ABUSE = {
  healthEveryMs: 20,
  idleSeconds: 15,
  floodRequests: 20_000,
  subscribers: 300,
  perClient: 100,
  holdSeconds: 10,
  stalled: 50,
  stallSeconds: 30,
  uploads: 8,
  uploadSeconds: 15,
};

const root = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export interface LatencySummary {
  samples: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

function summary(values: number[]): LatencySummary {
  return {
    samples: values.length,
    p50Ms: round(percentile(values, 50)),
    p95Ms: round(percentile(values, 95)),
    p99Ms: round(percentile(values, 99)),
    maxMs: round(values.length ? Math.max(...values) : 0),
  };
}

export interface AbusePhase {
  phase: string;
  health: LatencySummary;
  /** How late the server's own 20 ms timer fired: its event loop, without the bench's share. */
  loopLag: LatencySummary;
  /** The server's own time for each /api/health, request event to response end. */
  healthServed: LatencySummary;
  /** How late the bench's sampling timer fired (the machine's load on the measuring side). */
  samplerLag: LatencySummary;
  login?: LatencySummary;
  rssMb: { start: number; max: number; end: number };
  detail: Record<string, unknown>;
}

interface Server {
  base: string;
  pid: number;
  /** Timer lags inside the server (bench/loop-lag-probe.mjs) noted between two epoch times. */
  loopLags(from: number, to: number): number[];
  /** The server's own time for each /api/health between two epoch times. */
  healthServed(from: number, to: number): number[];
  stop(): Promise<void>;
}

async function startServer(): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'maru-abuse-'));
  // ABUSE_SERVER_ARGS: extra node flags for the server, e.g. --cpu-prof to see where time goes.
  const nodeArgs = [
    '--import',
    join(root, 'bench', 'loop-lag-probe.mjs'),
    ...(process.env.ABUSE_SERVER_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: '0',
      HOST: '127.0.0.1',
      MARU_DATA_DIR: dataDir,
      MARU_DEMO_CODE: 'ABUSE1',
      MARU_SKIP_BUILD: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const lags: [number, number][] = [];
  const served: [number, number][] = [];
  let partial = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('LOOPLAG ')) {
        lags.push(...(JSON.parse(line.slice(8)) as [number, number][]));
      } else if (line.startsWith('HEALTHSERVED ')) {
        served.push(...(JSON.parse(line.slice(13)) as [number, number][]));
      } else output += `${line}\n`;
    }
  });
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[\d.:]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', () => reject(new Error(`the app exited:\n${output}`)));
  });
  return {
    base,
    pid: child.pid ?? 0,
    loopLags: (from, to) => lags.filter(([at]) => at >= from && at <= to).map(([, lag]) => lag),
    healthServed: (from, to) => served.filter(([at]) => at >= from && at <= to).map(([, ms]) => ms),
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024, 0);
}

/** GET /api/health every `everyMs`; a request still open when the window closes counts its age. */
function healthSampler(base: string, everyMs: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let samples: number[] = [];
  let ownLags: number[] = [];
  let expected = performance.now() + everyMs;
  const open = new Set<{ startedAt: number }>();
  const timer = setInterval(() => {
    const now = performance.now();
    ownLags.push(Math.max(0, now - expected));
    expected = now + everyMs;
    const entry = { startedAt: now };
    open.add(entry);
    const done = () => {
      if (open.delete(entry)) samples.push(performance.now() - entry.startedAt);
    };
    http
      .get(`${base}/api/health`, { agent }, (response) => {
        response.resume();
        response.on('end', done);
      })
      .on('error', done);
  }, everyMs);
  return {
    take(): number[] {
      const now = performance.now();
      const taken = [...samples, ...[...open].map((e) => now - e.startedAt)];
      samples = [];
      ownLags = [];
      return taken;
    },
    /** How late the sampler's own timer fired since the last take: the bench's share of a delay. */
    ownLags: () => ownLags,
    stop() {
      clearInterval(timer);
      agent.destroy();
    },
  };
}

let addressCounter = 1_000;
/** A fresh loopback source address per request: per-address rate limits never engage. */
const nextAddress = () => loopbackAddress(addressCounter++);

function post(
  base: string,
  path: string,
  body: Buffer | string,
  headers: Record<string, string>,
  localAddress: string = nextAddress(),
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${path}`,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-length': String(Buffer.byteLength(body)), ...headers },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const json = { 'content-type': 'application/json' };

async function register(base: string, account: string) {
  const password = 'quiet-river-2048';
  const answer = await post(
    base,
    '/api/vue/user/register',
    JSON.stringify({ account, password, confirmPassword: password, code: 'ABUSE1', agree: true }),
    json,
  );
  const data = (JSON.parse(answer.body) as { data?: { token: string; account: string } }).data;
  if (!data) throw new Error(`register failed: ${answer.body}`);
  return { account, password, token: data.token, accountHeader: data.account };
}

/** Logins, `parallel` at a time, until `until`; each one's latency in ms. */
async function loginLoop(
  base: string,
  credentials: { account: string; password: string },
  until: number,
  parallel = 2,
): Promise<number[]> {
  const latencies: number[] = [];
  const body = JSON.stringify({ account: credentials.account, password: credentials.password });
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (performance.now() < until) {
        const startedAt = performance.now();
        const answer = await post(base, '/api/vue/user/login', body, json);
        if (answer.status !== 200) throw new Error(`login failed: ${answer.body}`);
        latencies.push(performance.now() - startedAt);
        await sleep(30);
      }
    }),
  );
  return latencies;
}

/** `parallel` upload loops until `until`; counts answers by status and code. */
async function uploadLoop(
  base: string,
  sessions: { token: string; accountHeader: string }[],
  image: Buffer,
  until: number,
  /** One address per loop (the route's rate limit applies), or a new one per request. */
  addresses: 'per loop' | 'per request',
): Promise<Record<string, number>> {
  const outcomes: Record<string, number> = {};
  const firstAddress = addressCounter;
  addressCounter += sessions.length;
  await Promise.all(
    sessions.map(async (session, i) => {
      while (performance.now() < until) {
        const address =
          addresses === 'per loop' ? loopbackAddress(firstAddress + i) : nextAddress();
        const answer = await post(
          base,
          '/api/vue/kyc/upload?side=front',
          image,
          {
            'content-type': 'application/octet-stream',
            token: session.token,
            account: session.accountHeader,
          },
          address,
        ).catch((error: Error) => ({ status: 0, body: error.message }));
        const code = /"code":"([^"]+)"/.exec(answer.body)?.[1] ?? 'ok';
        const key = `${answer.status} ${code}`;
        outcomes[key] = (outcomes[key] ?? 0) + 1;
      }
    }),
  );
  return outcomes;
}

/** A PNG of one colour declaring width × height: tiny on the wire, large once decoded. */
async function declaredPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9, palette: true, colours: 2 })
    .toBuffer();
}

interface ClientProcess {
  child: ChildProcess;
  ask<T>(message: Record<string, unknown>, reply: string): Promise<T>;
}

async function clientProcess(): Promise<ClientProcess> {
  const child = fork(fileURLToPath(new URL('./abuse-clients.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
  // The attackers would be on other machines: here they share the two cores, so they run at a
  // lower priority and their own parsing does not count against the server.
  if (child.pid) setPriority(child.pid, 10);
  await new Promise<void>((resolve) => child.once('message', () => resolve()));
  return {
    child,
    ask<T>(message: Record<string, unknown>, reply: string) {
      return new Promise<T>((resolve) => {
        const onMessage = (m: { type: string }) => {
          if (m.type !== reply) return;
          child.off('message', onMessage);
          resolve(m as T);
        };
        child.on('message', onMessage);
        child.send(message);
      });
    },
  };
}

/** The busiest symbols' quote, book and trade channels: what costs the server most to serve. */
function busyChannels(count: number): string[] {
  const instruments = parseInstruments(
    readFileSync(join(root, 'server', 'market', 'data', 'instruments.csv'), 'utf8'),
  )
    .sort((a, b) => b.dailyVol * b.referencePrice - a.dailyVol * a.referencePrice)
    .slice(0, Math.ceil(count / 3));
  return instruments
    .flatMap((i) => [`quote:${i.code}`, `book:${i.code}:10`, `trades:${i.code}`])
    .slice(0, count);
}

export async function measureAbuse(): Promise<AbusePhase[]> {
  const server = await startServer();
  const health = healthSampler(server.base, ABUSE.healthEveryMs);
  const phases: AbusePhase[] = [];
  const socketUrl = `${server.base}/market`;
  try {
    const loginUser = await register(server.base, 'abuselogin');
    const uploaders = await Promise.all(
      Array.from({ length: ABUSE.uploads }, (_, i) => register(server.base, `abuseup${i}`)),
    );
    const bomb40 = await declaredPng(7300, 5440);
    const bomb24 = await declaredPng(6000, 4000);
    await sleep(1_000);
    health.take();

    // ABUSE_PHASES=idle,flood,…: only the phases whose name starts with one of these words.
    const only = process.env.ABUSE_PHASES?.split(',');
    /** Runs `body` while sampling health and the server's RSS every 250 ms. */
    const phase = async (
      name: string,
      body: () => Promise<{ detail: Record<string, unknown>; login?: number[] }>,
    ) => {
      if (only && !only.some((word) => name.startsWith(word))) return;
      const rss = [rssMbOf(server.pid)];
      const rssTimer = setInterval(() => rss.push(rssMbOf(server.pid)), 250);
      health.take();
      const startedAt = Date.now();
      const { detail, login } = await body();
      const endedAt = Date.now();
      clearInterval(rssTimer);
      rss.push(rssMbOf(server.pid));
      const samplerLag = summary(health.ownLags());
      const healthSamples = health.take();
      await sleep(1_100); // the probe reports each second
      const result: AbusePhase = {
        phase: name,
        health: summary(healthSamples),
        loopLag: summary(server.loopLags(startedAt, endedAt)),
        healthServed: summary(server.healthServed(startedAt, endedAt)),
        samplerLag,
        ...(login ? { login: summary(login) } : {}),
        rssMb: { start: rss[0] ?? 0, max: Math.max(...rss), end: rss.at(-1) ?? 0 },
        detail,
      };
      phases.push(result);
      console.log(JSON.stringify(result));
      await sleep(2_000);
      health.take();
    };

    await phase('idle', async () => ({
      detail: {},
      login: await loginLoop(server.base, loginUser, performance.now() + ABUSE.idleSeconds * 1000),
    }));

    await phase('flood: 20,000 snapshot requests on one socket', async () => {
      const clients = await clientProcess();
      const done = await clients.ask<{ ms: number; counts: unknown }>(
        { type: 'flood', url: socketUrl, channel: 'ranking:volume', count: ABUSE.floodRequests },
        'done',
      );
      await sleep(1_000);
      clients.child.kill();
      return { detail: { ms: done.ms, counts: done.counts } };
    });

    const subscribers = async (distinctAddresses: boolean, stall: boolean, holdMs: number) => {
      const clients = await clientProcess();
      const count = stall ? ABUSE.stalled : ABUSE.subscribers;
      const done = await clients.ask<{ ms: number; counts: unknown }>(
        {
          type: 'subscribe',
          url: socketUrl,
          clients: count,
          perClient: ABUSE.perClient,
          channels: busyChannels(600),
          distinctAddresses,
          stall,
          firstAddress: stall ? 20_000 : 10_000,
        },
        'done',
      );
      await sleep(holdMs);
      const held = await clients.ask<{ counts: unknown }>({ type: 'report' }, 'report');
      if (stall) {
        await clients.ask({ type: 'resume' }, 'resumed');
        await sleep(3_000);
      }
      const closed = await clients.ask<{ counts: unknown }>({ type: 'close' }, 'closed');
      clients.child.kill();
      return {
        detail: { setupMs: done.ms, atSetup: done.counts, held: held.counts, end: closed.counts },
      };
    };

    await phase('subscribers: 300 clients × 100 subscriptions, own addresses', () =>
      subscribers(true, false, ABUSE.holdSeconds * 1000),
    );
    await phase('one address: 300 clients × 100 subscriptions', () =>
      subscribers(false, false, ABUSE.holdSeconds * 1000),
    );
    await phase('stalled: 50 clients stop reading for 30 s', () =>
      subscribers(true, true, ABUSE.stallSeconds * 1000),
    );

    for (const [name, image, addresses] of [
      ['uploads: 8 parallel, PNG declaring 39.7 MP, 8 addresses', bomb40, 'per loop'],
      ['uploads: 8 parallel, PNG declaring 24 MP, 8 addresses', bomb24, 'per loop'],
      ['uploads: 8 parallel, PNG declaring 39.7 MP, new address each', bomb40, 'per request'],
      ['uploads: 8 parallel, PNG declaring 24 MP, new address each', bomb24, 'per request'],
    ] as const) {
      await phase(name, async () => {
        const until = performance.now() + ABUSE.uploadSeconds * 1000;
        const [outcomes, login] = await Promise.all([
          uploadLoop(server.base, uploaders, image, until, addresses),
          loginLoop(server.base, loginUser, until),
        ]);
        return { detail: { bytes: image.length, outcomes }, login };
      });
    }
    return phases;
  } finally {
    health.stop();
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await measureAbuse();
}
