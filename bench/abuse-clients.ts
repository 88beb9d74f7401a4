/**
 * The hostile socket clients of the abuse benchmark, in a child process so their work does not
 * share the event loop of the process that samples `/api/health`. They speak the engine.io v4 /
 * socket.io v5 wire protocol over a bare `ws` (as bench/realtime-clients.ts does): frames are
 * counted, never parsed. Driven by messages from bench/abuse.ts:
 *   {type:'flood', url, channel, count}            one socket, `count` snapshot requests at once
 *   {type:'subscribe', url, clients, channels, perClient, distinctAddresses, stall}
 *                                                  N sockets × perClient subscriptions; `stall`
 *                                                  stops reading after subscribing
 *   {type:'report'}                                counts so far
 *   {type:'resume'}                                stalled sockets read again (to see who was dropped)
 *   {type:'close'}                                 closes every socket
 */
import WebSocket from 'ws';
import { loopbackAddress } from './loopback';

const NSP = '/market';

interface Counts {
  connected: number;
  refusedConnections: number;
  acksOk: number;
  acksRefused: Record<string, number>;
  frames: number;
  /** Sockets whose connection the server closed (or that the server disconnected). */
  dropped: number;
  errorEvents: number;
}

const counts: Counts = {
  connected: 0,
  refusedConnections: 0,
  acksOk: 0,
  acksRefused: {},
  frames: 0,
  dropped: 0,
  errorEvents: 0,
};
const sockets: Client[] = [];

class Client {
  private readonly ws: WebSocket;
  private nextId = 1;
  private readonly acks = new Map<number, () => void>();
  private closed = false;
  readonly ready: Promise<boolean>;

  constructor(url: string, localAddress: string | undefined) {
    const { host } = new URL(url);
    this.ws = new WebSocket(`ws://${host}/socket.io/?EIO=4&transport=websocket`, {
      perMessageDeflate: false,
      localAddress,
    });
    this.ready = new Promise<boolean>((resolve) => {
      this.ws.on('unexpected-response', (_request, response) => {
        counts.refusedConnections += 1;
        response.resume();
        resolve(false);
      });
      this.ws.on('error', () => resolve(false));
      this.ws.on('close', () => {
        if (!this.closed) counts.dropped += 1;
        this.closed = true;
        for (const settle of this.acks.values()) settle();
        this.acks.clear();
        resolve(false);
      });
      this.ws.on('message', (data) => {
        const text = (data as Buffer).toString();
        if (text.startsWith(`42${NSP},["f"`)) {
          counts.frames += 1;
        } else if (text.startsWith(`43${NSP},`)) {
          this.onAck(text);
        } else if (text === '2') {
          this.ws.send('3');
        } else if (text.startsWith('0')) {
          this.ws.send(`40${NSP},`);
        } else if (text.startsWith(`40${NSP},`)) {
          counts.connected += 1;
          resolve(true);
        } else if (text.startsWith(`44${NSP},`)) {
          counts.refusedConnections += 1;
          resolve(false);
        } else if (text.startsWith(`42${NSP},["e"`)) {
          counts.errorEvents += 1;
        }
      });
    });
  }

  private onAck(text: string): void {
    const body = text.slice(`43${NSP},`.length);
    const bracket = body.indexOf('[');
    const id = Number(body.slice(0, bracket));
    // Only the start is read: `[{"ok":true,…` or `[{"ok":false,"code":"…"`.
    const head = body.slice(bracket, bracket + 80);
    if (head.startsWith('[{"ok":true')) counts.acksOk += 1;
    else {
      const code = /"code":"([^"]+)"/.exec(head)?.[1] ?? 'unknown';
      counts.acksRefused[code] = (counts.acksRefused[code] ?? 0) + 1;
    }
    const settle = this.acks.get(id);
    this.acks.delete(id);
    settle?.();
  }

  /** Sends `event {channel}` with an ack; resolves on the ack or when the socket closes. */
  request(event: string, channel: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    const id = this.nextId++;
    return new Promise<void>((resolve) => {
      this.acks.set(id, resolve);
      this.ws.send(`42${NSP},${id}${JSON.stringify([event, { channel }])}`);
    });
  }

  stall(): void {
    (this.ws as unknown as { _socket?: { pause(): void } })._socket?.pause();
  }

  resume(): void {
    (this.ws as unknown as { _socket?: { resume(): void } })._socket?.resume();
  }

  close(): void {
    this.closed = true;
    this.ws.terminate();
  }
}

async function flood(url: string, channel: string, count: number) {
  const client = new Client(url, loopbackAddress(0));
  sockets.push(client);
  if (!(await client.ready)) return;
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: count }, () => client.request('snap', channel)));
  return Math.round(performance.now() - startedAt);
}

async function subscribe(message: {
  url: string;
  clients: number;
  channels: string[];
  perClient: number;
  distinctAddresses: boolean;
  stall: boolean;
  firstAddress: number;
}) {
  const startedAt = performance.now();
  const opened = await Promise.all(
    Array.from({ length: message.clients }, async (_, i) => {
      const address = message.distinctAddresses
        ? loopbackAddress(message.firstAddress + i)
        : undefined;
      const client = new Client(message.url, address);
      sockets.push(client);
      if (!(await client.ready)) return null;
      const mine = Array.from(
        { length: message.perClient },
        (_, k) => message.channels[(i * 7 + k) % message.channels.length] as string,
      );
      await Promise.all(mine.map((channel) => client.request('sub', channel)));
      return client;
    }),
  );
  if (message.stall) for (const client of opened) client?.stall();
  return Math.round(performance.now() - startedAt);
}

type Message =
  | { type: 'flood'; url: string; channel: string; count: number }
  | ({ type: 'subscribe' } & Parameters<typeof subscribe>[0])
  | { type: 'report' | 'resume' | 'close' };

process.on('message', (message: Message) => {
  void (async () => {
    switch (message.type) {
      case 'flood': {
        const ms = await flood(message.url, message.channel, message.count);
        process.send?.({ type: 'done', ms, counts });
        break;
      }
      case 'subscribe': {
        const ms = await subscribe(message);
        process.send?.({ type: 'done', ms, counts });
        break;
      }
      case 'report':
        process.send?.({ type: 'report', counts });
        break;
      case 'resume':
        for (const client of sockets) client.resume();
        process.send?.({ type: 'resumed' });
        break;
      case 'close':
        for (const client of sockets) client.close();
        process.send?.({ type: 'closed', counts });
        break;
    }
  })();
});
process.send?.({ type: 'started' });
