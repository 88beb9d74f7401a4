import { describe, expect, it } from 'vitest';
import { loadSampleTicks } from './data-files';
import { parseTicks, ReplayFeed } from './replay-feed';
import { seoulTime } from './seoul-time';
import type { Trade } from './types';

const recording = `# maru-ticks v1: a hand-made morning
time,code,price,qty,side
2026-03-19T09:00:00+09:00,005930,199000,100,B
2026-03-19T09:00:10+09:00,KOSPI,5800.12,0,
2026-03-19T09:00:30+09:00,005930,199500,50,B
2026-03-19T09:01:05+09:00,005930,198500,20,S
2026-03-19T09:01:05+09:00,000660,912000,7,
2026-03-19T09:02:00+09:00,KOSPI,5790.5,0,
2026-03-20T09:00:00+09:00,005930,200000,30,B
`;

describe('replay feed', () => {
  it('parses the tick format', () => {
    const ticks = parseTicks(recording);
    expect(ticks).toHaveLength(7);
    expect(ticks[0]).toEqual({
      time: seoulTime('2026-03-19', 9),
      code: '005930',
      price: 199_000,
      qty: 100,
      side: 'B',
    });
    expect(ticks[4]!.side).toBe('');
    expect(() => parseTicks('time,code,price,qty,side\nnope,005930,1,1,B\n')).toThrow(/row 2/);
  });

  it('plays a small recording at its own times', () => {
    const feed = new ReplayFeed({ ticks: recording });
    const trades: Trade[] = [];
    feed.trades$('005930').subscribe((t) => trades.push(t));
    feed.advanceTo(seoulTime('2026-03-19', 9, 0, 40));
    expect(trades.map((t) => t.price)).toEqual([199_000, 199_500]);
    feed.advanceTo(seoulTime('2026-03-19', 9, 5));
    const q = feed.quote('005930')!;
    expect(q).toMatchObject({
      price: 198_500,
      open: 199_000,
      high: 199_500,
      low: 198_500,
      volume: 170,
    });
    expect(q.simulated).toBe(true);
    expect(feed.source).toBe('replay');
    const book = feed.book('005930', 5)!;
    expect(book.bids[0]!.price).toBe(198_500);
    expect(book.asks[0]!.price).toBeGreaterThan(198_500);
    expect(feed.candles('005930', '1m', { adjust: 'none' }).map((c) => c.close)).toEqual([
      199_500, 198_500,
    ]);
    expect(feed.quote('000660')!.name).toBe('SK하이닉스');
    expect(feed.indices()[0]).toMatchObject({ name: 'KOSPI', value: 5790.5, high: 5800.12 });
    // Next day: yesterday's last becomes the previous close.
    feed.advanceTo(seoulTime('2026-03-20', 10));
    expect(feed.quote('005930')).toMatchObject({ price: 200_000, prevClose: 198_500, volume: 30 });
    expect(feed.finished).toBe(true);
  });

  it('can shift a recording to start now', () => {
    const start = seoulTime('2026-04-01', 9);
    const feed = new ReplayFeed({ ticks: recording, start });
    feed.advanceTo(start + 31_000);
    expect(feed.quote('005930')!.price).toBe(199_500);
    expect(feed.trades('005930')[0]!.time).toBe(start + 30_000);
  });

  it('plays the bundled recording of real March 2026 bars', () => {
    const feed = new ReplayFeed({ ticks: loadSampleTicks() });
    feed.advanceTo(seoulTime('2026-03-20', 16));
    expect(feed.finished).toBe(true);
    expect(feed.instruments()).toHaveLength(60);
    // The real close of KOSPI on 2026-03-20.
    expect(feed.indices().find((x) => x.name === 'KOSPI')!.value).toBe(5781.2);
    expect(feed.quote('005930')!.price).toBe(199_400);
    expect(feed.candles('005930', '1d').length).toBe(11);
  });
});
