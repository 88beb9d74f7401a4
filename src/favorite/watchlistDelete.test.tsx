import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../testing/renderWithApp';
import { resetWatchlist } from './watchlistStore';

configure({ asyncUtilTimeout: 5_000 });

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../api', () => ({ call: api.call }));
vi.mock('../market/live', () => ({
  useQuotes: () => ({ data: {}, status: 'live' }),
  useMarketSession: () => ({ data: null, status: 'connecting' }),
}));

const FEED = { simulated: true, source: 'simulator', demo: true, label: 'Demo' };
const item = (symbol: string, name: string) => ({
  symbol,
  name,
  market: 'KOSPI',
  price: 1,
  change: 0,
  changeRate: 0,
  addedAt: '',
});
const LIST = [item('005930', '삼성전자'), item('000660', 'SK하이닉스'), item('035420', 'NAVER')];

beforeEach(() => {
  resetWatchlist();
  api.call.mockReset();
  api.call.mockImplementation((name: string, body: { symbols?: string[] }) =>
    Promise.resolve({
      feed: FEED,
      data:
        name === 'watchlistRemove'
          ? LIST.filter((i) => !(body.symbols ?? []).includes(i.symbol))
          : LIST,
    }),
  );
});

async function openEditing() {
  const { default: WatchlistScreen } = await import('./WatchlistScreen');
  await renderWithApp(<WatchlistScreen />, { path: '/favorite/index' });
  await screen.findByTestId('watch-item-035420');
  fireEvent.click(screen.getByTestId('watch-edit'));
}

const removals = () => api.call.mock.calls.filter(([name]) => name === 'watchlistRemove');

describe('deleting from the watchlist', () => {
  it('asks before deleting several, and cancelling keeps them all', async () => {
    await openEditing();
    fireEvent.click(screen.getByTestId('watch-item-005930'));
    fireEvent.click(screen.getByTestId('watch-item-000660'));
    fireEvent.click(screen.getByTestId('watch-delete'));
    const dialog = await screen.findByTestId('watch-confirm');
    expect(dialog.textContent).toContain('선택한 2개 종목을 관심종목에서 삭제할까요?');
    expect(removals()).toEqual([]);
    fireEvent.click(screen.getByTestId('watch-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('watch-confirm')).toBeNull());
    expect(removals()).toEqual([]);
    expect(screen.getByTestId('watch-item-005930')).toBeTruthy();

    fireEvent.click(screen.getByTestId('watch-delete'));
    fireEvent.click(await screen.findByTestId('watch-confirm-delete'));
    await waitFor(() => expect(screen.queryByTestId('watch-item-005930')).toBeNull());
    expect(removals()).toEqual([['watchlistRemove', { symbols: ['005930', '000660'] }]]);
    expect(screen.getByTestId('watch-item-035420')).toBeTruthy();
  });

  it('deletes a single stock at once', async () => {
    await openEditing();
    fireEvent.click(screen.getByTestId('watch-item-035420'));
    fireEvent.click(screen.getByTestId('watch-delete'));
    await waitFor(() => expect(removals()).toEqual([['watchlistRemove', { symbols: ['035420'] }]]));
    expect(screen.queryByTestId('watch-confirm')).toBeNull();
  });
});
