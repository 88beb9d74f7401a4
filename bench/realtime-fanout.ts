/**
 * Fan-out benchmark: N clients (in a child process) subscribed to symbols; the server broadcasts
 * quote frames (pre-serialised JSON, as the publisher does) to each symbol's room. Measured for
 * socket.io with the in-memory adapter, socket.io with the Redis adapter, and a raw `ws` loop
 * sending the same payloads to the same subscriber sets, all in one run.
 *   saturation: ticks as fast as the loop allows for a while → deliveries/s until the last arrives
 *   half load: ticks at half the socket.io saturation rate → p99 tick→client latency
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';

export const FANOUT = {
  clients: 200,
  perClient: 20,
  symbols: 200,
  saturateMs: 3_000,
  halfMs: 4_000,
};

type Kind = 'socket.io' | 'socket.io+redis' | 'ws';

interface Broadcaster {
  url: string;
  send(channel: string, json: string): void;
  close(): Promise<void>;
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

function startClients(
  kind: Kind,
  url: string,
): Promise<{ child: ChildProcess; ask: (t: string) => Promise<Report> }> {
  const child = fork(
    fileURLToPath(new URL('./realtime-clients.ts', import.meta.url)),
    [
      kind === 'ws' ? 'ws' : 'socket.io',
      url,
      String(FANOUT.clients),
      String(FANOUT.perClient),
      String(FANOUT.symbols),
    ],
    { execArgv: ['--import', 'tsx'] },
  );
  const ask = (type: string) =>
    new Promise<Report>((resolve) => {
      child.once('message', (m) => resolve(m as Report));
      child.send({ type });
    });
  return new Promise((resolve) => child.once('message', () => resolve({ child, ask })));
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
    for (; sent < due; sent += 1) {
      const code = codes[i++ % codes.length] as string;
      b.send(`quote:${code}`, payload(code));
    }
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
  const { child, ask } = await startClients(kind, b.url);
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
    const half = await ask('report');
    return {
      kind,
      deliveriesPerSecond,
      saturationTicks: tickRate,
      halfLoadTicksPerSecond: Math.round(rate),
      p50Ms: Number(half.p50.toFixed(2)),
      p99Ms: Number(half.p99.toFixed(2)),
    };
  } finally {
    child.kill();
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
