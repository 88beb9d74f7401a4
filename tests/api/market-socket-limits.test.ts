import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { MarketError, SubscribeAck } from '../../contract';
import { MARKET_EVENTS, MARKET_NAMESPACE } from '../../contract';
import { DEFAULTS } from '../../server/config';
import type { TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';

/**
 * The /market socket's limits against a hostile client, with small limits so the loads stay
 * small: the request rate per connection, connections per address, a client that stops reading.
 * (How the server holds up under the full loads is measured by bench/abuse.ts, not here.)
 */

const LIMITS = {
  ...DEFAULTS.socketLimits,
  maxConnectionsPerAddress: 3,
  requestBurst: 20,
  requestsPerSecond: 0.5,
  refusalBurst: 5,
  refusalsPerSecond: 0.1,
  pingIntervalMs: 300,
  pingTimeoutMs: 300,
};

describe('limits of the /market socket', () => {
  let t: TestApp;
  let port: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp('pglite', { socketLimits: LIMITS });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  const open = (): Socket => {
    const socket = io(`http://127.0.0.1:${port}${MARKET_NAMESPACE}`, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
    });
    sockets.push(socket);
    return socket;
  };
  const connect = async (): Promise<Socket> => {
    const socket = open();
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const snap = (socket: Socket) =>
    socket.emitWithAck(MARKET_EVENTS.snapshot, {
      channel: 'quote:005930',
    }) as Promise<SubscribeAck>;

  it('refuses requests past the burst with a code, then drops a client that keeps on', async () => {
    const socket = await connect();
    const errors: MarketError[] = [];
    socket.on(MARKET_EVENTS.error, (error: MarketError) => errors.push(error));
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));

    const within = await Promise.all(
      Array.from({ length: LIMITS.requestBurst }, () => snap(socket)),
    );
    expect(within.every((ack) => ack.ok)).toBe(true);
    const refused = await Promise.all(
      Array.from({ length: LIMITS.refusalBurst }, () => snap(socket)),
    );
    expect(refused).toEqual(
      Array.from({ length: LIMITS.refusalBurst }, () => ({
        ok: false,
        code: 'request.too_often',
        params: {},
      })),
    );
    // A message without an ack is refused by event; this one is past the refusals too.
    socket.emit(MARKET_EVENTS.unsubscribe, { channel: 'quote:005930' });
    expect(await disconnected).toBe('io server disconnect');
    expect(errors).toEqual([{ code: 'request.too_often', params: {} }]);
  });

  it('caps the connections one address may hold', async () => {
    const held = [await connect(), await connect(), await connect()];
    const fourth = open();
    const error = await new Promise<Error>((resolve) => fourth.once('connect_error', resolve));
    expect(error.message).toMatch(/websocket error/i);
    held[0]?.disconnect();
    await new Promise((r) => setTimeout(r, 200));
    const again = await connect();
    expect(again.connected).toBe(true);
    for (const s of [...held, again]) s.disconnect();
  });

  it('drops a client that stops reading', async () => {
    // The wire protocol by hand, to pause the TCP socket the way a stalled phone would.
    // From another address than the tests before, whose connections may still be closing.
    const ws = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`, {
      localAddress: '127.0.0.2',
    });
    const subscribed = new Promise<void>((resolve) => {
      ws.on('message', (data) => {
        const text = (data as Buffer).toString();
        if (text.startsWith('0')) ws.send(`40${MARKET_NAMESPACE},`);
        else if (text.startsWith(`40${MARKET_NAMESPACE},`)) {
          ws.send(`42${MARKET_NAMESPACE},1["sub",{"channel":"trades:005930"}]`);
        } else if (text.startsWith(`43${MARKET_NAMESPACE},1`)) resolve();
      });
    });
    await subscribed;
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    const tcp = (ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    tcp.pause();
    // Unanswered pings: dropped within an interval and a timeout (300 + 300 ms).
    await new Promise((r) => setTimeout(r, 1_500));
    tcp.resume();
    await expect(
      Promise.race([
        closed,
        new Promise((_, reject) => setTimeout(() => reject(new Error('still open')), 1_000)),
      ]),
    ).resolves.toBeUndefined();
  });
});
