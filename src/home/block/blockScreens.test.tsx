import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  BlockListDto,
  BlockOfferingDto,
  TradeProductsDto,
} from '../../../contract/schemas/trade';
import { ApiError } from '../../api/ApiError';
import { product } from '../../testing/fakeBackend';
import { renderWithApp } from '../../testing/renderWithApp';
import BlockApplicationsScreen from './BlockApplicationsScreen';
import BlockApplyScreen from './BlockApplyScreen';
import BlockTradeScreen from './BlockTradeScreen';

configure({ asyncUtilTimeout: 5_000 });

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/calls', () => ({ call: api.call }));
vi.mock('../../components/toaster', () => ({ notify: vi.fn() }));
/** Samsung trades at 200,000 on the (simulated, demo) market. */
vi.mock('../../market/live', () => ({
  useQuotes: (symbols: readonly string[]) => ({
    data: Object.fromEntries(
      symbols.filter((s) => s === '005930').map((s) => [s, { code: s, price: 200_000 }]),
    ),
    status: 'live',
  }),
  useQuote: (symbol: string | null) => ({
    data: symbol === '005930' ? { code: symbol, price: 200_000 } : null,
    status: 'live',
  }),
  useMarketSession: () => ({
    data: { simulated: true, demo: true, label: 'Demo' },
    status: 'live',
  }),
}));

const offering = (over: Partial<BlockOfferingDto> = {}): BlockOfferingDto => ({
  id: 3,
  symbol: '005930',
  name: '삼성전자',
  price: 190_000,
  minShares: 100,
  opensAt: '2026-11-20T00:00:00Z',
  closesAt: '2026-12-20T00:00:00Z',
  open: true,
  demo: true,
  ...over,
});

const PRODUCTS: TradeProductsDto = {
  // The block product's terms: bought outright, T+1, the stock commission.
  products: [product('block', { lock: { kind: 'days', count: 1 }, maintenancePct: 0 })],
  demo: true,
  simulated: true,
  sessionLabel: 'Demo',
};

type Application = BlockListDto['applications'][number];
const application = (over: Partial<Application> = {}): Application => ({
  id: 21,
  offeringId: 3,
  symbol: '005930',
  name: '삼성전자',
  price: 190_000,
  shares: 100,
  amount: 19_000_000,
  state: 'pending',
  version: 0,
  accepts: ['review.approve', 'review.reject'],
  reason: null,
  orderId: null,
  createdAt: '2026-11-20T01:00:00Z',
  ...over,
});

function answer(
  list: BlockListDto | (() => BlockListDto),
  others: Record<string, (body: unknown) => unknown> = {},
) {
  api.call.mockImplementation((name: string, body: unknown) => {
    if (name === 'blockList') return Promise.resolve(typeof list === 'function' ? list() : list);
    if (name === 'tradeProducts') return Promise.resolve(PRODUCTS);
    const handler = others[name];
    if (handler) return Promise.resolve().then(() => handler(body));
    return Promise.reject(new Error(`unexpected call ${name}`));
  });
}

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

async function open(path: string) {
  await renderWithApp(
    <Routes>
      <Route path="/home/blockTrade" element={<BlockTradeScreen />} />
      <Route path="/home/blockTrade1" element={<BlockApplyScreen />} />
      <Route path="/home/blockTrade2" element={<BlockApplicationsScreen />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path },
  );
}

const input = (name: string) => {
  const element = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!element) throw new Error(`no input named ${name}`);
  return element;
};

beforeEach(() => {
  api.call.mockReset();
});

describe('the block-trade offerings', () => {
  it('lists each offering with its discount to the live price, labels and window', async () => {
    answer({
      offerings: [offering(), offering({ id: 4, demo: false, open: false, price: 210_000 })],
      applications: [],
    });
    await open('/home/blockTrade');
    const first = await screen.findByTestId('block-offering-3');
    expect(first.textContent).toContain('삼성전자');
    expect(screen.getByTestId('block-price-3').textContent).toBe('190,000원');
    expect(screen.getByTestId('block-discount-3').textContent).toContain('5.00%');
    expect(screen.getByTestId('block-discount-3').textContent).toContain('할인');
    expect(screen.getByTestId('block-discount-4').textContent).toContain('할증');
    expect(screen.getByTestId('block-min-3').textContent).toBe('100주');
    expect(screen.getByTestId('block-window-3').textContent).toBe(
      '2026.11.20 09:00 – 2026.12.20 09:00',
    );
    expect(screen.getByTestId('block-demo-3').textContent).toBe('데모');
    expect(screen.queryByTestId('block-demo-4')).toBeNull();
    expect(screen.getByTestId('block-open-3').textContent).toBe('청약 가능');
    expect(screen.getByTestId('block-open-4').textContent).toBe('마감');
    expect(screen.getByTestId('simulated-badge')).toBeTruthy();
    fireEvent.click(first);
    // The application screen of that offering.
    expect((await screen.findByTestId('block-apply-name')).textContent).toBe('삼성전자');
  });

  it('shows the empty state, and an error with retry', async () => {
    api.call.mockRejectedValueOnce(new Error('down'));
    await open('/home/blockTrade');
    const error = await screen.findByTestId('block-offerings-error');
    answer({ offerings: [], applications: [] });
    fireEvent.click(error.querySelector('button')!);
    expect((await screen.findByTestId('block-offerings-empty')).textContent).toContain(
      '블록딜 종목이 없습니다',
    );
  });
});

describe('applying for a block trade', () => {
  it('starts at the minimum, prices the hold, and applies once with the fund password', async () => {
    const sent: unknown[] = [];
    let list: BlockListDto = { offerings: [offering()], applications: [] };
    answer(() => list, {
      blockApply: (body) => {
        sent.push(body);
        list = { offerings: [offering()], applications: [application({ shares: 101 })] };
        return list;
      },
    });
    await open('/home/blockTrade1?id=3');
    await screen.findByTestId('block-apply-form');
    expect(input('shares').value).toBe('100');
    // 100 × 190,000 and its 0.015 % commission.
    expect(screen.getByTestId('block-apply-notional').textContent).toBe('19,000,000원');
    expect(screen.getByTestId('block-apply-fee').textContent).toBe('2,850원');
    expect(screen.getByTestId('block-apply-total').textContent).toBe('19,002,850원');
    // Never below the minimum.
    fireEvent.click(screen.getByTestId('stepper-decrease'));
    expect(input('shares').value).toBe('100');
    fireEvent.click(screen.getByTestId('stepper-increase'));
    expect(input('shares').value).toBe('101');
    expect(screen.getByTestId('block-apply-total').textContent).toBe('19,192,879원');

    fireEvent.click(screen.getByTestId('block-apply-next'));
    fireEvent.change(input('fundPassword'), { target: { value: '135790' } });
    fireEvent.click(screen.getByTestId('block-apply-confirm-submit'));
    expect((await screen.findByTestId('block-state-21')).textContent).toBe('심사 중');
    expect(sent).toEqual([{ id: 3, shares: 101, fundPassword: '135790' }]);
    const options = api.call.mock.calls.find(([name]) => name === 'blockApply')?.[2] as {
      idempotencyKey?: string;
    };
    expect(options.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows a refusal in words under the keypad and stays', async () => {
    answer(
      { offerings: [offering()], applications: [] },
      {
        blockApply: () => {
          throw new ApiError(
            'block.below_min_shares',
            { min: 100 },
            '블록딜 최소 수량은 100주입니다.',
            400,
          );
        },
      },
    );
    await open('/home/blockTrade1?id=3');
    fireEvent.click(await screen.findByTestId('block-apply-next'));
    fireEvent.change(input('fundPassword'), { target: { value: '135790' } });
    fireEvent.click(screen.getByTestId('block-apply-confirm-submit'));
    expect((await screen.findByTestId('block-apply-confirm-refusal')).textContent).toBe(
      '블록딜 최소 수량은 100주입니다.',
    );
    expect(screen.getByTestId('block-apply-form')).toBeTruthy();
  });

  it('takes no application outside the window', async () => {
    answer({ offerings: [offering({ open: false })], applications: [] });
    await open('/home/blockTrade1?id=3');
    expect((await screen.findByTestId('block-apply-closed')).textContent).toBe(
      '청약 기간에만 신청할 수 있습니다',
    );
    expect(screen.queryByTestId('block-apply-next')).toBeNull();
  });

  it('says so when the offering is not listed', async () => {
    answer({ offerings: [offering()], applications: [] });
    await open('/home/blockTrade1?id=99');
    expect((await screen.findByTestId('block-apply-empty')).textContent).toContain(
      '제공되지 않습니다',
    );
  });
});

describe("the customer's applications", () => {
  it('shows each state, the reason of a rejection and the position of an approval', async () => {
    answer({
      offerings: [offering()],
      applications: [
        application({ id: 23 }),
        application({
          id: 22,
          state: 'rejected',
          version: 1,
          accepts: [],
          reason: 'Over the offering',
        }),
        application({ id: 21, state: 'approved', version: 1, accepts: [], orderId: 7 }),
      ],
    });
    await open('/home/blockTrade2');
    expect((await screen.findByTestId('block-state-23')).textContent).toBe('심사 중');
    expect(screen.getByTestId('block-state-22').textContent).toBe('반려');
    expect(screen.getByTestId('block-reason-22').textContent).toBe('반려 사유: Over the offering');
    expect(screen.getByTestId('block-state-21').textContent).toBe('승인됨');
    expect(screen.getByTestId('block-amount-21').textContent).toBe('19,000,000원');
    expect(screen.queryByTestId('block-position-23')).toBeNull();
    expect(screen.queryByTestId('block-position-22')).toBeNull();
    fireEvent.click(screen.getByTestId('block-position-21'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/trade/positionDetail?id=7'),
    );
  });

  it('shows the empty state', async () => {
    answer({ offerings: [], applications: [] });
    await open('/home/blockTrade2');
    expect((await screen.findByTestId('block-applications-empty')).textContent).toContain(
      '신청 내역이 없습니다',
    );
  });
});
