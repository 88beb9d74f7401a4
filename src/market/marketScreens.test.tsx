import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchLocale } from '../i18n/i18n';
import { renderWithApp } from '../testing/renderWithApp';
import { configureAfterPaint } from './parts/useAfterPaint';
import { NEAR_AT_ONCE, configureNearViewport } from './parts/useNearViewport';

/**
 * The market screens' states with the network stubbed: REST calls through `call`, live data
 * through the hooks of `./live` (each test says what they return).
 */
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../api', () => ({ call: api.call }));

type Live = { data: unknown; status: 'connecting' | 'live' | 'polling' | 'error' };
const live = vi.hoisted(() => {
  const initial: {
    value: Live;
    session: Live;
    bookSymbols: (string | null)[];
    quoteSymbols: (string | null)[];
  } = {
    value: { data: null, status: 'connecting' },
    session: { data: null, status: 'connecting' },
    bookSymbols: [],
    quoteSymbols: [],
  };
  return initial;
});
vi.mock('./live', () => ({
  useQuote: (symbol: string | null) => {
    live.quoteSymbols.push(symbol);
    return live.value;
  },
  useQuoteValue: (symbol: string | null, select: (quote: unknown) => unknown) => {
    live.quoteSymbols.push(symbol);
    return select(symbol === null ? null : (live.value.data ?? null));
  },
  useQuotes: () => ({ data: {}, status: 'live' }),
  // Like the real hook: no symbol, no feed (the book asks for none until it is near the screen).
  useBook: (symbol: string | null) => {
    live.bookSymbols.push(symbol);
    return symbol === null ? { data: null, status: 'live' } : live.value;
  },
  useTrades: () => live.value,
  useLiveCandle: () => ({ data: null, status: 'live' }),
  useIndices: () => live.value,
  useFxRates: () => live.value,
  useRanking: () => live.value,
  useMarketSession: () => live.session,
}));

const TELECOM = {
  ko: '통신 및 방송 장비 제조업',
  en: 'Telecom and broadcasting equipment',
  'zh-CN': '通信及广播设备制造业',
  'zh-TW': '通訊及廣播設備製造業',
};
const FEED = { simulated: true, source: 'simulator', demo: true, label: 'Demo' };
const samsung = {
  code: '005930',
  nameKo: '삼성전자',
  nameEn: 'Samsung Electronics',
  market: 'KOSPI',
  price: 199_400,
  changeRate: 0.012,
};
/** The stock detail's answer where a test needs only a stock with its industry and a move. */
const SAMSUNG_DETAIL = {
  feed: FEED,
  stock: {
    ...samsung,
    industry: TELECOM.ko,
    industryNames: TELECOM,
    prevClose: 199_000,
    change: 400,
    time: 0,
  },
};

beforeEach(async () => {
  api.call.mockReset();
  localStorage.clear();
  live.value = { data: null, status: 'connecting' };
  live.session = { data: null, status: 'connecting' };
  live.bookSymbols = [];
  live.quoteSymbols = [];
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

describe('stock names and figures in the chosen language', () => {
  afterEach(() => switchLocale('kor'));

  const entry = {
    rank: 1,
    code: '005930',
    name: '삼성전자',
    nameEn: 'Samsung Electronics',
    market: 'KOSPI',
    price: 199_400,
    changeRate: 0.012,
    volume: 4_010_000,
    turnover: 1_182_150_000_000,
    marketCap: 1_182_150_000_000_000,
  };

  it('names a stock the same on the ranking and on the detail, and formats its volume', async () => {
    live.value = { data: [entry], status: 'live' };
    const { RankingBoard } = await import('./panels/RankingBoard');
    const view = await renderWithApp(<RankingBoard initialKind="volume" />, {
      path: '/market/index',
    });
    const row = () => screen.getByTestId('ranking-005930').textContent ?? '';
    expect(row()).toContain('삼성전자');
    expect(row()).toContain('401만 주');
    await act(() => switchLocale('en'));
    await waitFor(() => expect(row()).toContain('Samsung Electronics'));
    expect(row()).not.toContain('삼성전자');
    expect(row()).toContain('4.01M');
    // No Chinese names in the data: Chinese readers get the English one, not Hangul.
    await act(() => switchLocale('cn'));
    await waitFor(() => expect(row()).toContain('401万股'));
    expect(row()).toContain('Samsung Electronics');
    expect(row()).toContain('401万股');
    view.unmount();

    live.value = { data: null, status: 'connecting' };
    api.call.mockImplementation((name: string) =>
      name === 'stockDetail'
        ? Promise.resolve({
            feed: FEED,
            stock: {
              ...samsung,
              industry: '통신 및 방송 장비 제조업',
              industryNames: TELECOM,
              listedShares: 5_919_637_922,
              prevClose: 199_000,
              change: 400,
              open: null,
              high: null,
              low: null,
              volume: 4_010_000,
              turnover: 0,
              marketCap: 1_182_150_000_000_000,
              upperLimit: 258_500,
              lowerLimit: 139_300,
              week52High: 251_000,
              week52Low: 148_200,
              vi: false,
              halted: false,
              time: 0,
            },
          })
        : new Promise(() => undefined),
    );
    await act(() => switchLocale('en'));
    const { default: StockDetailScreen } = await import('./StockDetailScreen');
    await renderWithApp(<StockDetailScreen />, { path: '/market/stockDetail?code=005930' });
    expect((await screen.findByTestId('stock-name')).textContent).toBe('Samsung Electronics');
    expect(screen.getByTestId('stat-marketCap').textContent).toContain('1,182.15T');
    expect(screen.getByTestId('stat-industry').textContent).toContain(
      'Telecom and broadcasting equipment',
    );
    await act(() => switchLocale('tw'));
    await waitFor(() =>
      expect(screen.getByTestId('stat-industry').textContent).toContain('通訊及廣播設備製造業'),
    );
    expect(screen.getByTestId('stock-name').textContent).toBe('Samsung Electronics');
    expect(screen.getByTestId('stat-marketCap').textContent).toContain('1,182.15兆');
  });
});

describe('the forex board', () => {
  const rate = (currency: string, krwPerUnit: number, change: number) => ({
    currency,
    krwPerUnit,
    quoteUnit: currency === 'JPY' || currency === 'VND' ? 100 : 1,
    prevClose: krwPerUnit - change,
    change,
    changeRate: change / (krwPerUnit - change),
    time: 0,
    simulated: true,
  });

  it('quotes the yen and the dong per 100, the others per unit', async () => {
    live.value = {
      data: [rate('USD', 1450, 2.5), rate('JPY', 9.4, 0.012), rate('VND', 0.05512, -0.0001)],
      status: 'live',
    };
    const { ForexBoard } = await import('./panels/ForexBoard');
    await renderWithApp(<ForexBoard />, { path: '/market/index?tab=forex' });
    expect(screen.getByTestId('fx-JPY').textContent).toContain('940.00');
    expect(screen.getByTestId('fx-JPY').textContent).toContain('1.20');
    expect(screen.getByTestId('fx-unit-JPY').textContent).toBe('100엔');
    expect(screen.getByTestId('fx-VND').textContent).toContain('5.51');
    expect(screen.getByTestId('fx-unit-VND').textContent).toBe('100동');
    expect(screen.getByTestId('fx-USD').textContent).toContain('1,450.00');
    expect(screen.queryByTestId('fx-unit-USD')).toBeNull();
  });
});

/**
 * The stock screen with its detail call held until the test answers it (the returned function);
 * the watchlist is empty and every other call stays pending.
 */
async function renderWithDetailHeld(): Promise<(detail: unknown) => void> {
  let answer: (value: unknown) => void = () => undefined;
  api.call.mockImplementation((name: string) => {
    if (name === 'stockDetail') return new Promise((resolve) => (answer = resolve));
    if (name === 'watchlist') return Promise.resolve({ feed: FEED, data: [] });
    return new Promise(() => undefined);
  });
  const { default: StockDetailScreen } = await import('./StockDetailScreen');
  await renderWithApp(<StockDetailScreen />, { path: '/market/stockDetail?code=005930' });
  return (detail) => answer(detail);
}

describe('the stock screen', () => {
  it('shows the figures, and a dash for the industry P/E with the reason', async () => {
    api.call.mockImplementation((name: string) => {
      if (name === 'stockDetail')
        return Promise.resolve({
          feed: FEED,
          stock: {
            ...samsung,
            industry: '통신 및 방송 장비 제조업',
            industryNames: TELECOM,
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
    // Korean exact groups, not "1180조" or "1.23만".
    expect(screen.getByTestId('stat-marketCap').textContent).toContain('1,180조');
    expect(screen.getByTestId('stat-marketCap').textContent).not.toContain('.');
    expect(screen.getByTestId('stat-volume').textContent).toContain('1만 2,345 주');
    expect(screen.getByTestId('stat-turnover').textContent).toContain('24억 6,000만');
    expect(screen.getByTestId('chart-loading')).toBeTruthy();
    expect(screen.getByTestId('book-loading')).toBeTruthy();
    // Room below the cards for the trade bar (4rem, Chakra's spacing 16), so nothing hides under it.
    expect(screen.getByTestId('stock-detail').style.paddingBottom).toBe('var(--chakra-spacing-16)');
    // Up is red in Korea.
    expect(getComputedStyle(screen.getByTestId('stock-price')).color).toMatch(
      /191, 37, 48|bf2530/i,
    );
  });
  it('asks for the candles only once the price has shown, so the price has the link first', async () => {
    const answer = await renderWithDetailHeld();
    await screen.findByTestId('chart-loading');
    const asked = () => api.call.mock.calls.map(([name]) => name as string);
    expect(asked()).toContain('stockDetail');
    expect(asked()).not.toContain('candles');
    await act(async () => {
      answer(SAMSUNG_DETAIL);
      await Promise.resolve();
    });
    await waitFor(() => expect(asked()).toContain('candles'));
  });
});

describe("the stock screen's quote while it loads", () => {
  it('draws the loaded rows with grey blocks, and the answer fills the same elements', async () => {
    const answer = await renderWithDetailHeld();
    const loading = await screen.findByTestId('stock-loading');
    expect(loading.getAttribute('aria-busy')).toBe('true');
    // No figure yet: grey blocks where the name and price go, dashes in the grid, no test ids.
    expect(screen.queryByTestId('stock-price')).toBeNull();
    expect(screen.queryByTestId('stat-open')).toBeNull();
    const price = loading.querySelector('.maru-quote-price');
    const grid = loading.querySelector('.maru-stats');
    const codeLine = loading.querySelector('.maru-quote-code');
    expect(price?.querySelector('.maru-skeleton')).toBeTruthy();
    // The code's line is drawn too (its own line: the name's length cannot move it).
    expect(codeLine?.querySelector('.maru-skeleton')).toBeTruthy();
    expect(grid?.textContent).toContain('—');
    await act(async () => {
      answer(SAMSUNG_DETAIL);
      await Promise.resolve();
    });
    // The same elements, now with the figures: nothing was removed and drawn again.
    const shown = await screen.findByTestId('stock-price');
    expect(shown).toBe(price);
    expect(screen.getByTestId('stock-code')).toBe(codeLine);
    expect(codeLine?.textContent).toBe('005930 · KOSPI');
    expect(screen.getByTestId('stat-open').parentElement).toBe(grid);
    expect(screen.queryByTestId('stock-loading')).toBeNull();
    expect(shown.textContent).toMatch(/\d/);
  });
});

describe("the stock screen's book", () => {
  it("marks the level at the live quote's price, and only that one", async () => {
    api.call.mockImplementation((name: string) => {
      if (name === 'stockDetail') return Promise.resolve(SAMSUNG_DETAIL);
      if (name === 'watchlist') return Promise.resolve({ feed: FEED, data: [] });
      return new Promise(() => undefined);
    });
    const level = (price: number, qty: number) => ({ price, qty });
    // One live value serves both mocked feeds: the quote reads its price, the book its levels.
    live.value = {
      status: 'live',
      data: {
        ...SAMSUNG_DETAIL.stock,
        price: 199_500,
        asks: [level(199_500, 30), level(199_600, 20)],
        bids: [level(199_400, 10), level(199_300, 40)],
        totalAskQty: 50,
        totalBidQty: 50,
      },
    };
    const { default: StockDetailScreen } = await import('./StockDetailScreen');
    await renderWithApp(<StockDetailScreen />, { path: '/market/stockDetail?code=005930' });
    const border = (id: string) => screen.getByTestId(id).style.borderWidth;
    await waitFor(() => expect(border('book-ask-1-pick')).toBe('1.5px'));
    expect(screen.getByTestId('book-ask-1-price').textContent).toBe('199,500');
    for (const other of ['book-ask-2-pick', 'book-bid-1-pick', 'book-bid-2-pick'])
      expect(border(other)).toBe('0px');
  });
});

describe('the stock screen below the first screenful', () => {
  /** The test says when a part comes near the screen. */
  const observed = new Map<Element, () => void>();
  const comeNear = (el: Element) =>
    act(async () => {
      observed.get(el)?.();
      await Promise.resolve(); // the part's effects and answer, in the same act
    });
  beforeEach(() => {
    observed.clear();
    configureNearViewport((node, onNear) => {
      observed.set(node, onNear);
      return () => observed.delete(node);
    });
    configureAfterPaint({ atOnce: false });
  });
  afterEach(() => {
    configureNearViewport(NEAR_AT_ONCE);
    configureAfterPaint({ atOnce: true });
  });

  it('starts the book feed and the news call only when they come near the screen', async () => {
    api.call.mockImplementation((name: string) => {
      if (name === 'stockDetail') return Promise.resolve(SAMSUNG_DETAIL);
      if (name === 'watchlist') return Promise.resolve({ feed: FEED, data: [] });
      if (name === 'newsStock') return Promise.resolve({ feed: FEED, items: [] });
      return new Promise(() => undefined);
    });
    const { default: StockDetailScreen } = await import('./StockDetailScreen');
    await renderWithApp(<StockDetailScreen />, { path: '/market/stockDetail?code=005930' });
    const asked = () => api.call.mock.calls.map(([name]) => name as string);
    // The live quote and the candles wait for the first paint: not in the first render's effects.
    expect(live.quoteSymbols).not.toContain('005930');
    expect(asked()).not.toContain('candles');
    await screen.findByTestId('stock-price');
    await waitFor(() => expect(asked()).toContain('candles'));
    expect(live.quoteSymbols).toContain('005930');
    // Far below: their loading rows show, but neither the feed nor the call has started.
    expect(screen.getByTestId('book-loading')).toBeTruthy();
    expect(screen.getByTestId('stock-news-loading')).toBeTruthy();
    expect(live.bookSymbols.every((s) => s === null)).toBe(true);
    expect(asked()).not.toContain('newsStock');

    await comeNear(screen.getByTestId('order-book').parentElement as Element);
    expect(live.bookSymbols.at(-1)).toBe('005930');
    expect(screen.getByTestId('book-loading')).toBeTruthy(); // the feed is connecting
    expect(asked()).not.toContain('newsStock');

    await comeNear(screen.getByTestId('stock-news-panel'));
    expect(await screen.findByTestId('stock-news-empty')).toBeTruthy();
    expect(asked().filter((n) => n === 'newsStock')).toHaveLength(1);
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
    // Two at once: confirmed first (src/favorite/watchlistDelete.test.tsx covers cancel and one).
    fireEvent.click(await screen.findByTestId('watch-confirm-delete'));
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
