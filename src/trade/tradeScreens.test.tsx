import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetailDto, OrdersDto, TradeOrderDto } from '../../contract/schemas/trade';
import { ApiError } from '../api/ApiError';
import { configureAccountLive } from '../market/live/account-live';
import { sessionStore } from '../session';
import { fakeAccountSocket } from '../testing/fakeAccountSocket';
import { renderWithApp } from '../testing/renderWithApp';
import PositionDetailScreen from './PositionDetailScreen';
import TradeScreen from './TradeScreen';
import { POSITION } from '../testing/fakeBackend';

configure({ asyncUtilTimeout: 5_000 });

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../api/calls', () => ({ call: api.call }));

/** Live prices by symbol: a test moves them, the hooks re-render as the real ones do per frame. */
const prices = vi.hoisted(() => {
  let current: Record<string, number> = {};
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set: (next: Record<string, number>) => {
      current = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});
vi.mock('../market/live', async () => {
  const { useSyncExternalStore } = await import('react');
  const usePrices = () => useSyncExternalStore(prices.subscribe, prices.get);
  return {
    useQuotes: (symbols: readonly string[]) => {
      const now = usePrices();
      const data: Record<string, { code: string; price: number }> = {};
      for (const s of symbols) if (now[s]) data[s] = { code: s, price: now[s] };
      return { data, status: 'live' };
    },
    useQuote: (symbol: string | null) => {
      const now = usePrices();
      const price = symbol === null ? undefined : now[symbol];
      return { data: price ? { code: symbol, price } : null, status: 'live' };
    },
    useMarketSession: () => ({
      data: { simulated: true, demo: true, label: 'Demo' },
      status: 'live',
    }),
  };
});

const order = (over: Partial<TradeOrderDto> = {}): TradeOrderDto => ({ ...POSITION, ...over });

/** A short of 100 SK hynix shares at 50,000, locked for 15 minutes from 01:00. */
const short = (over: Partial<TradeOrderDto> = {}) =>
  order({
    id: 8,
    orderNo: 'T8',
    symbol: '000660',
    name: 'SK하이닉스',
    side: 'short',
    product: 'dayTrading',
    lots: 10,
    shares: 100,
    leverage: 5,
    state: 'holding.locked',
    version: 2,
    accepts: ['lock.elapsed', 'order.forceClose', 'order.settle'],
    margin: 1_000_000,
    notional: 5_000_000,
    fillPrice: 50_000,
    filledAt: '2026-11-20T01:00:00Z',
    unlockAt: '2026-11-20T01:15:00Z',
    fee: 750,
    tax: 10_000,
    marketPrice: 50_000,
    marketValue: 5_000_000,
    unrealisedPnl: 0,
    ...over,
  });

const pending = (over: Partial<TradeOrderDto> = {}) =>
  order({
    id: 9,
    orderNo: 'T9',
    type: 'limit',
    limitPrice: 190_000,
    state: 'pending',
    version: 1,
    accepts: ['order.fill', 'order.cancel', 'order.expire'],
    margin: 950_000,
    notional: 1_900_000,
    fillPrice: null,
    filledAt: null,
    unlockAt: null,
    marketPrice: null,
    marketValue: null,
    unrealisedPnl: null,
    ...over,
  });

const closed = (over: Partial<TradeOrderDto> = {}) =>
  order({
    id: 6,
    orderNo: 'T6',
    state: 'closed',
    version: 4,
    accepts: [],
    closePrice: 201_000,
    closedAt: '2026-11-20T02:00:00Z',
    closedBy: 'customer',
    fee: 600,
    tax: 4_020,
    realisedPnl: 15_380,
    settlesAt: '2026-11-24T00:00:00Z',
    marketPrice: null,
    marketValue: null,
    unrealisedPnl: null,
    ...over,
  });

const page = (rows: TradeOrderDto[], over: Partial<OrdersDto> = {}): OrdersDto => ({
  rows,
  page: 1,
  pageSize: 20,
  total: rows.length,
  totals: { margin: 0, marketValue: 0, unrealisedPnl: 0 },
  ...over,
});

const callsNamed = (name: string) =>
  api.call.mock.calls.filter(([n]) => n === name) as [string, unknown, unknown][];

/** Answers `/trade/orders` per tab from `tabs`, the other calls from `others`. */
function answer(tabs: Partial<Record<string, OrdersDto>>, others: Record<string, unknown> = {}) {
  api.call.mockImplementation((name: string, body: { tab?: string }) => {
    if (name === 'tradeOrders') {
      const answer = tabs[body.tab ?? ''];
      return answer ? Promise.resolve(answer) : Promise.reject(new Error('no tab'));
    }
    if (name in others) {
      const value = others[name];
      return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
    }
    return Promise.reject(new Error(`unexpected call ${name}`));
  });
}

let socket: ReturnType<typeof fakeAccountSocket>;
beforeEach(() => {
  api.call.mockReset();
  prices.set({});
  sessionStore.signIn('token-1', 'hong');
  socket = fakeAccountSocket();
  configureAccountLive(socket.connect);
});
afterEach(() => {
  vi.useRealTimers();
  configureAccountLive(null);
  sessionStore.signOut();
});

const renderTrade = (path = '/trade/index') =>
  renderWithApp(
    <Routes>
      <Route path="/trade/index" element={<TradeScreen />} />
      <Route path="/trade/positionDetail" element={<PositionDetailScreen />} />
    </Routes>,
    { path },
  );

const text = (id: string) => screen.getByTestId(id).textContent;

describe('the positions screen', () => {
  it('lists holding positions with the spec’s fields, the totals and the simulated badge', async () => {
    answer({
      holding: page([order(), short()], {
        totals: { margin: 1_995_000, marketValue: 6_994_000, unrealisedPnl: 4_000 },
      }),
    });
    await renderTrade();
    expect(screen.getByTestId('positions-loading')).toBeTruthy();
    await screen.findByTestId('order-row-7');
    expect(callsNamed('tradeOrders')[0]?.[1]).toEqual({ tab: 'holding', page: 1, pageSize: 20 });
    expect(screen.getByTestId('simulated-badge').textContent).toContain('모의');

    const row = within(screen.getByTestId('order-row-7'));
    expect(row.getByText('삼성전자')).toBeTruthy();
    expect(row.getByText('005930')).toBeTruthy();
    expect(text('order-7-orderNo')).toBe('T7');
    expect(text('order-7-product')).toBe('주식');
    expect(text('order-7-side')).toBe('롱(매수)');
    expect(text('order-7-type')).toBe('시장가');
    expect(text('order-7-buyPrice')).toBe('199,000');
    expect(text('order-7-buyTime')).toBeTruthy();
    expect(screen.queryByTestId('order-7-sellPrice')).toBeNull();
    expect(text('order-7-quantity')).toBe('1로트 · 10주');
    expect(text('order-7-notional')).toBe('1,990,000');
    expect(text('order-7-margin')).toBe('995,000');
    expect(text('order-7-leverage')).toBe('2배');
    expect(text('order-7-marketValue')).toBe('1,994,000');
    expect(text('order-7-unrealisedPnl')).toBe('+4,000');
    expect(text('order-7-fee')).toBe('299');
    expect(text('order-7-tax')).toBe('0');
    // The badge: the nested state's words, the machine's tone (closable is success: green).
    const badge = screen.getByTestId('order-state-7');
    expect(badge.textContent).toBe('보유 · 청산 가능');
    expect(badge.dataset.palette).toBe('green');
    expect(text('order-state-8')).toBe('보유 · 청산 제한');
    expect(screen.getByTestId('order-state-8').dataset.palette).toBe('orange');
    // A short sells first: its fill is the selling leg.
    expect(text('order-8-sellPrice')).toBe('50,000');
    expect(screen.queryByTestId('order-8-buyPrice')).toBeNull();
    expect(text('order-8-product')).toBe('데이트레이딩');
    // A locked position says from when it may be closed; a closable one no longer needs to.
    expect(text('order-8-unlockAt')).toContain('10시 15분');
    expect(screen.queryByTestId('order-7-unlockAt')).toBeNull();

    expect(text('positions-total-margin')).toBe('1,995,000');
    expect(text('positions-total-marketValue')).toBe('6,994,000');
    expect(text('positions-total-unrealisedPnl')).toBe('+4,000');
    expect(screen.queryByTestId('positions-more')).toBeNull();
  });

  it('values holding positions at the live quote: P&L and totals move with it', async () => {
    answer({
      holding: page([order(), short()], {
        totals: { margin: 1_995_000, marketValue: 6_994_000, unrealisedPnl: 4_000 },
      }),
    });
    await renderTrade();
    await screen.findByTestId('order-row-7');

    act(() => prices.set({ '005930': 201_000, '000660': 49_000 }));
    expect(text('order-7-marketPrice')).toBe('201,000');
    expect(text('order-7-marketValue')).toBe('2,010,000');
    expect(text('order-7-unrealisedPnl')).toBe('+20,000');
    // A short gains as the price falls.
    expect(text('order-8-unrealisedPnl')).toBe('+100,000');
    expect(text('order-8-marketValue')).toBe('4,900,000');
    expect(text('positions-total-marketValue')).toBe('6,910,000');
    expect(text('positions-total-unrealisedPnl')).toBe('+120,000');
    expect(text('positions-total-margin')).toBe('1,995,000');

    act(() => prices.set({ '005930': 198_000, '000660': 49_000 }));
    expect(text('order-7-unrealisedPnl')).toBe('-10,000');
    expect(text('positions-total-unrealisedPnl')).toBe('+90,000');
  });

  it('offers Close only when the order accepts it, and closes after a confirmation', async () => {
    const closedNow = closed({ id: 7, orderNo: 'T7', version: 4 });
    let holding = page([order(), short()]);
    api.call.mockImplementation((name: string) => {
      if (name === 'tradeOrders') return Promise.resolve(holding);
      if (name === 'tradeClose') {
        holding = page([short()]);
        return Promise.resolve(closedNow);
      }
      return Promise.reject(new Error(name));
    });
    await renderTrade();
    await screen.findByTestId('order-row-7');
    // The locked one has no Close: the machine does not accept it yet.
    expect(screen.queryByTestId('order-8-close')).toBeNull();
    expect(screen.queryByTestId('order-8-cancel')).toBeNull();
    expect(screen.queryByTestId('order-7-cancel')).toBeNull();

    fireEvent.click(screen.getByTestId('order-7-close'));
    expect(screen.getByRole('alertdialog').textContent).toContain('삼성전자');
    fireEvent.click(screen.getByTestId('order-7-keep'));
    expect(callsNamed('tradeClose')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('order-7-close'));
    fireEvent.click(screen.getByTestId('order-7-confirm-close'));
    await waitFor(() => expect(screen.queryByTestId('order-row-7')).toBeNull());
    const [[, body, options]] = callsNamed('tradeClose') as [
      [string, unknown, { idempotencyKey: string; silent: boolean }],
    ];
    expect(body).toEqual({ id: 7 });
    expect(options.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // Gone from the holding tab, and the page (with its totals) asked for again.
    await waitFor(() => expect(callsNamed('tradeOrders')).toHaveLength(2));
    expect(screen.getByTestId('order-row-8')).toBeTruthy();
  });

  it('shows a refusal translated in the confirmation, and retries with a new key', async () => {
    answer({ holding: page([order()]) });
    api.call.mockImplementation((name: string) =>
      name === 'tradeOrders'
        ? Promise.resolve(page([order()]))
        : Promise.reject(
            new ApiError('trade.market_closed', {}, '지금은 거래 시간이 아닙니다.', 200),
          ),
    );
    await renderTrade();
    fireEvent.click(await screen.findByTestId('order-7-close'));
    fireEvent.click(screen.getByTestId('order-7-confirm-close'));
    expect((await screen.findByTestId('order-7-refusal')).textContent).toBe(
      '지금은 거래 시간이 아닙니다.',
    );
    expect(screen.getByTestId('order-row-7')).toBeTruthy();
    fireEvent.click(screen.getByTestId('order-7-confirm-close'));
    await waitFor(() => expect(callsNamed('tradeClose')).toHaveLength(2));
    const keys = callsNamed('tradeClose').map(
      ([, , options]) => (options as { idempotencyKey: string }).idempotencyKey,
    );
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('lists pending orders with Cancel after a confirmation', async () => {
    let pendingRows = [pending()];
    api.call.mockImplementation((name: string, body: { tab?: string }) => {
      if (name === 'tradeOrders') {
        return Promise.resolve(body.tab === 'pending' ? page(pendingRows) : page([]));
      }
      if (name === 'tradeCancel') {
        pendingRows = [];
        return Promise.resolve(
          pending({ state: 'cancelled', version: 2, accepts: [], cancelledBy: 'customer' }),
        );
      }
      return Promise.reject(new Error(name));
    });
    await renderTrade();
    expect(await screen.findByTestId('positions-empty')).toBeTruthy();
    expect(screen.getByTestId('positions-empty').textContent).toContain('보유 중인 포지션이');
    fireEvent.click(screen.getByTestId('positions-tab-pending'));
    await screen.findByTestId('order-row-9');
    expect(text('order-state-9')).toBe('미체결');
    expect(text('order-9-type')).toBe('지정가 190,000');
    expect(screen.queryByTestId('order-9-marketValue')).toBeNull();
    expect(screen.queryByTestId('order-9-close')).toBeNull();

    fireEvent.click(screen.getByTestId('order-9-cancel'));
    expect(callsNamed('tradeCancel')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('order-9-confirm-cancel'));
    await waitFor(() => expect(callsNamed('tradeCancel')).toHaveLength(1));
    expect(callsNamed('tradeCancel')[0]?.[1]).toEqual({ id: 9 });
    await waitFor(() => expect(screen.queryByTestId('order-row-9')).toBeNull());
    expect(await screen.findByTestId('positions-empty')).toBeTruthy();
  });

  it('lists closed orders with both legs, realised P&L and who closed them, without actions', async () => {
    answer({
      closed: page([
        closed(),
        pending({
          id: 5,
          orderNo: 'T5',
          state: 'cancelled',
          accepts: [],
          cancelledBy: 'sessionEnd',
        }),
      ]),
    });
    await renderTrade('/trade/index?tab=closed');
    await screen.findByTestId('order-row-6');
    expect(text('order-state-6')).toBe('청산 완료');
    expect(text('order-6-buyPrice')).toBe('199,000');
    expect(text('order-6-sellPrice')).toBe('201,000');
    expect(text('order-6-realisedPnl')).toBe('+15,380');
    expect(text('order-6-tax')).toBe('4,020');
    expect(text('order-6-closedBy')).toBe('고객 청산');
    expect(text('order-state-5')).toBe('취소됨');
    expect(text('order-5-cancelledBy')).toBe('장 마감까지 미체결로 만료');
    expect(screen.queryByRole('button', { name: '청산' })).toBeNull();
    expect(screen.queryByRole('button', { name: '주문 취소' })).toBeNull();
  });

  it('loads more page by page, and shows an error with a retry', async () => {
    const rows = Array.from({ length: 3 }, (_, i) => closed({ id: 20 + i, orderNo: `T${20 + i}` }));
    api.call.mockRejectedValueOnce(new Error('down'));
    await renderTrade('/trade/index?tab=closed');
    const error = await screen.findByTestId('positions-error');
    api.call.mockImplementation((_name: string, body: { page: number }) =>
      Promise.resolve(
        page(body.page === 1 ? rows.slice(0, 2) : rows.slice(2), { page: body.page, total: 3 }),
      ),
    );
    fireEvent.click(within(error).getByRole('button'));
    await screen.findByTestId('order-row-21');
    fireEvent.click(screen.getByTestId('positions-more'));
    await screen.findByTestId('order-row-22');
    expect(screen.queryByTestId('positions-more')).toBeNull();
    expect(callsNamed('tradeOrders').map(([, body]) => body)).toEqual([
      { tab: 'closed', page: 1, pageSize: 20 },
      { tab: 'closed', page: 1, pageSize: 20 },
      { tab: 'closed', page: 2, pageSize: 20 },
    ]);
  });

  it('counts a locked position down, and offers Close once the unlock is pushed', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-20T01:00:01Z'));
    answer({ holding: page([short()]) });
    await renderTrade();
    await screen.findByTestId('order-row-8');
    expect(text('order-8-lock')).toBe('청산 가능까지 00:14:59');
    // The countdown's clock starts once the locked row is on screen (an effect after the render).
    await waitFor(() => expect(vi.getTimerCount()).toBeGreaterThan(0));
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(text('order-8-lock')).toBe('청산 가능까지 00:14:58');
    act(() => {
      vi.advanceTimersByTime(14 * 60_000 + 58_000);
    });
    expect(text('order-8-lock')).toBe('곧 청산할 수 있습니다');
    expect(screen.queryByTestId('order-8-close')).toBeNull();

    socket.emit(
      'order',
      short({
        state: 'holding.closable',
        version: 3,
        accepts: ['order.close', 'order.forceClose'],
      }),
    );
    expect(text('order-state-8')).toBe('보유 · 청산 가능');
    expect(screen.queryByTestId('order-8-lock')).toBeNull();
    expect(screen.getByTestId('order-8-close')).toBeTruthy();
  });

  it('counts down days for a T+1 lock', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(new Date('2026-11-20T01:00:00Z'));
    answer({ holding: page([short({ unlockAt: '2026-11-21T03:04:05Z' })]) });
    await renderTrade();
    expect((await screen.findByTestId('order-8-lock')).textContent).toBe(
      '청산 가능까지 1일 02:04:05',
    );
  });

  it('follows the socket: keeps the newest version, drops what left the tab, fetches what joined', async () => {
    let holding = page([order(), short()]);
    api.call.mockImplementation(() => Promise.resolve(holding));
    await renderTrade();
    await screen.findByTestId('order-row-8');
    await waitFor(() => expect(socket.opened).toHaveLength(1));

    // An older version than shown changes nothing.
    socket.emit('order', short({ state: 'pending', version: 1 }));
    expect(text('order-state-8')).toBe('보유 · 청산 제한');
    expect(callsNamed('tradeOrders')).toHaveLength(1);

    // Forced close: it leaves the holding tab, and the page comes again.
    holding = page([order()]);
    socket.emit('order', short({ state: 'closed', version: 3, accepts: [], closedBy: 'margin' }));
    expect(screen.queryByTestId('order-row-8')).toBeNull();
    await waitFor(() => expect(callsNamed('tradeOrders')).toHaveLength(2));

    // A pending order filled elsewhere joins the tab: the page is fetched anew.
    holding = page([order({ id: 10, orderNo: 'T10' }), order()]);
    socket.emit('order', order({ id: 10, orderNo: 'T10', version: 2 }));
    expect(await screen.findByTestId('order-row-10')).toBeTruthy();
    // A pending order elsewhere does not belong here.
    socket.emit('order', pending({ id: 11 }));
    expect(callsNamed('tradeOrders')).toHaveLength(3);
    // After a reconnect what was missed is fetched again.
    socket.emit('connect');
    socket.emit('connect');
    await waitFor(() => expect(callsNamed('tradeOrders')).toHaveLength(4));
  });
});

describe('a position’s detail', () => {
  const detail: OrderDetailDto = {
    order: order(),
    history: [
      {
        at: '2026-11-20T00:30:00Z',
        event: 'order.fill',
        from: 'pending',
        to: 'holding.locked',
        actor: 'system',
        reason: null,
      },
      {
        at: '2026-11-20T00:45:00Z',
        event: 'lock.elapsed',
        from: 'holding.locked',
        to: 'holding.closable',
        actor: 'system',
        reason: null,
      },
    ],
  };

  it('shows every field, the history from the placing, and the chart with its path', async () => {
    answer({}, { tradeOrder: detail });
    await renderTrade('/trade/positionDetail?id=7');
    await screen.findByTestId('position-detail');
    expect(callsNamed('tradeOrder')[0]?.[1]).toEqual({ id: 7 });
    expect(text('position-orderNo')).toBe('T7');
    expect(text('position-createdAt')).toBeTruthy();
    expect(text('position-margin')).toBe('995,000');
    expect(text('position-unrealisedPnl')).toBe('+4,000');
    act(() => prices.set({ '005930': 200_000 }));
    // Waited for: once, on a loaded machine, the figure had not re-rendered when act returned.
    await waitFor(() => expect(text('position-unrealisedPnl')).toBe('+10,000'));

    const placed = screen.getByTestId('position-step-placed');
    expect(placed.textContent).toContain('주문 접수');
    expect(placed.textContent).toContain('미체결');
    expect(placed.nextElementSibling).toBe(screen.getByTestId('position-step-0'));
    expect(text('position-step-0')).toContain('체결');
    expect(text('position-step-0')).toContain('미체결 → 보유 · 청산 제한');
    expect(text('position-step-0')).toContain('시스템');
    expect(text('position-step-1')).toContain('청산 제한 해제');

    // The chart: every state of the machine, the current one marked, the path taken so far.
    const chart = screen.getByTestId('position-chart');
    const state = (path: string) => chart.querySelector<HTMLElement>(`[data-state="${path}"]`)!;
    const edge = (key: string) => chart.querySelector<HTMLElement>(`[data-edge="${key}"]`)!;
    expect(
      [...chart.querySelectorAll<HTMLElement>('[data-state]')].map((el) => el.dataset.state),
    ).toEqual(['pending', 'holding', 'holding.locked', 'holding.closable', 'closed', 'cancelled']);
    expect(
      [...chart.querySelectorAll<HTMLElement>('[data-current]')].map((el) => el.dataset.state),
    ).toEqual(['holding', 'holding.closable']);
    expect(state('pending').dataset.visited).toBe('true');
    expect(state('closed').dataset.visited).toBeUndefined();
    expect(within(state('holding.closable')).getByTestId('state-chart-now').textContent).toBe(
      '현재',
    );
    expect(edge('pending|order.fill|holding.locked').dataset.taken).toBe('true');
    expect(edge('holding.locked|lock.elapsed|holding.closable').dataset.taken).toBe('true');
    expect(edge('holding.closable|order.close|closed').dataset.taken).toBeUndefined();
    expect(edge('pending|order.cancel|cancelled').dataset.taken).toBeUndefined();
    // In the reader's words: the event, then where it leads.
    expect(edge('holding.closable|order.close|closed').textContent).toBe('청산 → 청산 완료');
    expect(edge('holding|order.forceClose|closed').textContent).toBe('강제 청산 → 청산 완료');
    expect(edge('pending|order.fill|holding.locked').textContent).toContain(
      '체결 → 보유 · 청산 제한',
    );
  });

  it('closes from the detail after a confirmation and shows the closed order', async () => {
    const closedNow = closed({ id: 7, orderNo: 'T7', version: 4 });
    let answered = detail;
    api.call.mockImplementation((name: string) => {
      if (name === 'tradeOrder') return Promise.resolve(answered);
      if (name === 'tradeClose') {
        answered = {
          order: closedNow,
          history: [
            ...detail.history,
            {
              at: '2026-11-20T02:00:00Z',
              event: 'order.close',
              from: 'holding.closable',
              to: 'closed',
              actor: 'customer',
              reason: null,
            },
          ],
        };
        return Promise.resolve(closedNow);
      }
      return Promise.reject(new Error(name));
    });
    await renderTrade('/trade/positionDetail?id=7');
    fireEvent.click(await screen.findByTestId('position-close'));
    expect(callsNamed('tradeClose')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('position-confirm-close'));
    await waitFor(() => expect(text('order-state-7')).toBe('청산 완료'));
    expect(screen.queryByTestId('position-close')).toBeNull();
    expect(await screen.findByTestId('position-step-2')).toBeTruthy();
    expect(text('position-step-2')).toContain('고객');
    expect(text('position-realisedPnl')).toBe('+15,380');
  });

  it('offers Cancel on a pending order, nothing on a cancelled one, and follows pushes', async () => {
    answer({}, { tradeOrder: { order: pending(), history: [] } });
    await renderTrade('/trade/positionDetail?id=9');
    expect(await screen.findByTestId('position-cancel')).toBeTruthy();
    expect(screen.queryByTestId('position-close')).toBeNull();
    await waitFor(() => expect(socket.opened).toHaveLength(1));
    answer(
      {},
      {
        tradeOrder: {
          order: pending({ state: 'cancelled', version: 2, accepts: [], cancelledBy: 'customer' }),
          history: [],
        },
      },
    );
    socket.emit(
      'order',
      pending({ state: 'cancelled', version: 2, accepts: [], cancelledBy: 'customer' }),
    );
    expect(text('order-state-9')).toBe('취소됨');
    expect(screen.queryByTestId('position-cancel')).toBeNull();
    await waitFor(() => expect(callsNamed('tradeOrder')).toHaveLength(2));
  });

  it('shows an error with a retry', async () => {
    answer({}, { tradeOrder: new Error('down') });
    await renderTrade('/trade/positionDetail?id=7');
    const error = await screen.findByTestId('position-error');
    answer({}, { tradeOrder: detail });
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('position-detail')).toBeTruthy();
  });

  it('says an order that is not the customer’s cannot be found, with the way back, no retry', async () => {
    answer({}, { tradeOrder: new ApiError('trade.not_found', { field: 'id' }, 'x', 404) });
    await renderTrade('/trade/positionDetail?id=987654');
    const missing = await screen.findByTestId('position-not-found');
    expect(missing.textContent).toContain('주문을 찾을 수 없습니다');
    expect(screen.getByTestId('position-not-found-back').getAttribute('href')).toBe('/trade/index');
    expect(within(missing).queryByText('다시 시도')).toBeNull();
    expect(screen.queryByTestId('position-error')).toBeNull();
  });

  it('says so for a missing or malformed id without asking the server', async () => {
    answer({}, {});
    await renderTrade('/trade/positionDetail?id=abc');
    expect(await screen.findByTestId('position-not-found')).toBeTruthy();
    expect(callsNamed('tradeOrder')).toHaveLength(0);
  });
});

describe('the tab bar', () => {
  it('has the trade tab with the spec’s order value, leading to the positions, active there', async () => {
    const { TabBar, TABS } = await import('../components/TabBar');
    const { SCREEN_PATHS } = await import('../app/screens');
    // The tab bar reads the unread messages' count for its badge (docs/messages.md).
    api.call.mockImplementation((name: string) =>
      name === 'msgUnread' ? Promise.resolve({ unread: 0 }) : Promise.reject(new Error(name)),
    );
    expect(TABS.map((tab) => [tab.key, tab.order])).toContainEqual(['trade', 3]);
    await renderWithApp(<TabBar availablePaths={SCREEN_PATHS} />, { path: '/trade/index' });
    const trade = screen.getByTestId('tab-trade');
    expect(trade.getAttribute('href')).toBe('/trade/index');
    expect(trade.textContent).toBe('거래');
    expect(trade.className).toBe('navActive');
    expect(screen.getByTestId('tab-home').className).toBe('');
  });
});
