import type { AddressInfo } from 'node:net';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  MarketFrame,
  Quote,
  SnapshotFrame,
  SubscribeAck,
  UnsubscribeAck,
} from '../../contract';
import { MARKET_EVENTS, MARKET_NAMESPACE, MAX_SUBSCRIPTIONS_PER_CONNECTION } from '../../contract';
import type { TestApp } from '../support/test-app';
import { buildTestApp } from '../support/test-app';
import { call, expectRefusal, expectSuccess } from './api-helpers';

/**
 * The /market socket against the whole server: subscribe → snapshot, then updates with
 * consecutive seq; the bound per connection; coded refusals; unsubscribe; the snapshot call.
 */

const SAMSUNG = '005930';

describe('the /market socket', () => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    // Sped up, so the busiest symbol trades several times a second.
    t = await buildTestApp('pglite', {
      market: {
        feed: 'simulator',
        seed: 'socket-test',
        demo: true,
        speed: 20,
        tradesPerSecond: 2000,
      },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${MARKET_NAMESPACE}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  const connect = async (): Promise<Socket> => {
    const socket = io(url, { transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const framesOf = (socket: Socket, channel: string): MarketFrame[] => {
    const frames: MarketFrame[] = [];
    socket.on(MARKET_EVENTS.frame, (raw: string) => {
      const frame = JSON.parse(raw) as MarketFrame;
      if (frame.channel === channel) frames.push(frame);
    });
    return frames;
  };
  const subscribe = (socket: Socket, channel: string) =>
    socket.emitWithAck(MARKET_EVENTS.subscribe, { channel }) as Promise<SubscribeAck>;
  const until = async (check: () => boolean, ms = 10_000) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('answers a subscription with a snapshot, then updates with consecutive seq', async () => {
    const socket = await connect();
    const channel = `quote:${SAMSUNG}`;
    const frames = framesOf(socket, channel);
    const ack = await subscribe(socket, channel);
    if (!ack.ok) throw new Error(ack.code);
    expect(ack.frame).toMatchObject({ channel, kind: 'snapshot' });
    expect((ack.frame.data as Quote).code).toBe(SAMSUNG);
    const updates = () => frames.filter((f) => f.seq > ack.frame.seq);
    await until(() => updates().length >= 3);
    const seqs = updates().map((f) => f.seq);
    expect(seqs.slice(0, 3)).toEqual([ack.frame.seq + 1, ack.frame.seq + 2, ack.frame.seq + 3]);
    expect(updates().every((f) => f.kind === 'update' && (f.data as Quote).code === SAMSUNG)).toBe(
      true,
    );
  });

  it('sends lists (indices, session) and symbol channels of every kind', async () => {
    const socket = await connect();
    for (const channel of [
      'indices',
      'fx',
      'session',
      'ranking:gainers:KOSPI',
      'ranking:volume',
      `book:${SAMSUNG}:10`,
      `trades:${SAMSUNG}`,
      `candle:${SAMSUNG}:1m`,
    ]) {
      const ack = await subscribe(socket, channel);
      expect(ack, channel).toMatchObject({ ok: true, frame: { channel, kind: 'snapshot' } });
    }
  });

  it('refuses an unknown channel or symbol with a code', async () => {
    const socket = await connect();
    for (const channel of ['quote:999999', 'nonsense', 'book:005930:7', '']) {
      expect(await subscribe(socket, channel)).toEqual({
        ok: false,
        code: 'realtime.unknown_channel',
        params: {},
      });
    }
  });

  it(`refuses subscription ${MAX_SUBSCRIPTIONS_PER_CONNECTION + 1} on one connection`, async () => {
    const socket = await connect();
    const codes = t.app.maru.feed
      .instruments()
      .slice(0, MAX_SUBSCRIPTIONS_PER_CONNECTION + 1)
      .map((i) => i.code);
    const acks = await Promise.all(codes.map((code) => subscribe(socket, `quote:${code}`)));
    expect(acks.filter((a) => a.ok)).toHaveLength(MAX_SUBSCRIPTIONS_PER_CONNECTION);
    expect(acks.at(-1)).toEqual({
      ok: false,
      code: 'realtime.too_many_subscriptions',
      params: { max: MAX_SUBSCRIPTIONS_PER_CONNECTION },
    });
    // Leaving one makes room again.
    await socket.emitWithAck(MARKET_EVENTS.unsubscribe, { channel: `quote:${codes[0]}` });
    expect((await subscribe(socket, `quote:${codes.at(-1)}`)).ok).toBe(true);
  });

  it('stops sending a channel after unsubscribe', async () => {
    const socket = await connect();
    const channel = `trades:${SAMSUNG}`;
    const frames = framesOf(socket, channel);
    await subscribe(socket, channel);
    await until(() => frames.length >= 1);
    const ack = (await socket.emitWithAck(MARKET_EVENTS.unsubscribe, {
      channel,
    })) as UnsubscribeAck;
    expect(ack).toEqual({ ok: true });
    const count = frames.length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(frames.length).toBe(count);
  });

  it('answers the snapshot call with the frame a subscriber gets', async () => {
    const frame = expectSuccess<SnapshotFrame>(
      await call(t.app, '/market/snapshot', { channel: `quote:${SAMSUNG}` }),
    );
    expect(frame).toMatchObject({ channel: `quote:${SAMSUNG}`, kind: 'snapshot' });
    expect((frame.data as Quote).code).toBe(SAMSUNG);
    expectRefusal(
      await call(t.app, '/market/snapshot', { channel: 'quote:999999' }),
      'realtime.unknown_channel',
      400,
    );
    expectRefusal(
      await call(t.app, '/market/snapshot', { channel: 'weather' }),
      'realtime.unknown_channel',
      400,
      'channel',
    );
  });
});
