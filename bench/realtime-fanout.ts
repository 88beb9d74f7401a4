/**
 * Fan-out benchmark: N clients (in child processes) subscribed to symbols; the server broadcasts
 * quote frames (pre-serialised JSON, as the publisher does) to each symbol's room. Measured for
 * socket.io with the in-memory adapter, socket.io with the Redis adapter, and a raw `ws` loop
 * sending the same payloads to the same subscriber sets, all in one run.
 *   saturation: ticks as fast as the loop allows for a while → deliveries/s until the last arrives
 *   half load: ticks at half the socket.io saturation rate → p99 tick→client latency
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import type { Namespace } from 'socket.io';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';

export const FANOUT = {
  clients: 200,
  /** Child processes the clients are spread over. */
  clientProcesses: 2,
  perClient: 20,
  symbols: 200,
  saturateMs: 3_000,
  halfMs: 4_000,
};

type Kind = 'socket.io' | 'socket.io+redis' | 'ws';

interface Broadcaster {
  url: string;
  send(channel: string, json: string): void;
  /** Runs one feed step's sends with every connection corked: one TCP write per connection. */
  step(sends: () => void): void;
  close(): Promise<void>;
}

const CORK = process.env.FANOUT_CORK === '1';

function corkedStep(nsp: Namespace, sends: () => void): void {
  const sockets: Socket[] = [];
  for (const s of nsp.sockets.values()) {
    const raw = (s.conn.transport as unknown as { socket?: { _socket?: Socket } }).socket?._socket;
    if (raw) sockets.push(raw);
  }
  for (const s of sockets) s.cork();
  try {
    sends();
  } finally {
    for (const s of sockets) s.uncork();
  }
}

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const payload = (code: string) =>
  `{"channel":"quote:${code}","kind":"update","seq":1,"data":{"code":"${code}","price":71200,"change":-300,"changeRate":-0.0042,"volume":1234567,"bid":71100,"ask":71200,"t":${now()}}}`;

async function socketIoBroadcaster(redisUrl: string | null): Promise<Broadcaster> {
  const http = createServer();
  const io = new Server(http, { serveClient: false, transports: ['websocket'] });
  let redis: ReturnType<typeof createClient>[] = [];
  if (redisUrl) {
    const pub = createClient({ url: redisUrl });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    redis = [pub, sub];
    io.adapter(createAdapter(pub, sub, { key: `maru-bench-${process.pid}` }));
  }
  const nsp = io.of('/market');
  nsp.on('connection', (socket) => {
    socket.on('sub', (channels: string[], ack: () => void) => {
      void socket.join(channels);
      ack();
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/market`,
    send: (channel, json) => nsp.to(channel).emit('f', json),
    step: (sends) => (CORK ? corkedStep(nsp, sends) : sends()),
    async close() {
      await io.close();
      await Promise.allSettled(redis.map((c) => c.quit()));
    },
  };
}

async function wsBroadcaster(): Promise<Broadcaster> {
  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  const rooms = new Map<string, Set<WebSocket>>();
  wss.on('connection', (ws) => {
    ws.once('message', (data) => {
      for (const channel of JSON.parse((data as Buffer).toString()) as string[]) {
        let room = rooms.get(channel);
        if (!room) rooms.set(channel, (room = new Set()));
        room.add(ws);
      }
      ws.send('ok');
    });
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  return {
    url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}`,
    send(channel, json) {
      for (const ws of rooms.get(channel) ?? []) ws.send(json);
    },
    step(sends) {
      if (!CORK) return sends();
      const sockets = [...wss.clients].map((ws) => (ws as unknown as { _socket: Socket })._socket);
      for (const s of sockets) s.cork();
      try {
        sends();
      } finally {
        for (const s of sockets) s.uncork();
      }
    },
    async close() {
      for (const ws of wss.clients) ws.terminate();
      await new Promise((r) => wss.close(r));
      await new Promise((r) => http.close(r));
    },
  };
}

interface Report {
  deliveries: number;
  lastAt: number;
  p50: number;
  p99: number;
}

interface Clients {
  ask(type: 'reset' | 'report'): Promise<Report>;
  /** Also collects the latencies (one message per process, large). */
  askLatencies(): Promise<Report>;
  kill(): void;
}

function startClientProcess(kind: Kind, url: string, count: number, first: number) {
  const child = fork(
    fileURLToPath(new URL('./realtime-clients.ts', import.meta.url)),
    [
      kind === 'ws' ? 'ws' : 'socket.io',
      url,
      String(count),
      String(FANOUT.perClient),
      String(FANOUT.symbols),
      String(first),
    ],
    { execArgv: ['--import', 'tsx'] },
  );
  const ask = <T>(type: string) =>
    new Promise<T>((resolve) => {
      child.once('message', (m) => resolve(m as T));
      child.send({ type });
    });
  const ready = new Promise<void>((resolve) => child.once('message', () => resolve()));
  return { child, ask, ready };
}

async function startClients(kind: Kind, url: string): Promise<Clients> {
  const per = Math.ceil(FANOUT.clients / FANOUT.clientProcesses);
  const procs = Array.from({ length: FANOUT.clientProcesses }, (_, p) =>
    startClientProcess(kind, url, Math.min(per, FANOUT.clients - p * per), p * per),
  );
  await Promise.all(procs.map((p) => p.ready));
  const counts = async (type: string) => {
    const parts = await Promise.all(
      procs.map((p) => p.ask<{ deliveries: number; lastAt: number }>(type)),
    );
    return {
      deliveries: parts.reduce((s, r) => s + (r.deliveries ?? 0), 0),
      lastAt: Math.max(...parts.map((r) => r.lastAt ?? 0)),
    };
  };
  return {
    ask: async (type) => ({ ...(await counts(type)), p50: 0, p99: 0 }),
    async askLatencies() {
      const total = await counts('report');
      const parts = await Promise.all(
        procs.map((p) => p.ask<{ latencies: number[] }>('latencies')),
      );
      const sorted = Float64Array.from(parts.flatMap((r) => r.latencies)).sort();
      const at = (q: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
      return { ...total, p50: at(0.5), p99: at(0.99) };
    },
    kill: () => procs.forEach((p) => p.child.kill()),
  };
}

const codes = Array.from({ length: FANOUT.symbols }, (_, i) => String(i + 100000));

/** Ticks at `ratePerSecond` (Infinity: as fast as the loop allows) for `ms`; returns ticks sent. */
async function drive(b: Broadcaster, ratePerSecond: number, ms: number): Promise<number> {
  const start = performance.now();
  let sent = 0;
  let i = 0;
  while (performance.now() - start < ms) {
    const due =
      ratePerSecond === Infinity
        ? sent + 200
        : Math.floor(((performance.now() - start) / 1000) * ratePerSecond);
    b.step(() => {
      for (; sent < due; sent += 1) {
        const code = codes[i++ % codes.length] as string;
        b.send(`quote:${code}`, payload(code));
      }
    });
    // Yield so sockets write and the loop breathes; ~1 ms steps.
    await new Promise((r) => setTimeout(r, ratePerSecond === Infinity ? 0 : 1));
  }
  return sent;
}

export interface FanoutRow {
  kind: Kind;
  deliveriesPerSecond: number;
  halfLoadTicksPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

async function measure(
  kind: Kind,
  redisUrl: string | null,
  halfRate: number | null,
): Promise<FanoutRow & { saturationTicks: number }> {
  const b =
    kind === 'ws'
      ? await wsBroadcaster()
      : await socketIoBroadcaster(kind === 'socket.io+redis' ? redisUrl : null);
  const clients = await startClients(kind, b.url);
  const ask = (type: 'reset' | 'report') => clients.ask(type);
  try {
    await drive(b, 2_000, 500); // warm-up
    await sleep(500);
    await ask('reset');
    const start = now();
    const ticks = await drive(b, Infinity, FANOUT.saturateMs);
    // Wait until deliveries stop growing: everything sent has arrived (or was dropped).
    let last = -1;
    let report = await ask('report');
    while (report.deliveries !== last) {
      last = report.deliveries;
      await sleep(300);
      report = await ask('report');
    }
    const seconds = (report.lastAt - start) / 1000;
    const deliveriesPerSecond = Math.round(report.deliveries / seconds);
    const tickRate = (ticks / seconds) * 0.5;
    const rate = halfRate ?? tickRate;
    await sleep(300);
    await ask('reset');
    await drive(b, rate, FANOUT.halfMs);
    await sleep(500);
    const half = await clients.askLatencies();
    return {
      kind,
      deliveriesPerSecond,
      saturationTicks: tickRate,
      halfLoadTicksPerSecond: Math.round(rate),
      p50Ms: Number(half.p50.toFixed(2)),
      p99Ms: Number(half.p99.toFixed(2)),
    };
  } finally {
    clients.kill();
    await b.close();
  }
}

/** socket.io (in memory), raw ws at the same half load, and socket.io with the Redis adapter. */
export async function measureFanout(redisUrl: string | null): Promise<FanoutRow[]> {
  const sio = await measure('socket.io', null, null);
  const ws = await measure('ws', null, sio.saturationTicks);
  const rows: FanoutRow[] = [sio, ws];
  if (redisUrl) rows.push(await measure('socket.io+redis', redisUrl, sio.saturationTicks));
  return rows.map(({ kind, deliveriesPerSecond, halfLoadTicksPerSecond, p50Ms, p99Ms }) => ({
    kind,
    deliveriesPerSecond,
    halfLoadTicksPerSecond,
    p50Ms,
    p99Ms,
  }));
}
