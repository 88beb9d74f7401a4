/**
 * The client side of the fan-out benchmark, in child processes so it does not share the server's
 * event loop: opens N WebSocket connections, subscribes each to its symbols, counts deliveries and
 * records tick→client latency (frames carry their send time as epoch ms with sub-millisecond
 * precision, comparable across processes on one machine).
 *
 * Both kinds use the same `ws` client and do the same work per frame: check its prefix, read the
 * send time from its tail, count it. For socket.io the client speaks the wire protocol itself
 * (engine.io v4 open/ping/pong, socket.io v5 namespace connect, `sub` with an ack) rather than
 * running socket.io-client, whose per-packet decoding (a JSON.parse of every frame) made the
 * client, not the server, the bottleneck. Frames are never parsed.
 * Args: kind url clients symbolsPerClient symbolCount firstClient
 */
import WebSocket from 'ws';

const [kind, urlArg, clientsArg, perClientArg, symbolsArg, firstArg] = process.argv.slice(2);
const url = urlArg ?? '';
const clients = Number(clientsArg);
const perClient = Number(perClientArg);
const symbolCount = Number(symbolsArg);
const first = Number(firstArg ?? 0);
const now = () => performance.timeOrigin + performance.now();

let deliveries = 0;
let lastAt = 0;
let latencies: number[] = [];
/** The send time is the last number of the frame: `…"t":1763800000123.456}}` (+ `"]` in socket.io). */
const onFrame = (raw: string) => {
  const colon = raw.lastIndexOf(':');
  const t = parseFloat(raw.slice(colon + 1));
  deliveries += 1;
  lastAt = now();
  latencies.push(lastAt - t);
};
const channelsOf = (i: number) =>
  Array.from(
    { length: perClient },
    (_, k) => `quote:${String(((i * 7 + k) % symbolCount) + 100000)}`,
  );

const NSP = '/market';
const EVENT = `42${NSP},`;

function connectWs(i: number): Promise<void> {
  const ws = new WebSocket(url, { perMessageDeflate: false });
  return new Promise<void>((resolve) => {
    ws.on('open', () => ws.send(JSON.stringify(channelsOf(i))));
    ws.on('message', (data) => {
      const text = (data as Buffer).toString();
      if (text === 'ok') resolve();
      else onFrame(text);
    });
  });
}

/** socket.io over a bare WebSocket: `url` is http://host:port/market. */
function connectSocketIo(i: number): Promise<void> {
  const { host } = new URL(url);
  const ws = new WebSocket(`ws://${host}/socket.io/?EIO=4&transport=websocket`, {
    perMessageDeflate: false,
  });
  return new Promise<void>((resolve) => {
    ws.on('message', (data) => {
      const text = (data as Buffer).toString();
      if (text.startsWith(EVENT)) return onFrame(text);
      if (text === '2') return ws.send('3'); // engine.io ping → pong
      if (text.startsWith('0')) return ws.send(`40${NSP},`); // engine open → connect namespace
      if (text.startsWith(`40${NSP},`)) {
        ws.send(`42${NSP},1${JSON.stringify(['sub', channelsOf(i)])}`);
        return;
      }
      if (text.startsWith(`43${NSP},1`)) resolve(); // the sub ack
    });
  });
}

process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') {
    deliveries = 0;
    latencies = [];
    lastAt = 0;
    process.send?.({ type: 'reset' });
  } else if (message.type === 'report') {
    process.send?.({ type: 'report', deliveries, lastAt });
  } else if (message.type === 'latencies') {
    process.send?.({ type: 'latencies', latencies });
  }
});

const ready: Promise<void>[] = [];
for (let i = first; i < first + clients; i += 1) {
  ready.push(kind === 'ws' ? connectWs(i) : connectSocketIo(i));
}
await Promise.all(ready);
process.send?.({ type: 'ready' });
