/**
 * The order-book benchmark page: the real OrderBook (src/market/parts) on the real live layer,
 * fed by a fake socket that pushes 50 book frames a second. `?mode=conflated` reads them through
 * the app's path (one render per display frame at most); `?mode=direct` is the baseline: the same
 * layer with the frame conflation replaced by a synchronous scheduler, so every message renders.
 * Renders are counted and timed with React's <Profiler>; the result lands in `window.benchResult`.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { Profiler } from 'react';
import type { ProfilerOnRenderCallback } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { queueScheduler } from 'rxjs';
import type { BookLevel, OrderBookSnapshot } from '../../contract/market';
import type { SnapshotFrame } from '../../contract/market-socket';
import { i18n, startI18n } from '../../src/i18n/i18n';
import { resetChannelStreams } from '../../src/market/live/channel-store';
import { FakeMarketSocket } from '../../src/market/live/fake-market-socket';
import { configureMarketTransport } from '../../src/market/live/transport';
import { OrderBook } from '../../src/market/parts/OrderBook';
import { customerSystem } from '../../src/theme/system';

export interface BookBenchResult {
  mode: string;
  seconds: number;
  messages: number;
  commits: number;
  frames: number;
  maxCommitsPerFrame: number;
  durations: number[];
}

declare global {
  interface Window {
    benchResult?: BookBenchResult;
  }
}

const params = new URLSearchParams(location.search);
const mode = params.get('mode') === 'direct' ? 'direct' : 'conflated';
const rate = Number(params.get('rate') ?? 50);
const seconds = Number(params.get('seconds') ?? 10);
const warmupMs = 1_000;

const CODE = '005930';
const CHANNEL = `book:${CODE}:5`;
const PREV_CLOSE = 71_000;

let step = 0;
function book(): OrderBookSnapshot {
  step += 1;
  const mid = PREV_CLOSE + 100 * ((step % 7) - 3);
  const level = (i: number, side: 1 | -1): BookLevel => ({
    price: mid + side * 100 * (i + (side === 1 ? 1 : 0)),
    qty: 1_000 + ((step * 37 + i * 101 + (side === 1 ? 0 : 53)) % 9_000),
  });
  const asks = Array.from({ length: 5 }, (_, i) => level(i, 1));
  const bids = Array.from({ length: 5 }, (_, i) => level(i, -1));
  return {
    code: CODE,
    time: Date.now(),
    asks,
    bids,
    totalAskQty: asks.reduce((s, l) => s + l.qty, 0),
    totalBidQty: bids.reduce((s, l) => s + l.qty, 0),
    auction: false,
    simulated: true,
  };
}

let seq = 1;
const fake = new FakeMarketSocket((channel): SnapshotFrame => ({
  channel,
  kind: 'snapshot',
  seq,
  data: book(),
}));
configureMarketTransport({
  connect: () => {
    queueMicrotask(() => fake.connect());
    return fake.asSocket();
  },
  fetchSnapshot: () => new Promise(() => {}),
  connectTimeoutMs: 60_000,
});
// The baseline: no pacing, and conflateToFrame on a synchronous scheduler, let every message
// through.
if (mode === 'direct') resetChannelStreams(queueScheduler, 0);
else resetChannelStreams();

let measuring = false;
let commits = 0;
let commitsThisFrame = 0;
let maxCommitsPerFrame = 0;
let frames = 0;
const durations: number[] = [];

const onRender: ProfilerOnRenderCallback = (_id, phase, actualDuration) => {
  if (!measuring || phase === 'mount') return;
  commits += 1;
  commitsThisFrame += 1;
  durations.push(actualDuration);
};

function countFrames(): void {
  if (measuring) {
    frames += 1;
    maxCommitsPerFrame = Math.max(maxCommitsPerFrame, commitsThisFrame);
  }
  commitsThisFrame = 0;
  requestAnimationFrame(countFrames);
}

/** Pushes `rate` frames a second, evenly spaced, catching up if a timer fires late. */
function feed(until: number, onMessage: () => void): Promise<void> {
  const start = performance.now();
  let sent = 0;
  return new Promise((resolve) => {
    const tick = () => {
      const elapsed = performance.now() - start;
      const due = Math.min(Math.floor((elapsed / 1000) * rate), Math.round((until / 1000) * rate));
      for (; sent < due; sent += 1) {
        seq += 1;
        fake.push({ channel: CHANNEL, kind: 'update', seq, data: book() });
        onMessage();
      }
      if (elapsed >= until) resolve();
      else setTimeout(tick, Math.max(0, ((sent + 1) / rate) * 1000 - elapsed));
    };
    tick();
  });
}

async function run(): Promise<void> {
  await startI18n('kor');
  createRoot(document.getElementById('root') as HTMLElement).render(
    <ChakraProvider value={customerSystem()}>
      <I18nextProvider i18n={i18n}>
        <Profiler id="order-book" onRender={onRender}>
          <OrderBook code={CODE} prevClose={PREV_CLOSE} subscribe={false} />
        </Profiler>
      </I18nextProvider>
    </ChakraProvider>,
  );
  while (!document.querySelector('[data-testid="book-ask-1-price"]')?.textContent) {
    await new Promise((r) => setTimeout(r, 20));
  }
  requestAnimationFrame(countFrames);
  await feed(warmupMs, () => {});
  let messages = 0;
  measuring = true;
  const started = performance.now();
  await feed(seconds * 1000, () => (messages += 1));
  // Let the last message's render land.
  await new Promise((r) => setTimeout(r, 50));
  measuring = false;
  window.benchResult = {
    mode,
    seconds: (performance.now() - started) / 1000,
    messages,
    commits,
    frames,
    maxCommitsPerFrame,
    durations,
  };
}

void run();
