import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMarketFeed } from '../market';
import { ChannelPublisher, FLUSH_BUDGET_MS } from './channel-publisher';

const START = Date.UTC(2026, 2, 3, 1, 0); // 10:00 in Seoul, a trading day: the market is open
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('ChannelPublisher', () => {
  let publisher: ChannelPublisher | null = null;
  afterEach(() => publisher?.close());

  it('computes one snapshot per channel per update, shared by every request', () => {
    const feed = createMarketFeed({ seed: 'cache', demo: true, start: START });
    const rankings = vi.spyOn(feed, 'rankings');
    publisher = new ChannelPublisher(feed, () => undefined);
    const frames = Array.from({ length: 100 }, () => publisher?.snapshotFrame('ranking:volume'));
    expect(rankings).toHaveBeenCalledTimes(1);
    expect(new Set(frames).size).toBe(1);
    expect(publisher.snapshotsComputed).toBe(1);

    const quotes = vi.spyOn(feed, 'quote');
    const first = publisher.snapshotFrame('quote:005930');
    publisher.snapshotFrame('quote:005930');
    expect(quotes).toHaveBeenCalledTimes(1);
    // Trading moves the quote: the next request gets a new snapshot, one past the update sent.
    feed.advanceTo(START + 60_000);
    const after = publisher.snapshotFrame('quote:005930');
    expect(quotes).toHaveBeenCalledTimes(2);
    expect(after?.seq).toBe((first?.seq ?? 0) + 1);
    expect(publisher.snapshotFrame('quote:005930')).toBe(after);
  });

  it('sends for a few milliseconds per turn, the rest on later turns, none lost', async () => {
    const feed = createMarketFeed({ seed: 'budget', demo: true, start: START });
    const sent: string[] = [];
    const perTurn: number[] = [];
    publisher = new ChannelPublisher(feed, (channel) => {
      sent.push(channel);
      const until = performance.now() + 1; // a slow broadcast: 1 ms each
      while (performance.now() < until);
    });
    const channels = feed
      .instruments()
      .slice(0, 60)
      .map((i) => `quote:${i.code}`);
    for (const channel of channels) publisher.watch(channel);
    feed.advanceTo(START + 5 * 60_000);
    let before = 0;
    for (let i = 0; i < 40 && (i === 0 || sent.length > before); i += 1) {
      before = sent.length;
      await turn();
      perTurn.push(sent.length - before);
    }
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(FLUSH_BUDGET_MS + 1);
    expect(new Set(sent).size).toBe(channels.length);
  });
});
