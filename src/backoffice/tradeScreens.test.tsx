import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  application,
  blockQueue,
  offering,
  order,
  orderEntity,
  orderPage,
  orderRow,
  products,
} from './testing/tradeFixtures';
import {
  backend,
  ok,
  refuse,
  renderAt,
  resetBackoffice,
  sentTo,
  signIn,
  startBackoffice,
} from './testing/harness';

beforeAll(startBackoffice);
beforeEach(resetBackoffice);

/** The text of every button of the screen (links styled as buttons are links, not buttons). */
const buttonTexts = () =>
  within(screen.getByRole('main'))
    .queryAllByRole('button')
    .map((b) => b.textContent?.trim());

describe('the products screen', () => {
  it('lists the four products’ terms and whether each is open now, and says open orders keep theirs', async () => {
    signIn('reviewer');
    backend.handlers['/products/list'] = () => ok(products());
    renderAt('/products');
    const stock = await screen.findByTestId('product-row-stock');
    expect(stock.textContent).toContain('Stocks');
    expect(stock.textContent).toContain('1×, 2×, 5×');
    expect(stock.textContent).toContain('100,000 KRW');
    expect(stock.textContent).toContain('T+1');
    expect(stock.textContent).toContain('0.015 %');
    expect(stock.textContent).toContain('30 %');
    const day = screen.getByTestId('product-row-dayTrading');
    expect(day.textContent).toContain('15 min after the fill');
    expect(screen.getByTestId('product-open-stock').textContent).toBe('Open');
    expect(screen.getByTestId('product-open-dayTrading').textContent).toBe('Closed');
    expect(screen.getByTestId('product-enabled-block').textContent).toBe('No');
    expect(screen.getByTestId('product-row-block').textContent).toContain('None');
    expect(screen.getByTestId('products-terms-note').textContent).toContain(
      'open orders and positions keep the terms they were placed on',
    );
  });

  it('is read-only for a reviewer: no edit button, no form', async () => {
    signIn('reviewer');
    backend.handlers['/products/list'] = () => ok(products());
    renderAt('/products');
    await screen.findByTestId('product-row-stock');
    expect(screen.queryByTestId('product-edit-stock')).toBeNull();
    expect(screen.queryByTestId('product-form')).toBeNull();
    expect(screen.getByTestId('products-read-only').textContent).toContain(
      'Only operators and admins',
    );
  });

  it('lets an operator change a product’s terms, checked by the contract, and saves them', async () => {
    signIn('operator');
    backend.handlers['/products/list'] = () => ok(products());
    backend.handlers['/products/set'] = (body) => ok({ ...body, openNow: true });
    renderAt('/products');
    fireEvent.click(await screen.findByTestId('product-edit-dayTrading'));
    const form = await screen.findByTestId('product-form');
    expect(screen.queryByTestId('products-read-only')).toBeNull();
    expect(within(form).getByTestId<HTMLInputElement>('product-leverages').value).toBe('1, 5, 10');
    expect(within(form).getByTestId<HTMLInputElement>('product-commission').value).toBe('0.015');

    // Not a number: refused in words before anything is sent.
    fireEvent.change(screen.getByTestId('product-leverages'), { target: { value: '1, 2x, x' } });
    fireEvent.click(screen.getByTestId('product-save'));
    await screen.findByTestId('product-leverages-error');
    expect(sentTo('/products/set')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('product-leverages'), { target: { value: '20, 1, 5' } });
    fireEvent.change(screen.getByTestId('product-commission'), { target: { value: '0.02' } });
    fireEvent.change(screen.getByTestId('product-lockCount'), { target: { value: '30' } });
    fireEvent.change(screen.getByTestId('product-maintenancePct'), { target: { value: '40' } });
    fireEvent.change(screen.getByTestId('product-enabled'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(sentTo('/products/set')).toHaveLength(1));
    expect(sentTo('/products/set')[0]).toEqual({
      code: 'dayTrading',
      lotSize: 10,
      leverages: [1, 5, 20],
      minOpenAmount: 100_000,
      lock: { kind: 'minutes', count: 30 },
      commissionPpm: 200,
      maintenancePct: 40,
      closesAtSessionEnd: true,
      enabled: false,
    });
    // Saved: the form closes and the list is read again.
    await waitFor(() => expect(screen.queryByTestId('product-form')).toBeNull());
    expect(sentTo('/products/list')).toHaveLength(2);
  });

  it('keeps the form open when the server refuses the change', async () => {
    signIn('admin');
    backend.handlers['/products/list'] = () => ok(products());
    backend.handlers['/products/set'] = () => refuse(422, 'request.invalid', 'Not allowed.');
    renderAt('/products');
    fireEvent.click(await screen.findByTestId('product-edit-stock'));
    fireEvent.change(await screen.findByTestId('product-lotSize'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('product-save'));
    await waitFor(() => expect(backend.notify).toHaveBeenCalledWith('Not allowed.'));
    expect(screen.getByTestId('product-form')).toBeTruthy();
  });
});

describe('the order search', () => {
  it('lists customers’ orders, searches, filters by state and pages, with no action on any order', async () => {
    signIn('reviewer');
    backend.handlers['/orders/search'] = () =>
      ok(
        orderPage(
          [
            orderRow(),
            orderRow({
              id: 13,
              orderNo: 'T13',
              side: 'short',
              type: 'market',
              state: 'closed',
              realisedPnl: -2_500,
            }),
          ],
          45,
        ),
      );
    const router = renderAt('/orders');
    const row = await screen.findByTestId('order-row-T12');
    expect(row.textContent).toContain('hong');
    expect(row.textContent).toContain('삼성전자');
    expect(row.textContent).toContain('Long · Limit');
    expect(row.textContent).toContain('355,000 KRW');
    expect(row.textContent).toContain('+10,000 KRW');
    expect(row.textContent).toContain('Holding · locked');
    expect(screen.getByTestId('order-row-T13').textContent).toContain('-2,500 KRW');
    expect(screen.getByTestId('order-row-T13').textContent).toContain('Short · Market');
    expect(sentTo('/orders/search')).toEqual([{ page: 1, pageSize: 20 }]);
    expect(screen.getByTestId('order-open-T12').getAttribute('href')).toBe('/orders/detail?id=12');
    expect(screen.getByTestId('orders-read-only').textContent).toContain(
      'staff cannot fill, cancel or re-price',
    );
    expect(buttonTexts()).toEqual(['Reload', 'Search', 'Previous', 'Next']);

    fireEvent.change(screen.getByTestId('order-query'), { target: { value: ' 005930 ' } });
    fireEvent.click(screen.getByTestId('order-search'));
    await waitFor(() =>
      expect(sentTo('/orders/search').at(-1)).toEqual({ query: '005930', page: 1, pageSize: 20 }),
    );
    fireEvent.change(screen.getByTestId('order-state-filter'), {
      target: { value: 'holding.closable' },
    });
    await waitFor(() =>
      expect(sentTo('/orders/search').at(-1)).toEqual({
        query: '005930',
        state: 'holding.closable',
        page: 1,
        pageSize: 20,
      }),
    );
    fireEvent.click(await screen.findByText('Next'));
    await waitFor(() => expect(sentTo('/orders/search').at(-1)?.page).toBe(2));
    expect(router.state.location.search).toContain('page=2');
  });
});

describe('an order’s detail', () => {
  it('shows every field and the lifecycle part, read-only, with no button to act on the order', async () => {
    signIn('operator');
    backend.handlers['/orders/detail'] = () => ok({ order: order(), history: [] });
    backend.handlers['/entities/view'] = () => ok(orderEntity());
    renderAt('/orders/detail?id=12');
    expect((await screen.findByTestId('order-field-orderNo')).textContent).toBe('T12');
    expect(screen.getByTestId('order-field-symbol').textContent).toBe('삼성전자 (005930)');
    expect(screen.getByTestId('order-field-lots').textContent).toBe('10 lots (10 shares)');
    expect(screen.getByTestId('order-field-margin').textContent).toBe('355,000 KRW');
    expect(screen.getByTestId('order-field-unrealisedPnl').textContent).toBe('+10,000 KRW');
    expect(screen.getByTestId('order-field-closePrice').textContent).toBe('—');
    expect(screen.getByTestId('order-field-state').textContent).toBe('Holding · locked');
    expect(sentTo('/orders/detail')).toEqual([{ id: 12 }]);
    // The entity screen's chart and history, for this order.
    await screen.findByTestId('entity-chart');
    expect(sentTo('/entities/view')).toEqual([{ entityType: 'order', entityId: '12' }]);
    const step = screen.getByTestId('entity-transition');
    expect(step.textContent).toContain('Filled');
    expect(step.textContent).toContain('Pending → Holding · locked');
    expect(screen.getByTestId('order-open-entity').getAttribute('href')).toBe('/entities/order/12');
    expect(screen.getByTestId('order-read-only').textContent).toContain(
      'staff cannot fill, cancel or re-price',
    );
    // Reading only: the one button reloads; nothing fills, cancels, closes or re-prices.
    expect(buttonTexts()).toEqual(['Reload']);
  });

  it('asks nothing without an id and points back to the list', async () => {
    signIn('reviewer');
    renderAt('/orders/detail');
    await screen.findByTestId('order-none');
    expect(sentTo('/orders/detail')).toHaveLength(0);
  });

  it('shows the lifecycle part’s own error with a retry', async () => {
    signIn('reviewer');
    backend.handlers['/orders/detail'] = () => ok({ order: order(), history: [] });
    backend.handlers['/entities/view'] = () => refuse(500, 'system.busy');
    renderAt('/orders/detail?id=12');
    const error = await screen.findByTestId('entity-lifecycle-error');
    expect(screen.getByTestId('order-field-orderNo')).toBeTruthy();
    backend.handlers['/entities/view'] = () => ok(orderEntity());
    fireEvent.click(within(error).getByRole('button'));
    await screen.findByTestId('entity-chart');
  });
});

describe('the block trades screen', () => {
  it('lists the offerings and the applications waiting; a reviewer approves with the version seen', async () => {
    signIn('reviewer');
    let queue = blockQueue({
      offerings: [offering(), offering({ id: 4, open: false, demo: false, name: 'NAVER' })],
    });
    backend.handlers['/block/queue'] = () => ok(queue);
    backend.handlers['/block/approve'] = () => {
      queue = { ...queue, rows: [] };
      return ok(queue);
    };
    renderAt('/block');
    const demo = await screen.findByTestId('block-offering-3');
    expect(demo.textContent).toContain('SK하이닉스');
    expect(demo.textContent).toContain('180,000 KRW');
    expect(demo.textContent).toContain('100');
    expect(screen.getByTestId('block-demo-3').textContent).toBe('Demo');
    expect(screen.queryByTestId('block-demo-4')).toBeNull();
    expect(screen.getByTestId('block-open-3').textContent).toBe('Open');
    expect(screen.getByTestId('block-open-4').textContent).toBe('Closed');
    const row = screen.getByTestId('block-row-21');
    expect(row.textContent).toContain('hong');
    expect(row.textContent).toContain('36,000,000 KRW');
    expect(row.textContent).toContain('Under review');
    // Reviewers decide; listing offerings is for operators.
    expect(screen.queryByTestId('block-create-open')).toBeNull();
    expect(screen.queryByTestId('block-reviewers-decide')).toBeNull();

    fireEvent.click(screen.getByTestId('block-approve-21'));
    fireEvent.click(await screen.findByTestId('block-decision-confirm'));
    await waitFor(() => expect(sentTo('/block/approve')).toEqual([{ id: 21, version: 1 }]));
    expect((await screen.findByTestId('block-queue-empty')).textContent).toBe('Nothing to show');
    expect(sentTo('/block/queue')).toHaveLength(2);
  });

  it('rejects only with a reason the customer reads, and sends it with the version', async () => {
    signIn('reviewer');
    backend.handlers['/block/queue'] = () =>
      ok(blockQueue({ rows: [application({ version: 3 })] }));
    backend.handlers['/block/reject'] = () => ok(blockQueue({ rows: [] }));
    renderAt('/block');
    fireEvent.click(await screen.findByTestId('block-reject-21'));
    const sheet = await screen.findByTestId('decision-sheet');
    expect(sheet.textContent).toContain('The customer reads this reason');
    fireEvent.click(screen.getByTestId('block-decision-confirm'));
    await screen.findByText('Please enter a reason.');
    expect(sentTo('/block/reject')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('block-reject-reason'), {
      target: { value: ' Over the offering ' },
    });
    fireEvent.click(screen.getByTestId('block-decision-confirm'));
    await waitFor(() =>
      expect(sentTo('/block/reject')).toEqual([
        { id: 21, version: 3, reason: 'Over the offering' },
      ]),
    );
  });

  it('offers a reload when the application was decided by someone else meanwhile', async () => {
    signIn('admin');
    backend.handlers['/block/queue'] = () => ok(blockQueue());
    backend.handlers['/block/approve'] = () => refuse(409, 'block.not_pending', 'Decided.');
    renderAt('/block');
    fireEvent.click(await screen.findByTestId('block-approve-21'));
    fireEvent.click(await screen.findByTestId('block-decision-confirm'));
    await screen.findByTestId('block-conflict-21');
    expect(screen.getByTestId<HTMLButtonElement>('block-approve-21').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('block-conflict-21-reload'));
    await waitFor(() => expect(sentTo('/block/queue')).toHaveLength(2));
  });

  it('lets an operator list an offering whose window opens before it closes, without deciding', async () => {
    signIn('operator');
    backend.handlers['/block/queue'] = () => ok(blockQueue());
    backend.handlers['/block/create'] = (body) =>
      ok(offering({ id: 9, symbol: String(body.symbol), name: 'LG화학', demo: false }));
    renderAt('/block');
    await screen.findByTestId('block-row-21');
    expect(screen.queryByTestId('block-approve-21')).toBeNull();
    expect(screen.queryByTestId('block-reject-21')).toBeNull();
    expect(screen.getByTestId('block-reviewers-decide').textContent).toContain('Reviewers approve');

    fireEvent.click(screen.getByTestId('block-create-open'));
    await screen.findByTestId('block-create-form');
    fireEvent.change(screen.getByTestId('block-symbol'), { target: { value: '051910' } });
    fireEvent.change(screen.getByTestId('block-price'), { target: { value: '350000' } });
    fireEvent.change(screen.getByTestId('block-minShares'), { target: { value: '50' } });
    fireEvent.change(screen.getByTestId('block-opensAt'), {
      target: { value: '2026-12-02T09:00' },
    });
    fireEvent.change(screen.getByTestId('block-closesAt'), {
      target: { value: '2026-12-01T09:00' },
    });
    fireEvent.click(screen.getByTestId('block-create-submit'));
    expect((await screen.findByTestId('block-closesAt-error')).textContent).toBe(
      'The window must open before it closes.',
    );
    expect(sentTo('/block/create')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('block-closesAt'), {
      target: { value: '2026-12-03T15:30' },
    });
    fireEvent.click(screen.getByTestId('block-create-submit'));
    await waitFor(() => expect(sentTo('/block/create')).toHaveLength(1));
    expect(sentTo('/block/create')[0]).toEqual({
      symbol: '051910',
      price: 350_000,
      minShares: 50,
      opensAt: new Date('2026-12-02T09:00').toISOString(),
      closesAt: new Date('2026-12-03T15:30').toISOString(),
    });
    await waitFor(() => expect(screen.queryByTestId('block-create-form')).toBeNull());
    expect(sentTo('/block/queue')).toHaveLength(2);
  });

  it('says so when there are no offerings', async () => {
    signIn('operator');
    backend.handlers['/block/queue'] = () => ok(blockQueue({ offerings: [], rows: [] }));
    renderAt('/block');
    expect((await screen.findByTestId('block-offerings-empty')).textContent).toBe(
      'Nothing to show',
    );
    expect(screen.getByTestId('block-queue-empty').textContent).toBe('Nothing to show');
  });
});
