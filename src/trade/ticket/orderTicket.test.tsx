import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallName } from '../../../contract/calls';
import { ApiError } from '../../api/ApiError';
import { switchLocale } from '../../i18n/i18n';
import { backend, REST } from '../../testing/fakeBackend';
import { renderWithApp } from '../../testing/renderWithApp';

/**
 * The order ticket and the screens that open it, against the test harness's fake answers
 * (src/testing/fakeBackend.ts): REST through a stubbed `call`, live market data through the fake
 * hooks (a quote of 199,400 with limits 139,300 ~ 258,500; a book with 199,300 bid, 199,400 ask).
 */
const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api', () => ({ call: api.call }));
vi.mock('../../market/live', async () => (await import('../../testing/fakeBackend')).liveHooks);
vi.mock('../../market/chart/StockChart', () => ({ StockChart: () => null }));

type Options = { idempotencyKey?: string; silent?: boolean };
type Answer = (body: Record<string, unknown>, options: Options) => unknown;

/** Answers each call with the harness's data unless the test says otherwise. */
function answer(overrides: Partial<Record<CallName, Answer>> = {}) {
  api.call.mockImplementation((name: CallName, body: Record<string, unknown>, options: Options) => {
    const own = overrides[name];
    if (own) return Promise.resolve().then(() => own(body, options ?? {}));
    const fixture = REST[name];
    if (!fixture) return Promise.reject(new Error(`no fixture for ${name}`));
    return Promise.resolve(fixture.data);
  });
}
const callsTo = (name: CallName) =>
  api.call.mock.calls.filter(([n]) => n === name) as [CallName, Record<string, unknown>, Options][];
const refusal = (code: string, params: Record<string, string | number> = {}) =>
  new ApiError(code, params, code, 200);

const preview = REST.tradePreview?.data;
const placedOrder = REST.tradePlace?.data;
if (!preview || !placedOrder) throw new Error('the harness has no trade fixtures');

beforeEach(() => {
  api.call.mockReset();
  backend.reset();
  localStorage.clear();
});

async function openMarketBuy(url = '/market/marketBuy?symbol=005930&side=long') {
  const { default: MarketBuyScreen } = await import('../MarketBuyScreen');
  const view = await renderWithApp(<MarketBuyScreen />, { path: url });
  await screen.findByTestId('ticket-form');
  return view;
}
const price = () => screen.getByTestId<HTMLInputElement>('ticket-price');
const typePrice = (value: string) => fireEvent.change(price(), { target: { value } });

/** The form sent to preview, then the keypad with a password. */
async function toKeypad() {
  fireEvent.click(screen.getByTestId('ticket-review'));
  await screen.findByTestId('ticket-preview');
  fireEvent.click(screen.getByTestId('ticket-preview-next'));
  await screen.findByTestId('ticket-keypad');
  fireEvent.change(screen.getByLabelText(/자금 비밀번호/), { target: { value: '135790' } });
  fireEvent.click(screen.getByTestId('ticket-submit'));
}

describe('the order ticket', () => {
  it('goes edit → preview → keypad → placed, with the preview figures and one key per attempt', async () => {
    answer();
    await openMarketBuy();
    // The price starts at the market's; the product's labels are shown.
    await waitFor(() => expect(price().value).toBe('199400'));
    expect(screen.getByTestId('ticket-open').textContent).toBe('지금 거래 가능');
    expect(screen.getByTestId('ticket-demo')).toBeTruthy();
    expect(screen.getByTestId('ticket-simulated')).toBeTruthy();
    expect(screen.getByTestId('ticket-lock').textContent).toBe(
      '다음 영업일(T+1)부터 청산할 수 있습니다',
    );
    expect(screen.getByTestId('ticket-side-long').getAttribute('aria-checked')).toBe('true');

    fireEvent.pointerDown(screen.getByTestId('stepper-increase'), { button: 0 });
    fireEvent.pointerUp(screen.getByTestId('stepper-increase'));
    expect(screen.getByTestId('ticket-shares').textContent).toBe('2로트 × 1주 = 2주');
    fireEvent.click(screen.getByTestId('ticket-leverage-5'));

    fireEvent.click(screen.getByTestId('ticket-review'));
    await screen.findByTestId('ticket-preview');
    expect(callsTo('tradePreview')[0]?.[1]).toEqual({
      product: 'stock',
      symbol: '005930',
      side: 'long',
      type: 'limit',
      price: 199_400,
      lots: 2,
      leverage: 5,
    });
    expect(screen.getByTestId('ticket-preview-price').textContent).toBe('199,400원');
    expect(screen.getByTestId('ticket-preview-margin').textContent).toBe('79,760원');
    expect(screen.getByTestId('ticket-preview-fee').textContent).toBe('60원');
    expect(screen.getByTestId('ticket-preview-tax').textContent).toBe('0원');
    expect(screen.getByTestId('ticket-preview-total').textContent).toBe('79,820원');
    expect(screen.getByTestId('ticket-preview-available').textContent).toBe('1,234,500원');
    expect(screen.getByTestId('ticket-preview-limits').textContent).toBe('139,300 ~ 258,500');
    expect(screen.getByTestId('ticket-preview-unlock').textContent).toContain('2026');

    fireEvent.click(screen.getByTestId('ticket-preview-next'));
    await screen.findByTestId('ticket-keypad');
    expect(screen.getByTestId('ticket-keypad-summary').textContent).toContain('5배');
    fireEvent.change(screen.getByLabelText(/자금 비밀번호/), { target: { value: '135790' } });
    fireEvent.click(screen.getByTestId('ticket-submit'));
    await screen.findByTestId('ticket-placed');

    const [[, body, options]] = callsTo('tradePlace') as [[CallName, object, Options]];
    expect(body).toEqual({ ...callsTo('tradePreview')[0]?.[1], fundPassword: '135790' });
    expect(options.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByTestId('ticket-placed-line').textContent).toBe(
      '미체결: 199,400원 지정가로 대기 중',
    );
    expect(screen.getByTestId('ticket-placed-list').getAttribute('href')).toBe(
      '/trade/index?tab=pending',
    );
    expect(screen.getByTestId('ticket-placed-position').getAttribute('href')).toBe(
      '/trade/positionDetail?id=77',
    );

    // A new order is a new attempt: a new key.
    fireEvent.click(screen.getByTestId('ticket-again'));
    await toKeypad();
    await screen.findByTestId('ticket-placed');
    const keys = callsTo('tradePlace').map(([, , o]) => o.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('links a filled order to the holding tab and says at what price it filled', async () => {
    answer({
      tradePlace: () => ({
        ...placedOrder,
        state: 'holding.locked',
        fillPrice: 199_400,
        filledAt: '2026-11-20T01:00:01Z',
      }),
    });
    await openMarketBuy();
    await waitFor(() => expect(price().value).toBe('199400'));
    await toKeypad();
    await screen.findByTestId('ticket-placed');
    expect(screen.getByTestId('ticket-placed-line').textContent).toBe('체결: 199,400원에 2주');
    expect(screen.getByTestId('ticket-placed-list').getAttribute('href')).toBe(
      '/trade/index?tab=holding',
    );
  });

  it('shows a preview with a refusal and offers no way to confirm it', async () => {
    answer({
      tradePreview: () => ({
        ...preview,
        refusal: {
          code: 'trade.insufficient_margin',
          params: { needed: '79,820', available: '1,000' },
          msg: 'x',
        },
      }),
    });
    await openMarketBuy();
    await waitFor(() => expect(price().value).toBe('199400'));
    fireEvent.click(screen.getByTestId('ticket-review'));
    const refused = await screen.findByTestId('ticket-preview-refused');
    expect(refused.getAttribute('data-code')).toBe('trade.insufficient_margin');
    expect(screen.getByTestId('ticket-preview-refused-text').textContent).toBe(
      '잔액이 부족합니다: 이 주문에는 79,820원이 필요하며 사용 가능 금액은 1,000원입니다.',
    );
    expect(screen.queryByTestId('ticket-preview-next')).toBeNull();
    fireEvent.click(screen.getByTestId('ticket-preview-back'));
    expect(await screen.findByTestId('ticket-form')).toBeTruthy();
    expect(price().value).toBe('199400');
  });

  it('goes back to the keypad after a wrong fund password, to the form after another refusal', async () => {
    const attempts: Record<string, unknown>[] = [];
    answer({
      tradePlace: (body) => {
        attempts.push(body);
        throw attempts.length === 1
          ? refusal('fund_password.wrong', { attemptsLeft: 4 })
          : refusal('trade.closed', { session: '장 마감' });
      },
    });
    await openMarketBuy();
    await waitFor(() => expect(price().value).toBe('199400'));
    await toKeypad();
    const first = await screen.findByTestId('ticket-refusal');
    expect(first.getAttribute('data-code')).toBe('fund_password.wrong');
    expect(screen.getByTestId('ticket-refusal-text').textContent).toBe(
      '자금 비밀번호가 틀렸습니다. 남은 시도: 4회',
    );
    fireEvent.click(screen.getByTestId('ticket-refusal-action'));
    await screen.findByTestId('ticket-keypad');
    fireEvent.change(screen.getByLabelText(/자금 비밀번호/), { target: { value: '246801' } });
    fireEvent.click(screen.getByTestId('ticket-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('ticket-refusal').getAttribute('data-code')).toBe('trade.closed'),
    );
    expect(screen.getByTestId('ticket-refusal-text').textContent).toBe(
      '거래 시간이 아닙니다. 주문은 거래일 09:00–15:20(서울 시각) 정규 거래 시간에 접수됩니다.',
    );
    fireEvent.click(screen.getByTestId('ticket-refusal-action'));
    expect(await screen.findByTestId('ticket-form')).toBeTruthy();
    expect(price().value).toBe('199400');
  });

  it('sends an unanswered order again under the same key', async () => {
    let tries = 0;
    answer({
      tradePlace: () => {
        tries += 1;
        if (tries === 1) throw refusal('system.busy');
        return placedOrder;
      },
    });
    await openMarketBuy();
    await waitFor(() => expect(price().value).toBe('199400'));
    await toKeypad();
    await screen.findByTestId('ticket-retry');
    fireEvent.click(screen.getByTestId('ticket-retry'));
    await screen.findByTestId('ticket-placed');
    const [a, b] = callsTo('tradePlace');
    expect(b?.[2].idempotencyKey).toBe(a?.[2].idempotencyKey);
    expect(b?.[1]).toEqual(a?.[1]);
  });

  it('refuses an off-tick price or one outside the limits before asking the server', async () => {
    answer();
    await openMarketBuy();
    await waitFor(() => expect(price().value).toBe('199400'));
    typePrice('199450');
    fireEvent.click(screen.getByTestId('ticket-review'));
    const error = screen.getByTestId('ticket-price-error');
    expect(error.getAttribute('data-code')).toBe('trade.price_not_on_tick');
    expect(error.textContent).toBe('가격은 호가 단위 100원의 배수여야 합니다.');
    typePrice('300000');
    fireEvent.click(screen.getByTestId('ticket-review'));
    expect(screen.getByTestId('ticket-price-error').getAttribute('data-code')).toBe(
      'trade.price_limit',
    );
    expect(screen.getByTestId('ticket-price-error').textContent).toBe(
      '가격 제한폭을 벗어났습니다: 오늘의 범위는 139,300원 ~ 258,500원입니다.',
    );
    expect(callsTo('tradePreview')).toHaveLength(0);

    // The steppers move by the tick of the band, and put an off-tick price back on it.
    typePrice('199450');
    fireEvent.click(screen.getByTestId('ticket-price-up'));
    expect(price().value).toBe('199500');
    typePrice('2000');
    fireEvent.click(screen.getByTestId('ticket-price-down'));
    expect(price().value).toBe('1999');
    fireEvent.click(screen.getByTestId('ticket-price-up'));
    expect(price().value).toBe('2000');
    fireEvent.click(screen.getByTestId('ticket-price-up'));
    expect(price().value).toBe('2005');
  });

  it('sends a market order without a price', async () => {
    answer();
    await openMarketBuy('/market/marketBuy?symbol=005930&side=short');
    expect(screen.getByTestId('ticket-side-short').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('ticket-type-market'));
    expect(screen.queryByTestId('ticket-price')).toBeNull();
    expect(screen.getByTestId('ticket-market-note')).toBeTruthy();
    fireEvent.click(screen.getByTestId('ticket-review'));
    await screen.findByTestId('ticket-preview');
    expect(callsTo('tradePreview')[0]?.[1]).toEqual({
      product: 'stock',
      symbol: '005930',
      side: 'short',
      type: 'market',
      lots: 1,
      leverage: 1,
    });
  });

  it("lists the product's leverage multiples in the picker", async () => {
    answer();
    await openMarketBuy();
    const picker = screen.getByTestId('ticket-leverage');
    expect(
      within(picker)
        .getAllByRole('radio')
        .map((b) => b.textContent),
    ).toEqual(['1배', '2배', '5배', '10배']);
  });

  it('says when the product is not trading now, and when it is not listed', async () => {
    const products = REST.tradeProducts?.data;
    if (!products) throw new Error('no fixture');
    answer({
      tradeProducts: () => ({
        ...products,
        demo: false,
        products: products.products.map((p) => ({ ...p, openNow: false })),
      }),
    });
    const view = await openMarketBuy();
    expect(screen.getByTestId('ticket-closed').textContent).toBe('거래 시간이 아닙니다');
    expect(screen.queryByTestId('ticket-demo')).toBeNull();
    view.unmount();
    answer({ tradeProducts: () => ({ ...products, products: [] }) });
    const { default: MarketBuyScreen } = await import('../MarketBuyScreen');
    await renderWithApp(<MarketBuyScreen />, { path: '/market/marketBuy?symbol=005930' });
    expect((await screen.findByTestId('ticket-empty')).textContent).toContain(
      '이 상품은 지금 거래할 수 없습니다',
    );
  });

  it("speaks the customer's language", async () => {
    answer();
    await openMarketBuy();
    await act(() => switchLocale('en'));
    await waitFor(() =>
      expect(screen.getByTestId('ticket-lock').textContent).toBe(
        'Closable from the next business day (T+1)',
      ),
    );
    expect(screen.getByTestId('ticket-side-long').textContent).toBe('Buy / Long');
    await act(() => switchLocale('cn'));
    await waitFor(() =>
      expect(screen.getByTestId('ticket-lock').textContent).toBe('下一个营业日（T+1）起可平仓'),
    );
    await act(() => switchLocale('kor'));
  });

  it('offers the search when the page names no stock', async () => {
    answer();
    const { default: MarketBuyScreen } = await import('../MarketBuyScreen');
    await renderWithApp(<MarketBuyScreen />, { path: '/market/marketBuy' });
    expect(screen.getByTestId('market-buy-no-symbol')).toBeTruthy();
    expect(callsTo('tradeProducts')).toHaveLength(0);
  });
});

describe('stock detail', () => {
  async function openDetail() {
    const { default: StockDetailScreen } = await import('../../market/StockDetailScreen');
    await renderWithApp(<StockDetailScreen />, { path: '/market/stockDetail?code=005930' });
    await screen.findByTestId('book-bid-1-pick');
  }

  it('opens the ticket as a sheet from the bar, on the side pressed', async () => {
    answer();
    await openDetail();
    expect(screen.queryByTestId('ticket-sheet')).toBeNull();
    fireEvent.click(screen.getByTestId('trade-bar-short'));
    const sheet = await screen.findByTestId('ticket-sheet');
    await within(sheet).findByTestId('ticket-form');
    expect(screen.getByTestId('ticket-side-short').getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByTestId('trade-bar')).toBeNull();
    expect(document.activeElement?.id).toBe(sheet.getAttribute('aria-labelledby'));
    fireEvent.click(screen.getByTestId('ticket-sheet-close'));
    expect(screen.queryByTestId('ticket-sheet')).toBeNull();
    expect(screen.getByTestId('trade-bar')).toBeTruthy();
    fireEvent.click(screen.getByTestId('trade-bar-long'));
    fireEvent.keyDown(await screen.findByTestId('ticket-sheet'), { key: 'Escape' });
    expect(screen.queryByTestId('ticket-sheet')).toBeNull();
  });

  it('sets the limit price from a tapped book level, opening the ticket if closed', async () => {
    answer();
    await openDetail();
    fireEvent.click(screen.getByTestId('book-bid-1-pick'));
    await screen.findByTestId('ticket-form');
    expect(price().value).toBe('199300');
    // The quote arriving later does not overwrite the tapped price.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(price().value).toBe('199300');

    // From the preview, a tap takes the ticket back to its form with the new price.
    fireEvent.click(screen.getByTestId('ticket-type-market'));
    fireEvent.click(screen.getByTestId('ticket-review'));
    await screen.findByTestId('ticket-preview');
    fireEvent.click(screen.getByTestId('book-ask-1-pick'));
    await screen.findByTestId('ticket-form');
    expect(screen.getByTestId('ticket-type-limit').getAttribute('aria-checked')).toBe('true');
    expect(price().value).toBe('199400');
  });
});

describe('automated trading 4.0', () => {
  it('lists both day-trading products with their terms, and orders a searched stock on one', async () => {
    answer();
    const { default: DayTradingScreen } = await import('../DayTradingScreen');
    await renderWithApp(<DayTradingScreen />, { path: '/home/dayTrading' });
    const products = await screen.findByTestId('daytrading-product');
    expect(
      within(products)
        .getAllByRole('radio')
        .map((b) => b.textContent),
    ).toEqual(['자동매매 4.0', '대량 자동매매']);
    expect(screen.getByTestId('daytrading-lot').textContent).toBe('10주');
    expect(screen.getByTestId('daytrading-leverages').textContent).toBe('1배 · 3배 · 5배');
    expect(screen.getByTestId('daytrading-min-open').textContent).toBe('1,000,000원');
    expect(screen.getByTestId('daytrading-lock').textContent).toBe(
      '체결 15분 후부터 청산할 수 있습니다',
    );
    expect(screen.getByTestId('daytrading-session-end')).toBeTruthy();

    fireEvent.click(screen.getByTestId('daytrading-product-bulkDayTrading'));
    expect(screen.getByTestId('daytrading-lot').textContent).toBe('100주');

    fireEvent.change(screen.getByTestId('daytrading-search'), { target: { value: '삼성' } });
    fireEvent.click(await screen.findByTestId('daytrading-result-005930'));
    await screen.findByTestId('ticket-form');
    expect(screen.getByTestId('ticket-shares').textContent).toBe('1로트 × 100주 = 100주');
    expect(
      within(screen.getByTestId('ticket-leverage'))
        .getAllByRole('radio')
        .map((b) => b.textContent),
    ).toEqual(['1배', '2배']);
    await waitFor(() => expect(price().value).toBe('199400'));
    fireEvent.click(screen.getByTestId('ticket-review'));
    await screen.findByTestId('ticket-preview');
    expect(callsTo('tradePreview')[0]?.[1]).toMatchObject({
      product: 'bulkDayTrading',
      symbol: '005930',
      lots: 1,
      leverage: 1,
    });
  });

  it('names a stock given by the address (?symbol=) from its quote, not by its code', async () => {
    answer();
    const { default: DayTradingScreen } = await import('../DayTradingScreen');
    await renderWithApp(<DayTradingScreen />, { path: '/home/dayTrading?symbol=005930' });
    await screen.findByTestId('ticket-form');
    await waitFor(() =>
      expect(screen.getByTestId('daytrading-stock-name').textContent).toBe('삼성전자'),
    );
  });

  it('says so when no day-trading product is listed', async () => {
    const products = REST.tradeProducts?.data;
    if (!products) throw new Error('no fixture');
    answer({
      tradeProducts: () => ({
        ...products,
        products: products.products.filter((p) => p.code === 'stock'),
      }),
    });
    const { default: DayTradingScreen } = await import('../DayTradingScreen');
    await renderWithApp(<DayTradingScreen />, { path: '/home/dayTrading' });
    expect((await screen.findByTestId('daytrading-empty')).textContent).toContain(
      '지금 이용할 수 있는 자동매매 상품이 없습니다',
    );
  });
});
