import { act, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Quote } from '../../../contract/market';
import type { SnapshotFrame } from '../../../contract/market-socket';
import { MARKET_EVENTS } from '../../../contract/market-socket';
import { LIVE_RENDER_INTERVAL_MS, resetChannelStreams } from './channel-store';
import { FakeMarketSocket } from './fake-market-socket';
import type { LiveValue } from './index';
import { useQuote, useQuoteValue, useQuotes, useTrades } from './index';
import { configureMarketTransport, transportOptions } from './transport';

const quote = (code: string, price: number): Quote =>
  ({ code, name: code, price, time: price, simulated: true }) as unknown as Quote;

let seq = 0;
let price = 100;
const answer = (channel: string): SnapshotFrame | null => {
  if (channel === 'quote:999999') return null;
  if (channel.startsWith('trades:')) return { channel, kind: 'snapshot', seq, data: [] };
  return { channel, kind: 'snapshot', seq, data: quote(channel.slice(6), price) };
};

let fake: FakeMarketSocket;
let polls: string[];

function setup(options: { connects: boolean }) {
  fake = new FakeMarketSocket(answer);
  polls = [];
  configureMarketTransport({
    connect: () => {
      if (options.connects) queueMicrotask(() => fake.connect());
      return fake.asSocket();
    },
    fetchSnapshot: (channel) => {
      polls.push(channel);
      return Promise.resolve(answer(channel) as SnapshotFrame);
    },
    connectTimeoutMs: 100,
    pollEveryMs: 50,
    graceMs: 0,
  });
  resetChannelStreams();
}

/** Renders a hook and records every value it rendered with. */
function watch<T>(useValue: () => LiveValue<T>) {
  const renders: LiveValue<T>[] = [];
  function Probe() {
    renders.push(useValue());
    return null;
  }
  const view = render(<Probe />);
  return { renders, last: () => renders[renders.length - 1] as LiveValue<T>, view };
}

beforeEach(() => {
  seq = 10;
  price = 100;
});
afterEach(() => resetChannelStreams());

describe('live market hooks', () => {
  it('shows the snapshot, applies updates and resyncs after a gap', async () => {
    setup({ connects: true });
    const probe = watch(() => useQuote('005930'));
    expect(probe.last()).toEqual({ data: null, status: 'connecting' });
    await waitFor(() => expect(probe.last().data?.price).toBe(100));
    expect(probe.last().status).toBe('live');

    act(() =>
      fake.push({ channel: 'quote:005930', kind: 'update', seq: 11, data: quote('005930', 101) }),
    );
    await waitFor(() => expect(probe.last().data?.price).toBe(101));

    // seq 12 was lost: the next snapshot is asked for, and shown.
    seq = 13;
    price = 130;
    act(() =>
      fake.push({ channel: 'quote:005930', kind: 'update', seq: 13, data: quote('005930', 131) }),
    );
    await waitFor(() => expect(probe.last().data?.price).toBe(130));
    expect(fake.requests.filter((r) => r.event === MARKET_EVENTS.snapshot)).toEqual([
      { event: MARKET_EVENTS.snapshot, channel: 'quote:005930' },
    ]);
    act(() =>
      fake.push({ channel: 'quote:005930', kind: 'update', seq: 14, data: quote('005930', 140) }),
    );
    await waitFor(() => expect(probe.last().data?.price).toBe(140));
  });

  it('opens the socket in a task after the one that mounted the view', async () => {
    setup({ connects: true });
    let connects = 0;
    const open = transportOptions().connect;
    configureMarketTransport({ ...transportOptions(), connect: () => (connects++, open()) });
    const probe = watch(() => useQuote('005930'));
    // React ran the view's subscription in the mount (act flushes its effects): the socket's
    // set-up is not part of that task.
    expect(connects).toBe(0);
    await waitFor(() => expect(probe.last().data?.price).toBe(100));
    expect(connects).toBe(1);
  });

  it('creates the socket in a task of its own, before the first channel subscribes', async () => {
    setup({ connects: true });
    // `created` turns true in a microtask queued as the socket is created: once the task that
    // created it has ended.
    let created = false;
    const open = transportOptions().connect;
    configureMarketTransport({
      ...transportOptions(),
      connect: () => {
        queueMicrotask(() => (created = true));
        return open();
      },
    });
    // The channel's subscription reads the socket's state first: was the creation's task over?
    const readAfterCreation: boolean[] = [];
    let connected = false;
    Object.defineProperty(fake, 'connected', {
      configurable: true,
      get: () => (readAfterCreation.push(created), connected),
      set: (value: boolean) => (connected = value),
    });
    const probe = watch(() => useQuote('005930'));
    await waitFor(() => expect(probe.last().data?.price).toBe(100));
    expect(readAfterCreation[0]).toBe(true);
  });

  it('resubscribes after the connection drops and comes back', async () => {
    setup({ connects: true });
    const probe = watch(() => useQuote('005930'));
    await waitFor(() => expect(probe.last().data?.price).toBe(100));
    act(() => fake.drop());
    price = 200;
    seq = 50;
    act(() => {
      fake.connect();
    });
    await waitFor(() => expect(probe.last().data?.price).toBe(200), { timeout: 3_000 });
    expect(fake.requests.filter((r) => r.event === MARKET_EVENTS.subscribe)).toHaveLength(2);
  });

  it('says connecting between a dropped connection and the resubscription', async () => {
    setup({ connects: true });
    const probe = watch(() => useQuote('005930'));
    await waitFor(() => expect(probe.last()).toMatchObject({ status: 'live' }));
    expect(probe.last().data?.price).toBe(100);
    act(() => fake.drop());
    // The last price stays on screen, but it is no longer live.
    await waitFor(() => expect(probe.last().status).toBe('connecting'));
    expect(probe.last().data?.price).toBe(100);
    price = 200;
    seq = 50;
    act(() => {
      fake.connect();
    });
    await waitFor(() => expect(probe.last()).toMatchObject({ status: 'live' }), {
      timeout: 3_000,
    });
    expect(probe.last().data?.price).toBe(200);
  });

  it('polls the snapshot call when the socket cannot connect', async () => {
    setup({ connects: false });
    const probe = watch(() => useQuote('005930'));
    await waitFor(() =>
      expect(probe.last()).toMatchObject({ status: 'polling', data: { price: 100 } }),
    );
    price = 105;
    await waitFor(() => expect(probe.last().data?.price).toBe(105));
    expect(polls.length).toBeGreaterThanOrEqual(2);
  });

  it('renders a burst of updates at most once per frame', async () => {
    setup({ connects: true });
    const probe = watch(() => useQuotes(['005930', '000660']));
    await waitFor(() => expect(probe.last().status).toBe('live'));
    await waitFor(() => expect(Object.keys(probe.last().data ?? {})).toHaveLength(2));
    const before = probe.renders.length;
    act(() => {
      for (let i = 1; i <= 50; i += 1) {
        fake.push({
          channel: 'quote:005930',
          kind: 'update',
          seq: 10 + i,
          data: quote('005930', 100 + i),
        });
        fake.push({
          channel: 'quote:000660',
          kind: 'update',
          seq: 10 + i,
          data: quote('000660', 200 + i),
        });
      }
    });
    await waitFor(() => expect(probe.last().data?.['000660']?.price).toBe(250));
    expect(probe.last().data?.['005930']?.price).toBe(150);
    // 100 frames in one burst: one render (React may render once more for its own reasons).
    expect(probe.renders.length - before).toBeLessThanOrEqual(2);
  });

  it('re-renders a derived value only when it changes, not with every quote', async () => {
    setup({ connects: true });
    const seen: (number | null)[] = [];
    const prices: number[] = [];
    function Frame() {
      seen.push(useQuoteValue('005930', (q) => q?.prevClose ?? null));
      return null;
    }
    function Price() {
      const data = useQuote('005930').data;
      if (data) prices.push(data.price);
      return null;
    }
    const push = (seqNo: number, at: number, prevClose: number) =>
      act(() =>
        fake.push({
          channel: 'quote:005930',
          kind: 'update',
          seq: seqNo,
          data: { ...quote('005930', at), prevClose },
        }),
      );
    render(
      <>
        <Frame />
        <Price />
      </>,
    );
    // Nothing before the first quote; the snapshot's quote has no previous close.
    expect(seen).toEqual([null]);
    await waitFor(() => expect(prices).toContain(100));
    push(11, 101, 90);
    await waitFor(() => expect(seen.at(-1)).toBe(90));
    const frames = seen.length;
    for (let i = 2; i <= 4; i += 1) {
      push(10 + i, 100 + i, 90);
      await waitFor(() => expect(prices.at(-1)).toBe(100 + i));
    }
    // Three more quotes, the same previous close: the frame did not render again.
    expect(seen.length).toBe(frames);
    push(15, 105, 91);
    await waitFor(() => expect(seen.at(-1)).toBe(91));
    // No symbol: no subscription, the selector sees null.
    const none: (number | null)[] = [];
    function Idle() {
      none.push(useQuoteValue(null, (q) => q?.price ?? -1));
      return null;
    }
    render(<Idle />);
    expect(none).toEqual([-1]);
  });

  it('renders a steady stream at most once per LIVE_RENDER_INTERVAL_MS, ending on the latest', async () => {
    setup({ connects: true });
    const probe = watch(() => useQuote('005930'));
    await waitFor(() => expect(probe.last().data?.price).toBe(100));
    const before = probe.renders.length;
    const began = Date.now();
    // 30 updates 20 ms apart: 50 a second for 0.6 s.
    for (let i = 1; i <= 30; i += 1) {
      act(() =>
        fake.push({
          channel: 'quote:005930',
          kind: 'update',
          seq: 10 + i,
          data: quote('005930', 100 + i),
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await waitFor(() => expect(probe.last().data?.price).toBe(130));
    const elapsed = Date.now() - began;
    // One render per interval (the first at once, then the latest of each interval), plus the
    // last one and React's own extra render; not one per update.
    const renders = probe.renders.length - before;
    expect(renders).toBeLessThanOrEqual(Math.ceil(elapsed / LIVE_RENDER_INTERVAL_MS) + 2);
    expect(renders).toBeLessThan(15);
  });

  it('keeps the newest trades first and says error for a refused channel', async () => {
    setup({ connects: true });
    const trades = watch(() => useTrades('005930'));
    await waitFor(() => expect(trades.last().data).toEqual([]));
    const trade = (n: number) => ({ code: '005930', seq: n }) as never;
    act(() =>
      fake.push({ channel: 'trades:005930', kind: 'update', seq: 11, data: [trade(2), trade(1)] }),
    );
    await waitFor(() => expect(trades.last().data).toHaveLength(2));
    expect(trades.last().data?.map((t) => t.seq)).toEqual([2, 1]);

    const refused = watch(() => useQuote('999999'));
    await waitFor(() => expect(refused.last()).toEqual({ data: null, status: 'error' }));
  });
});
