import { act, render, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadWatchlist, resetWatchlist, useWatchlist } from './watchlistStore';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../api', () => ({ call: api.call }));

const FEED = { simulated: true, source: 'simulator', demo: true, label: 'Demo' };
const item = (symbol: string) => ({
  symbol,
  name: symbol,
  market: 'KOSPI',
  price: 1,
  change: 0,
  changeRate: 0,
  addedAt: '',
});

/** A watchlist answer the test gives when it chooses. */
function deferred() {
  let resolve!: (symbols: string[]) => void;
  const promise = new Promise((ok) => {
    resolve = (symbols) => ok({ feed: FEED, data: symbols.map(item) });
  });
  return { promise, resolve };
}

/** A star's view of the list: every render is recorded. */
function Probe({ seen }: { seen: { loading: boolean; symbols: string[] | null }[] }) {
  const { loading, items } = useWatchlist();
  seen.push({ loading, symbols: items?.map((i) => i.symbol) ?? null });
  return null;
}

beforeEach(() => {
  resetWatchlist();
  api.call.mockReset();
});

describe('the watchlist store', () => {
  it('loads on first use without re-rendering the screen until the answer', async () => {
    const answer = deferred();
    api.call.mockReturnValueOnce(answer.promise);
    const seen: { loading: boolean; symbols: string[] | null }[] = [];
    render(<Probe seen={seen} />);
    // Mounted as loading; the load its effect started changed nothing shown (no second render,
    // which inside the mounting commit would be a synchronous one).
    expect(seen).toEqual([{ loading: true, symbols: null }]);
    // The call (the API client's first load) waits for a task of its own, after the commit's.
    expect(api.call).not.toHaveBeenCalled();
    await waitFor(() => expect(api.call).toHaveBeenCalledTimes(1));
    await act(async () => {
      answer.resolve(['005930']);
      await answer.promise;
    });
    expect(seen.at(-1)).toEqual({ loading: false, symbols: ['005930'] });
    expect(seen).toHaveLength(2);
  });

  it('joins a load in flight rather than asking twice', async () => {
    const answer = deferred();
    api.call.mockReturnValueOnce(answer.promise);
    const first = loadWatchlist();
    expect(loadWatchlist()).toBe(first);
    answer.resolve(['005930']);
    await first;
    expect(api.call).toHaveBeenCalledTimes(1);
  });

  it('does not adopt a load begun before a reset (another customer signed in)', async () => {
    const before = deferred();
    const after = deferred();
    api.call.mockReturnValueOnce(before.promise).mockReturnValueOnce(after.promise);
    const old = loadWatchlist();
    resetWatchlist();
    const seen: { loading: boolean; symbols: string[] | null }[] = [];
    render(<Probe seen={seen} />);
    // The new customer's screen asks again rather than waiting on the old customer's answer.
    await waitFor(() => expect(api.call).toHaveBeenCalledTimes(2));
    await act(async () => {
      before.resolve(['000660']);
      await old;
    });
    expect(seen.at(-1)).toEqual({ loading: true, symbols: null });
    await act(async () => {
      after.resolve(['005930']);
      await after.promise;
    });
    expect(seen.at(-1)).toEqual({ loading: false, symbols: ['005930'] });
  });
});
