/**
 * The client side of the fan-out benchmark, in its own process so it does not share the server's
 * event loop: opens N connections (socket.io or raw ws), subscribes each to its symbols, counts
 * deliveries and records tick→client latency (frames carry their send time as epoch ms with
 * sub-millisecond precision, comparable across processes on one machine).
 * Args: kind url clients symbolsPerClient symbolCount
 */
import { io } from 'socket.io-client';
import WebSocket from 'ws';

const [kind, urlArg, clientsArg, perClientArg, symbolsArg] = process.argv.slice(2);
const url = urlArg ?? '';
const clients = Number(clientsArg);
const perClient = Number(perClientArg);
const symbolCount = Number(symbolsArg);
const now = () => performance.timeOrigin + performance.now();

let deliveries = 0;
let lastAt = 0;
let latencies: number[] = [];
const onFrame = (raw: string) => {
  const t = Number(raw.slice(raw.lastIndexOf(':') + 1, -2));
  deliveries += 1;
  lastAt = now();
  latencies.push(lastAt - t);
};
const channelsOf = (i: number) =>
  Array.from(
    { length: perClient },
    (_, k) => `quote:${String(((i * 7 + k) % symbolCount) + 100000)}`,
  );

async function connectAll(): Promise<void> {
  const ready: Promise<void>[] = [];
  for (let i = 0; i < clients; i += 1) {
    if (kind === 'ws') {
      const ws = new WebSocket(url);
      ready.push(
        new Promise<void>((resolve) => {
          ws.on('open', () => {
            ws.send(JSON.stringify(channelsOf(i)));
            ws.once('message', () => resolve());
          });
        }),
      );
      ws.on('message', (data) => {
        const text = (data as Buffer).toString();
        if (text !== 'ok') onFrame(text);
      });
    } else {
      const socket = io(url, { transports: ['websocket'], forceNew: true });
      ready.push(
        new Promise<void>((resolve) => {
          socket.on('connect', () => {
            socket.emit('sub', channelsOf(i), () => resolve());
          });
        }),
      );
      socket.on('f', onFrame);
    }
  }
  await Promise.all(ready);
}

process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') {
    deliveries = 0;
    latencies = [];
    lastAt = 0;
    process.send?.({ type: 'reset' });
  } else if (message.type === 'report') {
    const sorted = Float64Array.from(latencies).sort();
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    process.send?.({ type: 'report', deliveries, lastAt, p50: at(0.5), p99: at(0.99) });
  }
});

await connectAll();
process.send?.({ type: 'ready' });
