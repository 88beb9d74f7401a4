import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../testing/renderWithApp';

/**
 * The market screens' states with the network stubbed: REST calls through `call`, live data
 * through the hooks of `./live` (each test says what they return).
 */
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../api', () => ({ call: api.call }));

type Live = { data: unknown; status: 'connecting' | 'live' | 'polling' | 'error' };
const live = vi.hoisted(() => {
  const initial: { value: Live; session: Live } = {
    value: { data: null, status: 'connecting' },
    session: { data: null, status: 'connecting' },
  };
  return initial;
});
vi.mock('./live', () => ({
  useQuote: () => live.value,
  useQuotes: () => ({ data: {}, status: 'live' }),
  useBook: () => live.value,
  useTrades: () => live.value,
  useLiveCandle: () => ({ data: null, status: 'live' }),
  useIndices: () => live.value,
  useFxRates: () => live.value,
  useRanking: () => live.value,
  useMarketSession: () => live.session,
}));

const FEED = { simulated: true, source: 'simulator', demo: true, label: 'Demo' };
const samsung = {
  code: '005930',
  nameKo: '삼성전자',
  nameEn: 'SAMSUNG ELECTRONICS',
  market: 'KOSPI',
  price: 199_400,
  changeRate: 0.012,
};

beforeEach(async () => {
  api.call.mockReset();
  localStorage.clear();
  live.value = { data: null, status: 'connecting' };
  live.session = { data: null, status: 'connecting' };
  const store = await import('../favorite/watchlistStore');
  store.resetWatchlist();
});

describe('the market screen', () => {
  it('shows loading rows, then the error state, and always the simulated badge', async () => {
    const { default: MarketScreen } = await import('./MarketScreen');
    const view = await renderWithApp(<MarketScreen />, { path: '/market/index' });
    expect(screen.getByTestId('rankings-loading')).toBeTruthy();
    expect(screen.getByTestId('simulated-badge').textContent).toContain('모의 시세');
    view.unmount();
    live.value = { data: null, status: 'error' };
    await renderWithApp(<MarketScreen />, { path: '/market/index' });
    expect(screen.getByTestId('rankings-error')).toBeTruthy();
  });

  it('shows an empty ranking and red/blue rates', async () => {
    live.value = { data: [], status: 'live' };
    const { default: MarketScreen } = await import('./MarketScreen');
    await renderWithApp(<MarketScreen />, { path: '/market/index' });
    expect(screen.getByTestId('rankings-empty')).toBeTruthy();
  });

  it('loads the industries tab and offers a retry when it fails', async () => {
    api.call.mockRejectedValueOnce(new Error('down'));
    const { default: MarketScreen } = await import('./MarketScreen');
    await renderWithApp(<MarketScreen />, { path: '/market/index?tab=featured' });
    expect(await screen.findByTestId('industries-error')).toBeTruthy();
    api.call.mockResolvedValueOnce({ feed: FEED, industries: [] });
    fireEvent.click(screen.getByText('다시 시도'));
    expect(await screen.findByTestId('industries-empty')).toBeTruthy();
  });
});

describe('the stock screen', () => {
  it('shows the figures, and a dash for the industry P/E with the reason', async () => {
    api.call.mockImplementation((name: string) => {
      if (name === 'stockDetail')
        return Promise.resolve({
          feed: FEED,
          stock: {
            ...samsung,
            industry: '통신 및 방송 장비 제조업',
            listedShares: 5_919_637_922,
            prevClose: 199_000,
            change: 400,
            open: 199_000,
            high: 200_000,
            low: 198_500,
            volume: 12_345,
            turnover: 2_460_000_000,
            marketCap: 1_180_000_000_000_000,
            upperLimit: 258_500,
            lowerLimit: 139_300,
            week52High: 251_000,
            week52Low: 148_200,
            vi: false,
            halted: false,
            time: 0,
          },
        });
      if (name === 'watchlist') return Promise.resolve({ feed: FEED, data: [] });
      return new Promise(() => undefined); // candles: stay loading
    });
    const { default: StockDetailScreen } = await import('./StockDetailScreen');
    await renderWithApp(<StockDetailScreen />, { path: '/market/stockDetail?code=005930' });
    expect((await screen.findByTestId('stock-price')).textContent).toBe('199,400');
    expect(screen.getByTestId('stock-name').textContent).toBe('삼성전자');
    expect(screen.getByTestId('stat-week52High').textContent).toContain('251,000');
    expect(screen.getByTestId('stat-industryPe').textContent).toContain('—');
    expect(screen.getByTestId('stat-industryPe').textContent).toContain('실적 데이터가 없습니다');
    expect(screen.getByTestId('stat-marketCap').textContent).toContain('조');
    expect(screen.getByTestId('chart-loading')).toBeTruthy();
    expect(screen.getByTestId('book-loading')).toBeTruthy();
    // Up is red in Korea.
    expect(getComputedStyle(screen.getByTestId('stock-price')).color).toMatch(
      /191, 37, 48|bf2530/i,
    );
  });
});

describe('the watchlist and search', () => {
  it('shows the empty watchlist with a way to add stocks', async () => {
    api.call.mockResolvedValue({ feed: FEED, data: [] });
    const { default: WatchlistScreen } = await import('../favorite/WatchlistScreen');
    await renderWithApp(<WatchlistScreen />, { path: '/favorite/index' });
    expect(await screen.findByTestId('watchlist-empty')).toBeTruthy();
    expect(screen.getByTestId('watch-add')).toBeTruthy();
  });

  it('shows the error state when the list cannot be loaded', async () => {
    api.call.mockRejectedValue(new Error('down'));
    const { default: WatchlistScreen } = await import('../favorite/WatchlistScreen');
    await renderWithApp(<WatchlistScreen />, { path: '/favorite/index' });
    expect(await screen.findByTestId('watchlist-error')).toBeTruthy();
  });

  it('selects all and deletes them at once', async () => {
    const item = {
      symbol: '005930',
      name: '삼성전자',
      nameEn: 'SAMSUNG',
      market: 'KOSPI',
      price: 1,
      change: 0,
      changeRate: 0,
      addedAt: '',
    };
    api.call.mockImplementation((name: string) =>
      Promise.resolve({
        feed: FEED,
        data:
          name === 'watchlistRemove'
            ? []
            : [item, { ...item, symbol: '000660', name: 'SK하이닉스' }],
      }),
    );
    const { default: WatchlistScreen } = await import('../favorite/WatchlistScreen');
    await renderWithApp(<WatchlistScreen />, { path: '/favorite/index' });
    await screen.findByTestId('watch-item-000660');
    fireEvent.click(screen.getByTestId('watch-edit'));
    fireEvent.click(screen.getByTestId('watch-select-all'));
    fireEvent.click(screen.getByTestId('watch-delete'));
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith('watchlistRemove', { symbols: ['005930', '000660'] }),
    );
    expect(await screen.findByTestId('watchlist-empty')).toBeTruthy();
  });

  it('searches, shows no results, and keeps and clears the history', async () => {
    api.call.mockImplementation((name: string, body: { keyword?: string }) => {
      if (name === 'search')
        return Promise.resolve({
          feed: FEED,
          results: body.keyword === '삼성전자' ? [samsung] : [],
        });
      return Promise.resolve({ feed: FEED, data: [] });
    });
    const { default: SearchScreen } = await import('../favorite/SearchScreen');
    await renderWithApp(<SearchScreen />, { path: '/favorite/search' });
    expect(screen.getByTestId('search-history-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: 'zzz' } });
    expect(await screen.findByTestId('search-empty')).toBeTruthy();
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: '삼성전자' } });
    expect(await screen.findByTestId('search-result-005930')).toBeTruthy();
    fireEvent.click(screen.getByTestId('search-watch-005930'));
    await waitFor(() =>
      expect(api.call).toHaveBeenCalledWith('watchlistAdd', { symbol: '005930' }),
    );
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: '' } });
    expect((await screen.findByTestId('search-history-item')).textContent).toBe('삼성전자');
    fireEvent.click(screen.getByTestId('search-history-clear'));
    expect(screen.getByTestId('search-history-empty')).toBeTruthy();
  });
});

describe('investor trends', () => {
  it('shows loading, then the bars, then the error state, without reading absent data', async () => {
    const { InvestorTrends } = await import('./panels/InvestorTrends');
    let answer: (value: unknown) => void = () => undefined;
    api.call.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const view = await renderWithApp(<InvestorTrends scope="KOSPI" />, { path: '/market/index' });
    expect(screen.getByTestId('investor-trends-loading')).toBeTruthy();
    const side = (netAmount: number) => ({ netAmount, buyAmount: 0, sellAmount: 0 });
    answer({
      date: '2026-11-20',
      individual: side(-1_200_000_000),
      foreign: side(900_000_000),
      institution: side(300_000_000),
    });
    await waitFor(() => expect(screen.getByTestId('investor-trends').textContent).toContain('+'));
    view.unmount();
    api.call.mockRejectedValue(new Error('network'));
    await renderWithApp(<InvestorTrends scope="KOSPI" />, { path: '/market/index' });
    await waitFor(() => expect(screen.getByTestId('investor-trends-error')).toBeTruthy());
  });
});
