import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountSocketAuth } from '../../contract/account-socket';
import type {
  FundOrderDetailDto,
  FundOrderDto,
  FundRecordRowDto,
} from '../../contract/schemas/funds';
import type { BalanceRowDto } from '../../contract/schemas/money';
import { configureAccountLive } from '../market/live/account-live';
import type { AccountSocket } from '../market/live/account-live';
import { sessionStore } from '../session';
import { renderWithApp } from '../testing/renderWithApp';
import { BalanceCard } from './BalanceCard';
import FundRecordScreen from './FundRecordScreen';
import { FundOrderResult } from './funds/FundOrderResult';

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../api/calls', () => ({ call: api.call }));

/** A stand-in `/account` socket the test speaks through. */
function fakeSocket() {
  const handlers = new Map<string, ((payload: unknown) => void)[]>();
  const opened: AccountSocketAuth[] = [];
  let disconnects = 0;
  const socket = {
    on(event: string, handler: (payload: unknown) => void) {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
      return socket;
    },
    disconnect() {
      disconnects += 1;
      return socket;
    },
  };
  return {
    connect: (auth: AccountSocketAuth) => {
      opened.push(auth);
      handlers.clear();
      return socket as unknown as AccountSocket;
    },
    emit: (event: string, payload?: unknown) =>
      act(() => {
        for (const handler of handlers.get(event) ?? []) handler(payload);
      }),
    opened,
    disconnects: () => disconnects,
  };
}

const order = (over: Partial<FundOrderDto> = {}): FundOrderDto => ({
  id: 41,
  kind: 'deposit',
  orderNo: 'D41',
  currency: 'KRW',
  amount: 500_000,
  state: 'pending.waiting',
  version: 1,
  accepts: ['deposit.cancel'],
  reason: null,
  expectedArrival: null,
  destination: null,
  reference: null,
  createdAt: '2026-11-20T01:02:03Z',
  updatedAt: '2026-11-20T01:02:03Z',
  ...over,
});
const row = (id: number, over: Partial<FundRecordRowDto> = {}): FundRecordRowDto => ({
  id,
  type: 'recharge',
  orderNo: `D${id}`,
  time: '2026-11-20T01:02:03Z',
  state: 'pending.waiting',
  amount: 10_000 * id,
  currency: 'KRW',
  counterAmount: null,
  counterCurrency: null,
  reason: null,
  ...over,
});

const callsNamed = (name: string) => api.call.mock.calls.filter(([n]) => n === name);

let socket: ReturnType<typeof fakeSocket>;
beforeEach(() => {
  api.call.mockReset();
  sessionStore.signIn('token-1', 'hong');
  socket = fakeSocket();
  configureAccountLive(socket.connect);
});
afterEach(() => {
  configureAccountLive(null);
  sessionStore.signOut();
});

const renderRecords = (path = '/information/fundRecord') =>
  renderWithApp(
    <Routes>
      <Route path="/information/fundRecord" element={<FundRecordScreen />} />
    </Routes>,
    { path },
  );

describe('the fund records', () => {
  it('lists a tab page by page, with state words, amounts and a rejection’s reason', async () => {
    api.call.mockImplementation((name: string, body: { type: string; page: number }) => {
      if (name !== 'fundRecord') return Promise.reject(new Error(name));
      if (body.type === 'withdraw')
        return Promise.resolve({ items: [], page: 1, pageSize: 20, total: 0 });
      const items =
        body.page === 1
          ? [row(3), row(2, { state: 'rejected', reason: '입금자명 불일치' })]
          : [row(1, { state: 'credited' })];
      return Promise.resolve({ items, page: body.page, pageSize: 20, total: 3 });
    });
    await renderRecords();
    expect(screen.getByTestId('fundrecord-loading')).toBeTruthy();
    expect((await screen.findByTestId('fundrecord-state-3')).textContent).toBe('처리 중');
    expect(screen.getByTestId('fundrecord-amount-3').textContent).toBe('+30,000 KRW');
    expect(screen.getByTestId('fundrecord-state-2').textContent).toBe('반려');
    expect(screen.getByTestId('fundrecord-reason-2').textContent).toContain('입금자명 불일치');
    expect(screen.getByTestId('fundrecord-tab-recharge').getAttribute('aria-selected')).toBe(
      'true',
    );

    fireEvent.click(screen.getByTestId('fundrecord-more'));
    expect((await screen.findByTestId('fundrecord-state-1')).textContent).toBe('입금 완료');
    expect(screen.queryByTestId('fundrecord-more')).toBeNull();
    expect(callsNamed('fundRecord').map((c: unknown[]) => c[1])).toEqual([
      { type: 'recharge', page: 1, pageSize: 20 },
      { type: 'recharge', page: 2, pageSize: 20 },
    ]);

    fireEvent.click(screen.getByTestId('fundrecord-tab-withdraw'));
    expect(await screen.findByTestId('fundrecord-empty')).toBeTruthy();
  });

  it('names the currency of every amount, both sides of an exchange', async () => {
    api.call.mockResolvedValue({
      items: [
        row(7, {
          type: 'exchange',
          orderNo: 'X7',
          state: 'done',
          amount: -200_000,
          currency: 'KRW',
          counterAmount: 13_725,
          counterCurrency: 'USD',
        }),
      ],
      page: 1,
      pageSize: 20,
      total: 1,
    });
    await renderRecords('/information/fundRecord?type=exchange');
    expect((await screen.findByTestId('fundrecord-amount-7')).textContent).toBe(
      '-200,000 KRW → 137.25 USD',
    );
  });

  it('names what each trade row’s journal entry was, the trading kinds included', async () => {
    const kinds = [
      ['adjustment', '잔액 조정'],
      ['trade_open', '주문 증거금·수수료·거래세'],
      ['trade_release', '주문 취소·만료 환급'],
      ['trade_close', '포지션 청산 정산'],
      ['block_hold', '블록딜 신청 금액 보류'],
      ['block_release', '블록딜 보류 해제'],
      ['something_newer', '거래'],
    ] as const;
    api.call.mockResolvedValue({
      items: kinds.map(([entryKind], i) =>
        row(i + 1, { type: 'trade', orderNo: `J${i + 1}`, state: 'done', entryKind }),
      ),
      page: 1,
      pageSize: 20,
      total: kinds.length,
    });
    await renderRecords('/information/fundRecord?type=trade');
    await screen.findByTestId('fundrecord-kind-1');
    kinds.forEach(([, words], i) =>
      expect(screen.getByTestId(`fundrecord-kind-${i + 1}`).textContent).toBe(words),
    );
  });

  it('links a trading entry to its order; an adjustment keeps its reason', async () => {
    api.call.mockResolvedValue({
      items: [
        row(1, {
          type: 'trade',
          orderNo: 'E1',
          state: 'done',
          entryKind: 'trade_close',
          reason: 'T12',
        }),
        row(2, {
          type: 'trade',
          orderNo: 'E2',
          state: 'done',
          entryKind: 'adjustment',
          reason: '보상',
        }),
      ],
      page: 1,
      pageSize: 20,
      total: 2,
    });
    await renderRecords('/information/fundRecord?type=trade');
    const link = await screen.findByTestId('fundrecord-order-1');
    expect(link.textContent).toBe('주문 T12 보기');
    expect(link.getAttribute('href')).toBe('/trade/positionDetail?id=12');
    expect(screen.queryByTestId('fundrecord-reason-1')).toBeNull();
    expect(screen.getByTestId('fundrecord-reason-2').textContent).toBe('사유: 보상');
    expect(screen.queryByTestId('fundrecord-order-2')).toBeNull();
  });

  it('shows an error with a retry', async () => {
    api.call.mockRejectedValueOnce(new Error('down'));
    await renderRecords();
    const error = await screen.findByTestId('fundrecord-error');
    api.call.mockResolvedValue({ items: [row(5)], page: 1, pageSize: 20, total: 1 });
    fireEvent.click(error.querySelector('button')!);
    expect(await screen.findByTestId('fundrecord-row-5')).toBeTruthy();
  });

  it('follows the socket: a changed order updates its row, a new one reloads the page', async () => {
    let items = [row(41)];
    api.call.mockImplementation(() =>
      Promise.resolve({ items, page: 1, pageSize: 20, total: items.length }),
    );
    await renderRecords();
    await screen.findByTestId('fundrecord-row-41');
    expect(socket.opened).toEqual([{ token: 'token-1', account: 'hong' }]);

    socket.emit('fundOrder', order({ state: 'credited', version: 2, accepts: [] }));
    expect(screen.getByTestId('fundrecord-state-41').textContent).toBe('입금 완료');

    items = [row(42), row(41, { state: 'credited' })];
    socket.emit('fundOrder', order({ id: 42, orderNo: 'D42' }));
    expect(await screen.findByTestId('fundrecord-row-42')).toBeTruthy();
    // A withdrawal does not belong on the deposits tab.
    socket.emit('fundOrder', order({ id: 43, kind: 'withdrawal', orderNo: 'W43' }));
    expect(callsNamed('fundRecord')).toHaveLength(2);
    // After a reconnect what was missed is fetched again.
    socket.emit('connect');
    socket.emit('connect');
    await waitFor(() => expect(callsNamed('fundRecord')).toHaveLength(3));
  });

  it('opens a deposit’s detail with its history, and cancels it after a confirmation', async () => {
    const detail: FundOrderDetailDto = {
      order: order(),
      history: [
        {
          at: '2026-11-20T01:02:03Z',
          event: 'deposit.cancel',
          from: 'pending.waiting',
          to: 'cancelled',
          actor: 'customer',
          reason: null,
        },
      ],
    };
    api.call.mockImplementation((name: string) => {
      if (name === 'fundRecord') {
        return Promise.resolve({ items: [row(41)], page: 1, pageSize: 20, total: 1 });
      }
      if (name === 'fundOrderDetail') return Promise.resolve(detail);
      if (name === 'fundOrderCancel') {
        return Promise.resolve(order({ state: 'cancelled', version: 2, accepts: [] }));
      }
      return Promise.reject(new Error(name));
    });
    await renderRecords();
    fireEvent.click(await screen.findByTestId('fundrecord-row-41'));
    expect((await screen.findByTestId('fundorder-state')).textContent).toBe('처리 중');
    expect(screen.getByTestId('fundorder-amount').textContent).toBe('500,000 KRW');
    // The request is the history's first step, before the first transition the server keeps.
    const requested = screen.getByTestId('fundorder-step-requested');
    expect(requested.textContent).toContain('신청');
    expect(requested.textContent).toContain('처리 중');
    expect(requested.nextElementSibling).toBe(screen.getByTestId('fundorder-step-0'));
    expect(screen.getByTestId('fundorder-step-0').textContent).toContain('입금 취소');
    expect(callsNamed('fundOrderDetail')[0]?.[1]).toEqual({ id: 41 });

    fireEvent.click(screen.getByTestId('fundorder-cancel'));
    fireEvent.click(screen.getByTestId('fundorder-keep'));
    expect(callsNamed('fundOrderCancel')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('fundorder-cancel'));
    fireEvent.click(screen.getByTestId('fundorder-confirm-cancel'));
    await waitFor(() => expect(screen.getByTestId('fundorder-state').textContent).toBe('취소됨'));
    const [[, body, options]] = callsNamed('fundOrderCancel') as [
      [string, unknown, { idempotencyKey: string }],
    ];
    expect(body).toEqual({ id: 41 });
    expect(options.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.queryByTestId('fundorder-cancel')).toBeNull();
  });

  it('offers no cancel once the order is past pending', async () => {
    api.call.mockResolvedValue({ order: order({ state: 'credited', accepts: [] }), history: [] });
    await renderRecords('/information/fundRecord?type=recharge&id=41');
    expect((await screen.findByTestId('fundorder-state')).textContent).toBe('입금 완료');
    expect(screen.queryByTestId('fundorder-cancel')).toBeNull();
  });
});

describe("Mine's balance card, live", () => {
  const krw = (total: number): BalanceRowDto => ({
    currency: 'KRW',
    total,
    available: total,
    held: 0,
    withdrawable: total,
  });

  it('shows a staff decision on the result screen as it is pushed, never an older state', async () => {
    await renderWithApp(<FundOrderResult order={order()} />);
    const state = await screen.findByTestId('fund-order-state');
    expect(state.textContent).toBe('처리 중');
    await waitFor(() => expect(socket.opened).toHaveLength(1));
    socket.emit('fundOrder', order({ id: 42, orderNo: 'D42', state: 'credited', version: 2 }));
    socket.emit(
      'fundOrder',
      order({ kind: 'withdrawal', orderNo: 'W41', state: 'paid', version: 3 }),
    );
    expect(state.textContent).toBe('처리 중');
    socket.emit('fundOrder', order({ state: 'credited', version: 2, accepts: [] }));
    await waitFor(() => expect(state.textContent).toBe('입금 완료'));
    expect(screen.queryByTestId('fund-order-cancel')).toBeNull();
    socket.emit('fundOrder', order({ version: 1 }));
    expect(state.textContent).toBe('입금 완료');
  });

  it('shows pushed balances, refetches after a reconnect, and closes on sign-out', async () => {
    api.call.mockResolvedValue([krw(1_000)]);
    await renderWithApp(<BalanceCard balances={[]} />);
    await waitFor(() => expect(screen.getByTestId('mine-balance-KRW').textContent).toBe('1,000'));

    socket.emit('balances', [krw(51_000)]);
    expect(screen.getByTestId('mine-balance-KRW').textContent).toBe('51,000');

    api.call.mockResolvedValue([krw(60_000)]);
    socket.emit('connect');
    socket.emit('connect');
    await waitFor(() => expect(screen.getByTestId('mine-balance-KRW').textContent).toBe('60,000'));
    expect(callsNamed('balances')).toHaveLength(2);

    act(() => sessionStore.signOut());
    expect(socket.disconnects()).toBe(1);
    expect(socket.opened).toHaveLength(1);
  });

  it('connects only while a view listens and a session exists', async () => {
    sessionStore.signOut();
    api.call.mockResolvedValue([]);
    const view = await renderWithApp(<BalanceCard balances={[]} />);
    expect(socket.opened).toHaveLength(0);
    act(() => sessionStore.signIn('token-2', 'kim'));
    expect(socket.opened).toEqual([{ token: 'token-2', account: 'kim' }]);
    view.unmount();
    expect(socket.disconnects()).toBe(1);
  });
});
