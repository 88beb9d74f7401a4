import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  CashOutInfoDto,
  ExchangeDto,
  ExchangeQuoteDto,
  FundOrderDto,
  RechargeChannelDto,
} from '../../contract/schemas/funds';
import { RECHARGE_VOUCHER_PATH } from '../../contract/schemas/funds';
import { ApiError } from '../api/ApiError';
import { renderWithApp } from '../testing/renderWithApp';
import CashOutScreen from './CashOutScreen';
import ExChangeScreen from './ExChangeScreen';
import RechargeChannelScreen from './RechargeChannelScreen';
import RechargeScreen from './RechargeScreen';

/**
 * The money screens' main paths and refusals. JSON calls answer from `answers` (a function gets
 * the body); the voucher upload goes through a real axios instance with a fake adapter, so its
 * progress is driven as in a browser.
 */
const api = vi.hoisted(() => {
  const answers: Record<string, unknown> = {};
  return { call: vi.fn(), answers };
});
vi.mock('../api/calls', () => ({ call: api.call }));

const upload = vi.hoisted(() => ({
  requests: [] as InternalAxiosRequestConfig[],
  finish: null as null | ((voucherId: string) => void),
}));
vi.mock('../api/client', async () => {
  const { createApiClient } = await import('../api/createApiClient');
  const adapter: AxiosAdapter = (config) =>
    new Promise((resolve) => {
      upload.requests.push(config);
      config.onUploadProgress?.({ loaded: 50, total: 100, bytes: 50, lengthComputable: true });
      upload.finish = (voucherId) => {
        config.onUploadProgress?.({ loaded: 100, total: 100, bytes: 50, lengthComputable: true });
        resolve({
          data: { status: 1, data: { voucherId, width: 8, height: 5 } },
          status: 200,
          statusText: 'OK',
          headers: {},
          config,
        });
      };
    });
  return {
    apiClient: createApiClient({
      session: () => ({ token: 't', account: 'a', language: 'kor' }),
      endSession: () => undefined,
      notify: () => undefined,
      navigate: () => undefined,
      translate: (code) => String(code),
      adapter,
    }),
  };
});

const WINDOW = {
  opens: '00:00',
  closes: '23:59',
  businessDaysOnly: false,
  openNow: true,
  demo: true,
};
const CHANNELS: RechargeChannelDto = {
  currency: 'KRW',
  channels: [
    {
      id: 1,
      currency: 'KRW',
      kind: 'bank',
      bankName: 'KB국민은행',
      accountName: '마루증권(주)',
      accountNumber: '004-123456-01-001',
      qr: null,
      demo: true,
    },
  ],
  min: 10_000,
  max: 50_000_000,
  window: WINDOW,
};
const USDT_CHANNELS: RechargeChannelDto = {
  currency: 'USDT',
  channels: [
    {
      id: 2,
      currency: 'USDT',
      kind: 'wallet',
      bankName: 'TRC20',
      accountName: 'Maru Securities',
      accountNumber: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      qr: 'data:image/svg+xml;base64,PHN2Zy8+',
      demo: false,
    },
  ],
  min: 10_000_000,
  max: 100_000_000_000,
  window: { ...WINDOW, demo: false, businessDaysOnly: true, opens: '09:00', closes: '15:30' },
};
const INFO: CashOutInfoDto = {
  currency: 'KRW',
  min: 100_000,
  max: 50_000_000,
  withdrawable: 1_200_000,
  window: WINDOW,
  pendingOrderId: null,
};
const CARD = {
  id: 7,
  holder: '홍길동',
  bank: 'KB국민은행',
  branch: '여의도지점',
  bankCode: '004',
  masked: '1234 **** **** 5678',
  createdAt: '2026-11-02T03:00:00Z',
};
const DEPOSIT: FundOrderDto = {
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
  createdAt: '2026-11-25T01:00:00Z',
  updatedAt: '2026-11-25T01:00:00Z',
};
const WITHDRAWAL: FundOrderDto = {
  ...DEPOSIT,
  id: 42,
  kind: 'withdrawal',
  orderNo: 'W42',
  amount: 1_200_000,
  accepts: ['withdrawal.cancel'],
  expectedArrival: '2026-11-25T03:00:00Z',
  destination: { type: 'card', id: 7, label: 'KB국민은행 1234 **** **** 5678' },
};

const refusal = (code: string, params: Record<string, string | number> = {}) =>
  new ApiError(code, params, code, 400);

beforeEach(() => {
  upload.requests.length = 0;
  upload.finish = null;
  api.answers = {};
  api.call.mockReset();
  api.call.mockImplementation((name: string, body: unknown) => {
    const answer = api.answers[name];
    if (answer === undefined) return Promise.reject(new Error(`unexpected call ${name}`));
    const value = typeof answer === 'function' ? (answer as (b: unknown) => unknown)(body) : answer;
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value);
  });
});
afterEach(() => {
  vi.useRealTimers();
});

const callsNamed = (name: string) => api.call.mock.calls.filter(([n]) => n === name);
const field = (name: string) => {
  const element = document.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`);
  if (!element) throw new Error(`no field named ${name}`);
  return element;
};
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}
async function show(path: string, element: React.ReactElement) {
  await renderWithApp(
    <Routes>
      <Route path={path.split('?')[0]} element={element} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path },
  );
}

describe('/information/rechargeChannel', () => {
  it('lists the receiving accounts with copy buttons, labels demo ones, and leads to the form', async () => {
    api.answers.rechargeChannel = (body: { currency: string }) =>
      body.currency === 'USDT' ? USDT_CHANNELS : CHANNELS;
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await show('/information/rechargeChannel', <RechargeChannelScreen />);
    expect((await screen.findByTestId('channel-1-number')).textContent).toBe('004-123456-01-001');
    expect(screen.getByTestId('channel-1-name').textContent).toBe('마루증권(주)');
    expect(screen.getByTestId('channel-1-demo').textContent).toBe('데모');
    expect(screen.getByTestId('channel-limits').textContent).toBe(
      '1회 최소 10,000 KRW, 최대 50,000,000 KRW',
    );
    expect(screen.getByTestId('fund-window').textContent).toContain('24시간 (데모)');
    fireEvent.click(screen.getByTestId('channel-1-number-copy'));
    expect(writeText).toHaveBeenCalledWith('004-123456-01-001');

    fireEvent.click(screen.getByTestId('currency-USDT'));
    expect((await screen.findByTestId('channel-2-qr')).getAttribute('src')).toBe(
      USDT_CHANNELS.channels[0]?.qr,
    );
    expect(screen.queryByTestId('channel-2-demo')).toBeNull();
    expect(screen.getByTestId('fund-window').textContent).toContain('영업일 09:00–15:30');
    expect(callsNamed('rechargeChannel').map((args: unknown[]) => args[1])).toEqual([
      { currency: 'KRW' },
      { currency: 'USDT' },
    ]);
    fireEvent.click(screen.getByTestId('channel-next'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/information/recharge?currency=USDT',
    );
  });

  it('says when a currency has no receiving account yet', async () => {
    api.answers.rechargeChannel = { ...CHANNELS, channels: [] };
    await show('/information/rechargeChannel', <RechargeChannelScreen />);
    expect((await screen.findByTestId('channel-empty')).textContent).toContain(
      '입금받는 계좌가 아직 없습니다',
    );
  });
});

describe('/information/recharge', () => {
  const jpeg = () => new File([new Uint8Array(1000)], 'voucher.jpg', { type: 'image/jpeg' });
  const pick = (file: File) =>
    fireEvent.change(screen.getByTestId('voucher-file'), { target: { files: [file] } });

  beforeEach(() => {
    api.answers.rechargeChannel = CHANNELS;
    api.answers.cashOutInfo = INFO;
  });

  it('uploads the voucher with progress, sends the amount in minor units once, shows the deposit and cancels it', async () => {
    api.answers.recharge = DEPOSIT;
    api.answers.fundOrderCancel = { ...DEPOSIT, state: 'cancelled', version: 2, accepts: [] };
    await show('/information/recharge?currency=KRW', <RechargeScreen />);
    await screen.findByTestId('recharge-form');
    type('amount', '500,000');
    fireEvent.click(screen.getByTestId('recharge-submit'));
    // No voucher yet: the picker says so and nothing is sent.
    expect((await screen.findByTestId('voucher-error')).textContent).toContain('이체 증빙');
    expect(callsNamed('recharge')).toHaveLength(0);

    pick(jpeg());
    await waitFor(() => expect(upload.requests).toHaveLength(1));
    const [request] = upload.requests;
    expect(request?.url).toBe(RECHARGE_VOUCHER_PATH);
    expect(request?.data).toBeInstanceOf(File);
    expect((await screen.findByTestId('voucher-progress')).getAttribute('aria-valuenow')).toBe(
      '50',
    );
    act(() => upload.finish?.('v-1'));
    await screen.findByTestId('voucher-done');

    fireEvent.click(screen.getByTestId('recharge-submit'));
    const order = await screen.findByTestId('fund-order');
    const [[, body, options]] = callsNamed('recharge') as [
      [string, unknown, { idempotencyKey: string }],
    ];
    expect(body).toEqual({ currency: 'KRW', amount: 500_000, voucherId: 'v-1' });
    expect(options.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(order).getByTestId('fund-order-no').textContent).toBe('D41');
    expect(within(order).getByTestId('fund-order-amount').textContent).toBe('500,000 KRW');
    const state = within(order).getByTestId('fund-order-state');
    expect(state.dataset.state).toBe('pending.waiting');
    expect(state.textContent).toBe('처리 중');
    // The badge takes the deposit machine's tone, as the records and the back office do.
    expect(state.dataset.palette).toBe('orange');

    fireEvent.click(within(order).getByTestId('fund-order-cancel'));
    await waitFor(() => expect(state.textContent).toBe('취소됨'));
    expect(state.dataset.palette).toBe('gray');
    expect(callsNamed('fundOrderCancel')[0]?.[1]).toEqual({ id: 41 });
    expect(screen.queryByTestId('fund-order-cancel')).toBeNull();
  });

  it('checks the amount against the limits before sending, with the limit in words', async () => {
    await show('/information/recharge', <RechargeScreen />);
    await screen.findByTestId('recharge-form');
    type('amount', '5000');
    fireEvent.click(screen.getByTestId('recharge-submit'));
    expect((await screen.findByTestId('error-amount')).textContent).toBe(
      '입금 최소 금액은 10,000 KRW입니다.',
    );
    type('amount', '12.5');
    fireEvent.click(screen.getByTestId('recharge-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('error-amount').textContent).toContain('0보다 큰 정수'),
    );
    expect(callsNamed('recharge')).toHaveLength(0);
  });

  it('shows a pending fund order with a link to the records, instead of a form', async () => {
    api.answers.cashOutInfo = { ...INFO, pendingOrderId: 40 };
    await show('/information/recharge', <RechargeScreen />);
    const notice = await screen.findByTestId('recharge-pending');
    expect(notice.textContent).toContain('진행 중인 입금 또는 출금');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/information/fundRecord');
    expect(screen.queryByTestId('recharge-form')).toBeNull();
  });

  it('shows the server refusal in words, links to the records for a pending order, and keeps the voucher', async () => {
    api.answers.recharge = refusal('fund_order.pending_exists');
    await show('/information/recharge', <RechargeScreen />);
    await screen.findByTestId('recharge-form');
    type('amount', '20000');
    pick(jpeg());
    await waitFor(() => expect(upload.finish).not.toBeNull());
    act(() => upload.finish?.('v-2'));
    await screen.findByTestId('voucher-done');
    fireEvent.click(screen.getByTestId('recharge-submit'));
    const note = await screen.findByTestId('recharge-refusal');
    expect(note.dataset.code).toBe('fund_order.pending_exists');
    expect(within(note).getByTestId('recharge-refusal-text').textContent).toContain(
      '처리 중인 입출금이 있습니다',
    );
    expect(within(note).getByTestId('recharge-refusal-records').getAttribute('href')).toBe(
      '/information/fundRecord',
    );
    fireEvent.click(within(note).getByTestId('recharge-refusal-action'));
    await screen.findByTestId('recharge-submit');
    expect(screen.getByTestId('voucher-done')).toBeTruthy();
  });

  it('sends an unverified customer to verify first', async () => {
    api.answers.rechargeChannel = refusal('kyc.required');
    await show('/information/recharge', <RechargeScreen />);
    expect((await screen.findByTestId('recharge-needs-kyc')).textContent).toContain('실명인증');
  });

  it('refuses a file that is not a picture before uploading it', async () => {
    await show('/information/recharge', <RechargeScreen />);
    await screen.findByTestId('recharge-form');
    pick(new File(['%PDF'], 'v.pdf', { type: 'application/pdf' }));
    expect((await screen.findByTestId('voucher-error')).textContent).toContain('JPEG 또는 PNG');
    expect(upload.requests).toHaveLength(0);
  });
});

describe('/information/cashOut', () => {
  beforeEach(() => {
    api.answers.cashOutInfo = INFO;
    api.answers.bankList = [CARD];
  });

  it('withdraws all that is withdrawable to a card after the confirmation sheet', async () => {
    api.answers.cashOut = WITHDRAWAL;
    await show('/information/cashOut', <CashOutScreen />);
    await screen.findByTestId('cashout-form');
    expect(screen.getByTestId('cashout-withdrawable').textContent).toContain('1,200,000 KRW');
    expect(field('destination').value).toBe('card-7');
    fireEvent.click(screen.getByTestId('amount-all'));
    expect(field('amount').value).toBe('1200000');
    fireEvent.click(screen.getByTestId('cashout-next'));
    const sheet = await screen.findByTestId('cashout-confirm');
    expect(within(sheet).getByTestId('cashout-confirm-amount').textContent).toBe('1,200,000 KRW');
    expect(within(sheet).getByTestId('cashout-confirm-destination').textContent).toBe(
      'KB국민은행 1234 **** **** 5678',
    );
    // The fund password is required before anything is sent.
    fireEvent.click(within(sheet).getByTestId('cashout-confirm-submit'));
    expect(await screen.findByTestId('error-fundPassword')).toBeTruthy();
    type('fundPassword', '135790');
    fireEvent.click(within(sheet).getByTestId('cashout-confirm-submit'));
    const order = await screen.findByTestId('fund-order');
    const [[, body, options]] = callsNamed('cashOut') as [
      [string, unknown, { idempotencyKey: string }],
    ];
    expect(body).toEqual({
      currency: 'KRW',
      amount: 1_200_000,
      cardId: 7,
      fundPassword: '135790',
    });
    expect(options.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // 03:00 UTC is noon in Seoul.
    expect(within(order).getByTestId('fund-order-arrival').textContent).toBe('2026.11.25 12:00:00');
    expect(within(order).getByTestId('fund-order-cancel').textContent).toBe('출금 취소');
  });

  it('says below the minimum and beyond the withdrawable amount before sending', async () => {
    await show('/information/cashOut', <CashOutScreen />);
    await screen.findByTestId('cashout-form');
    type('amount', '50000');
    fireEvent.click(screen.getByTestId('cashout-next'));
    expect((await screen.findByTestId('error-amount')).textContent).toContain('100,000 KRW');
    type('amount', '1300000');
    await waitFor(() =>
      expect(screen.getByTestId('error-amount').textContent).toContain('1,200,000 KRW'),
    );
    expect(screen.queryByTestId('cashout-confirm')).toBeNull();
  });

  it('goes back to the sheet after a wrong fund password, and to the form after the window closed', async () => {
    const answers = [
      refusal('fund_password.wrong', { attemptsLeft: 4 }),
      refusal('fund_order.closed', { window: '09:00–15:30' }),
    ];
    api.answers.cashOut = () => answers.shift();
    await show('/information/cashOut', <CashOutScreen />);
    await screen.findByTestId('cashout-form');
    type('amount', '200000');
    fireEvent.click(screen.getByTestId('cashout-next'));
    await screen.findByTestId('cashout-confirm');
    type('fundPassword', '000000');
    fireEvent.click(screen.getByTestId('cashout-confirm-submit'));
    const wrong = await screen.findByTestId('cashout-refusal');
    expect(wrong.textContent).toContain('4');
    fireEvent.click(within(wrong).getByTestId('cashout-refusal-action'));
    await screen.findByTestId('cashout-confirm');
    type('fundPassword', '135790');
    fireEvent.click(screen.getByTestId('cashout-confirm-submit'));
    const closed = await screen.findByTestId('cashout-refusal');
    expect(closed.dataset.code).toBe('fund_order.closed');
    expect(closed.textContent).toContain('09:00–15:30');
    fireEvent.click(within(closed).getByTestId('cashout-refusal-action'));
    await screen.findByTestId('cashout-form');
    expect(field('amount').value).toBe('200000');
  });

  it('asks for a wallet for USDT and links to adding one', async () => {
    api.answers.walletList = [];
    await show('/information/cashOut?currency=USDT', <CashOutScreen />);
    const empty = await screen.findByTestId('cashout-destinations-empty');
    expect(empty.textContent).toContain('USDT 지갑');
    expect(within(empty).getByRole('link').getAttribute('href')).toBe('/information/usdtAddress');
    expect(callsNamed('cashOutInfo')[0]?.[1]).toEqual({ currency: 'USDT' });
  });

  it('sends an unverified customer to verify first', async () => {
    api.answers.cashOutInfo = refusal('kyc.required');
    await show('/information/cashOut', <CashOutScreen />);
    const card = await screen.findByTestId('cashout-needs-kyc');
    expect(card.textContent).toContain('실명인증');
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/information/authInfo');
    expect(screen.queryByTestId('cashout-error')).toBeNull();
  });

  it('shows a pending fund order instead of the form', async () => {
    api.answers.cashOutInfo = { ...INFO, pendingOrderId: 40 };
    await show('/information/cashOut', <CashOutScreen />);
    expect((await screen.findByTestId('cashout-pending')).textContent).toContain('진행 중');
  });
});

describe('/information/exChange', () => {
  const quote = (over: Partial<ExchangeQuoteDto> = {}): ExchangeQuoteDto => ({
    quoteId: 'q-1',
    from: 'KRW',
    to: 'USD',
    amount: 1_000_000,
    rate: '0.00072',
    receive: 72_000,
    fee: 150,
    expiresAt: new Date(Date.now() + 30_000).toISOString(),
    ...over,
  });
  const RESULT: ExchangeDto = {
    id: 9,
    orderNo: 'X9',
    rate: '0.00072',
    fee: 150,
    sold: { entryId: 1, currency: 'KRW', amount: -1_000_000 },
    bought: { entryId: 2, currency: 'USD', amount: 72_000 },
    createdAt: '2026-11-25T01:00:00Z',
  };
  beforeEach(() => {
    api.answers.balances = [
      { currency: 'KRW', total: 2_000_000, available: 2_000_000, held: 0, withdrawable: 2_000_000 },
    ];
  });

  it('quotes, counts down, exchanges with the fund password and shows both legs', async () => {
    api.answers.exchangeQuote = () => quote();
    api.answers.exchange = RESULT;
    await show('/information/exChange', <ExChangeScreen />);
    await screen.findByTestId('exchange-form');
    expect(screen.getByTestId('exchange-available').textContent).toContain('2,000,000 KRW');
    type('amount', '1,000,000');
    fireEvent.click(screen.getByTestId('exchange-quote'));
    const card = await screen.findByTestId('exchange-quote-card');
    expect(callsNamed('exchangeQuote')[0]?.[1]).toEqual({
      from: 'KRW',
      to: 'USD',
      amount: 1_000_000,
    });
    expect(within(card).getByTestId('exchange-quote-rate').textContent).toBe('1 KRW = 0.00072 USD');
    expect(within(card).getByTestId('exchange-quote-receive').textContent).toBe('720.00 USD');
    expect(within(card).getByTestId('exchange-quote-fee').textContent).toBe('1.50 USD');
    expect(within(card).getByTestId('exchange-countdown').textContent).toMatch(/(29|30)초/);
    type('fundPassword', '135790');
    fireEvent.click(within(card).getByTestId('exchange-confirm'));
    const result = await screen.findByTestId('exchange-result');
    expect(callsNamed('exchange')[0]?.[1]).toEqual({ quoteId: 'q-1', fundPassword: '135790' });
    expect((callsNamed('exchange')[0]?.[2] as { idempotencyKey: string }).idempotencyKey).toMatch(
      /^[0-9a-f-]{36}$/,
    );
    expect(within(result).getByTestId('exchange-sold').textContent).toBe('-1,000,000 KRW');
    expect(within(result).getByTestId('exchange-bought').textContent).toBe('+720.00 USD');
  });

  it('never offers a currency into itself: choosing the other side swaps them', async () => {
    await show('/information/exChange', <ExChangeScreen />);
    await screen.findByTestId('exchange-form');
    fireEvent.click(screen.getByTestId('exchange-swap'));
    expect([field('from').value, field('to').value]).toEqual(['USD', 'KRW']);
    type('to', 'USD');
    expect([field('from').value, field('to').value]).toEqual(['KRW', 'USD']);
    type('from', 'JPY');
    expect([field('from').value, field('to').value]).toEqual(['JPY', 'USD']);
  });

  it('quotes the yen per 100, and quotes again once the quote expired', async () => {
    let n = 0;
    api.answers.exchangeQuote = () =>
      quote({
        quoteId: `q-${++n}`,
        from: 'JPY',
        to: 'KRW',
        amount: 10_000,
        rate: '9.4012',
        receive: 94_012,
        fee: 60,
        expiresAt: new Date(Date.now() + (n === 1 ? 1_000 : 30_000)).toISOString(),
      });
    await show('/information/exChange', <ExChangeScreen />);
    await screen.findByTestId('exchange-form');
    type('from', 'JPY');
    type('to', 'KRW');
    type('amount', '10000');
    fireEvent.click(screen.getByTestId('exchange-quote'));
    expect((await screen.findByTestId('exchange-quote-rate')).textContent).toBe(
      '100 JPY = 940.12 KRW',
    );
    const expired = await screen.findByTestId('exchange-expired', {}, { timeout: 3_000 });
    expect(expired.textContent).toContain('만료');
    fireEvent.click(within(expired).getByTestId('exchange-requote'));
    await screen.findByTestId('exchange-countdown');
    expect(callsNamed('exchangeQuote')).toHaveLength(2);
  });

  it('shows a refused quote in words and goes back to the form', async () => {
    api.answers.exchangeQuote = refusal('exchange.too_small');
    await show('/information/exChange', <ExChangeScreen />);
    await screen.findByTestId('exchange-form');
    type('amount', '1');
    fireEvent.click(screen.getByTestId('exchange-quote'));
    const note = await screen.findByTestId('exchange-refusal');
    expect(note.dataset.code).toBe('exchange.too_small');
    fireEvent.click(within(note).getByTestId('exchange-refusal-action'));
    await screen.findByTestId('exchange-form');
    expect(field('amount').value).toBe('1');
  });
});
