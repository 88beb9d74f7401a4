import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { drawAllocation } from '../../../contract/ipo-draw';
import type { IpoDrawDto } from '../../../contract/schemas/ipo';
import { ApiError } from '../../api/ApiError';
import {
  WORKED_INPUTS,
  WORKED_SEED,
  drawnOffering,
  ipoDetail,
  ipoOffering,
  ipoRecords,
  ipoSubscription,
  ipoSubscriptionDetail,
  workedDraw,
} from '../../testing/ipoFixtures';
import { renderWithApp } from '../../testing/renderWithApp';
import { explainAllocation } from './drawExplain';
import NewStockBuyScreen from './NewStockBuyScreen';
import NewStockDrawScreen from './NewStockDrawScreen';
import NewStockRecordScreen from './NewStockRecordScreen';
import NewStockRecordsScreen from './NewStockRecordsScreen';
import NewStockScreen from './NewStockScreen';

configure({ asyncUtilTimeout: 5_000 });

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../api/calls', () => ({ call: api.call }));
vi.mock('../../components/toaster', () => ({ notify: vi.fn() }));

type Handler = (body: unknown) => unknown;

function answer(handlers: Record<string, Handler>) {
  api.call.mockImplementation((name: string, body: unknown) => {
    const handler = handlers[name];
    if (handler) return Promise.resolve().then(() => handler(body));
    return Promise.reject(new Error(`unexpected call ${name}`));
  });
}

const sentTo = (name: string) =>
  api.call.mock.calls.filter(([n]) => n === name) as [
    string,
    unknown,
    { idempotencyKey?: string }?,
  ][];

function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

async function open(path: string) {
  await renderWithApp(
    <Routes>
      <Route path="/home/newStock" element={<NewStockScreen />} />
      <Route path="/home/newStockBuy" element={<NewStockBuyScreen />} />
      <Route path="/home/newStockRecord" element={<NewStockRecordScreen />} />
      <Route path="/home/newStockRecords" element={<NewStockRecordsScreen />} />
      <Route path="/home/newStockDraw" element={<NewStockDrawScreen />} />
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

describe('the offerings', () => {
  it("lists each tab's offerings with the spec's figures and the demo label", async () => {
    answer({
      ipoList: (body) =>
        (body as { tab: string }).tab === 'closed'
          ? { offerings: [drawnOffering()] }
          : { offerings: [ipoOffering()] },
      ipoDetail: () => ipoDetail({ offering: drawnOffering(), seed: WORKED_SEED }),
    });
    await open('/home/newStock');
    const row = await screen.findByTestId('ipo-offering-2');
    expect(row.textContent).toContain('시프트업');
    expect(screen.getByTestId('ipo-demo-2').textContent).toBe('데모');
    expect(screen.getByTestId('ipo-phase-2').textContent).toBe('청약중');
    expect(screen.getByTestId('ipo-price-2').textContent).toBe('60,000원');
    expect(screen.getByTestId('ipo-min-2').textContent).toBe('10주');
    expect(screen.getByTestId('ipo-period-2').textContent).toBe(
      '2026.11.25 09:00 – 2026.11.27 16:00',
    );
    expect(sentTo('ipoList')[0]?.[1]).toEqual({ tab: 'open' });

    fireEvent.click(screen.getByTestId('ipo-tab-closed'));
    expect((await screen.findByTestId('ipo-offering-1')).textContent).toContain('HD현대');
    expect(screen.getByTestId('ipo-market-price-1').textContent).toBe('130,000원');
    expect(screen.getByTestId('ipo-diff-1').textContent).toBe('+46,600');
    expect(screen.getByTestId('ipo-premium-1').textContent).toBe('55.88 %');
    expect(screen.getByTestId('ipo-winning-rate-1').textContent).toBe('6.56 %');
    fireEvent.click(screen.getByTestId('ipo-offering-1'));
    await waitFor(() =>
      expect(screen.getByTestId('ipo-detail-name').textContent).toBe('HD현대마린솔루션'),
    );
  });

  it('shows the empty state of a tab, and an error with retry', async () => {
    api.call.mockRejectedValueOnce(new Error('down'));
    await open('/home/newStock?tab=upcoming');
    const error = await screen.findByTestId('ipo-offerings-error');
    answer({ ipoList: () => ({ offerings: [] }) });
    fireEvent.click(error.querySelector('button')!);
    expect((await screen.findByTestId('ipo-offerings-empty')).textContent).toContain(
      '청약 예정인 공모주가 없습니다',
    );
  });
});

describe('subscribing', () => {
  it('starts at the minimum lot, previews the deposit, and subscribes once with the fund password', async () => {
    let detail = ipoDetail();
    answer({
      ipoDetail: () => detail,
      ipoSubscribe: (body) => {
        const made = ipoSubscription({
          id: 40,
          subscriptionNo: 'IPO0002-00000040',
          offeringId: 2,
          shares: (body as { shares: number }).shares,
          deposit: 330_000,
          state: 'subscribing',
          allotted: null,
          allottedAmount: null,
          due: null,
          accepts: ['window.close'],
        });
        detail = ipoDetail({ subscriptions: [made] });
        return made;
      },
    });
    await open('/home/newStockBuy?id=2');
    await screen.findByTestId('ipo-subscribe-form');
    expect(input('shares').value).toBe('10');
    // 10 × 60,000, half of it held.
    expect(screen.getByTestId('ipo-subscribe-amount').textContent).toBe('600,000원');
    expect(screen.getByTestId('ipo-subscribe-deposit').textContent).toBe('300,000원');
    fireEvent.click(screen.getByTestId('stepper-decrease'));
    expect(input('shares').value).toBe('10');
    fireEvent.click(screen.getByTestId('stepper-increase'));
    expect(screen.getByTestId('ipo-subscribe-deposit').textContent).toBe('330,000원');
    expect(screen.getByTestId('ipo-seed-later')).toBeTruthy();
    expect(screen.getByTestId('ipo-mine-empty')).toBeTruthy();

    fireEvent.click(screen.getByTestId('ipo-subscribe-next'));
    expect(screen.getByTestId('ipo-keypad-summary').textContent).toContain('330,000');
    fireEvent.change(input('fundPassword'), { target: { value: '135790' } });
    fireEvent.click(screen.getByTestId('ipo-subscribe-submit'));
    expect((await screen.findByTestId('ipo-done-no')).textContent).toBe('IPO0002-00000040');
    const [, body, options] = sentTo('ipoSubscribe')[0] ?? [];
    expect(body).toEqual({ id: 2, shares: 11, fundPassword: '135790' });
    expect(options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // The detail is read again: the new subscription is in my list.
    expect((await screen.findByTestId('ipo-sub-state-40')).textContent).toBe('청약 완료');
  });

  it("shows a refusal in the code's words, and goes back to the shares to change them", async () => {
    answer({
      ipoDetail: () => ipoDetail(),
      ipoSubscribe: () => {
        throw new ApiError('ipo.too_many_times', { max: 1 }, '', 409);
      },
    });
    await open('/home/newStockBuy?id=2');
    fireEvent.click(await screen.findByTestId('ipo-subscribe-next'));
    fireEvent.change(input('fundPassword'), { target: { value: '135790' } });
    fireEvent.click(screen.getByTestId('ipo-subscribe-submit'));
    const refusal = await screen.findByTestId('ipo-subscribe-refusal');
    expect(refusal.getAttribute('data-code')).toBe('ipo.too_many_times');
    expect(screen.getByTestId('ipo-subscribe-refusal-text').textContent).toContain('1');
    fireEvent.click(screen.getByTestId('ipo-subscribe-edit'));
    expect(await screen.findByTestId('ipo-subscribe-form')).toBeTruthy();
  });

  it('takes no subscription outside the window, and shows the seed and the draw link after it', async () => {
    answer({
      ipoDetail: () =>
        ipoDetail({ offering: drawnOffering(), seed: WORKED_SEED, subscriptions: [] }),
      ipoDraw: () => workedDraw([]),
    });
    await open('/home/newStockBuy?id=1');
    expect((await screen.findByTestId('ipo-subscribe-closed')).textContent).toContain('추첨');
    expect(screen.queryByTestId('ipo-subscribe-form')).toBeNull();
    expect(screen.getByTestId('ipo-seed').textContent).toBe(WORKED_SEED);
    fireEvent.click(screen.getByTestId('ipo-draw-link'));
    expect(await screen.findByTestId('ipo-draw-verified')).toBeTruthy();
    expect(screen.getByTestId('ipo-draw-mine-none')).toBeTruthy();
  });
});

describe('paying an allotment', () => {
  it('pays after a confirmation, with one key, while the subscription accepts it', async () => {
    let paid = false;
    answer({
      ipoDetail: () =>
        ipoDetail({
          offering: drawnOffering(),
          seed: WORKED_SEED,
          subscriptions: [
            paid
              ? ipoSubscription({ state: 'won.paid', accepts: ['listing'], paid: 250_200 })
              : ipoSubscription(),
          ],
        }),
      ipoPay: () => {
        paid = true;
        return ipoSubscription({ state: 'won.paid', accepts: ['listing'], paid: 250_200 });
      },
    });
    await open('/home/newStockBuy?id=1');
    expect((await screen.findByTestId('ipo-sub-state-31')).textContent).toBe('납입 대기');
    expect(screen.getByTestId('sub-allotted-31').textContent).toBe('3주');
    expect(screen.getByTestId('ipo-sub-31-waive')).toBeTruthy();
    fireEvent.click(screen.getByTestId('ipo-sub-31-pay'));
    fireEvent.click(await screen.findByTestId('ipo-sub-31-confirm-pay'));
    await waitFor(() =>
      expect(screen.getByTestId('ipo-sub-state-31').textContent).toBe('납입 완료'),
    );
    expect(screen.queryByTestId('ipo-sub-31-pay')).toBeNull();
    expect(screen.getByTestId('sub-paid-31').textContent).toBe('250,200원');
    const [, body, options] = sentTo('ipoPay')[0] ?? [];
    expect(body).toEqual({ id: 31 });
    expect(options?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the subscription record and the records', () => {
  it('shows the deposit, the result, the payment and the history', async () => {
    answer({ ipoSubscription: () => ipoSubscriptionDetail() });
    await open('/home/newStockRecord?id=31');
    expect((await screen.findByTestId('ipo-record-no')).textContent).toBe('IPO0001-00000031');
    expect(screen.getByTestId('ipo-record-state').textContent).toBe('납입 대기');
    expect(screen.getByTestId('sub-deposit-31').textContent).toBe('1,251,000원');
    expect(screen.getByTestId('sub-allotted-amount-31').textContent).toBe('250,200원');
    expect(screen.getByTestId('ipo-record-step-requested').textContent).toContain('청약 완료');
    expect(screen.getByTestId('ipo-record-step-0').textContent).toContain('청약 마감');
    expect(screen.getByTestId('ipo-record-step-1').textContent).toContain('납입 대기');
    expect(screen.getByTestId('ipo-record-31-pay')).toBeTruthy();
    expect(screen.getByTestId('ipo-record-draw')).toBeTruthy();
  });

  it('lists records by tab, page by page, and opens a subscription', async () => {
    answer({
      ipoRecords: (body) => {
        const { tab, page } = body as { tab: string; page: number };
        if (tab !== 'subscriptions') return ipoRecords({ tab, rows: [], total: 0 });
        const row = ipoRecords().rows[0]!;
        return ipoRecords({
          rows: [{ ...row, id: page === 1 ? 31 : 32 }],
          page,
          total: 2,
        });
      },
    });
    await open('/home/newStockRecords');
    expect((await screen.findByTestId('ipo-record-row-state-31')).textContent).toBe('납입 대기');
    fireEvent.click(screen.getByTestId('ipo-records-more'));
    expect(await screen.findByTestId('ipo-records-row-32')).toBeTruthy();
    expect(screen.queryByTestId('ipo-records-more')).toBeNull();
    fireEvent.click(screen.getByTestId('ipo-records-tab-auctions'));
    expect((await screen.findByTestId('ipo-records-empty')).textContent).toContain('경매');
    expect(sentTo('ipoRecords').at(-1)?.[1]).toEqual({ tab: 'auctions', page: 1, pageSize: 20 });
  });
});

describe('the draw page', () => {
  it('re-computes the published draw, checks the seed, and explains my shares', async () => {
    answer({ ipoDraw: () => workedDraw(['5e', '4d']) });
    await open('/home/newStockDraw?id=1');
    expect((await screen.findByTestId('ipo-draw-verified')).textContent).toContain('검증됨');
    expect(screen.getByTestId('ipo-draw-seed-check').getAttribute('data-value')).toBe('true');
    expect(screen.getByTestId('ipo-draw-allotted').textContent).toBe('20');
    const mine = screen.getByTestId('ipo-draw-mine-5e');
    // 5e: 1 equal + 1 by the equal lottery, 0 + 1 by the largest remainder (300 of 305).
    expect(mine.textContent).toContain('10 × 30 ÷ 305 = 0');
    expect(mine.textContent).toContain('300');
    expect(mine.textContent).toContain('합계: 3주');
    expect(screen.getByTestId('ipo-draw-mine-4d').textContent).toContain('최소 10주보다 적은 5주');
  });

  it('shows where a tampered draw differs', async () => {
    const draw: IpoDrawDto = workedDraw();
    const allocations = draw.allocations.map((a) =>
      a.id === '6f'
        ? { ...a, equal: 1, total: 1 }
        : a.id === '2b'
          ? { ...a, equal: 2, total: 4 }
          : a,
    );
    answer({ ipoDraw: () => ({ ...draw, allocations }) });
    await open('/home/newStockDraw?id=1');
    expect(await screen.findByTestId('ipo-draw-mismatch')).toBeTruthy();
    expect(screen.getByTestId('ipo-draw-mismatch-count').textContent).toContain('4');
    expect(screen.queryByTestId('ipo-draw-verified')).toBeNull();
  });

  it('says the draw has not taken place yet, without a retry', async () => {
    answer({
      ipoDraw: () => {
        throw new ApiError('ipo.not_drawn_yet', {}, '', 409);
      },
    });
    await open('/home/newStockDraw?id=2');
    const empty = await screen.findByTestId('ipo-draw-empty');
    expect(empty.getAttribute('data-code')).toBe('ipo.not_drawn_yet');
    expect(empty.querySelector('button')).toBeNull();
  });
});

describe('the explanation of an allocation (docs/ipo-draw.md, the worked example)', () => {
  const result = drawAllocation({
    seed: WORKED_SEED,
    sharesOffered: 20,
    minShares: 10,
    subscriptions: WORKED_INPUTS,
  });
  const of = (id: string) => {
    const a = result.allocations.find((x) => x.id === id);
    if (!a) throw new Error(id);
    return explainAllocation(result.summary, a);
  };
  const keys = (lines: { key: string }[]) => lines.map((l) => l.key);

  it('1a: one equal share and one by lottery, then the tie lottery of the remainders', () => {
    const e = of('1a');
    expect(keys(e.equal)).toEqual(['equalEach', 'equalLotteryWon', 'equalTotal']);
    expect(e.equal[0]?.params).toEqual({ pool: 10, eligible: 6, min: 10, each: 1 });
    expect(keys(e.proportional)).toEqual([
      'proportionalPool',
      'share',
      'remainderLottery',
      'proportionalTotal',
    ]);
    expect(e.proportional[1]?.params).toEqual({
      pool: 10,
      base: 305,
      applied: 10,
      share: 0,
      remainder: 100,
    });
    expect(e.total).toBe(3);
  });

  it('3c: not drawn for the leftover equal shares, three proportional, a remainder too small', () => {
    const e = of('3c');
    expect(keys(e.equal)).toEqual(['equalEach', 'equalLotteryLost', 'equalTotal']);
    expect(e.proportional[1]?.params).toMatchObject({ share: 3, remainder: 85 });
    expect(keys(e.proportional)).toContain('remainderNone');
    expect(e.proportional.find((l) => l.key === 'remainderNone')?.params).toEqual({
      left: 3,
      cutoff: 100,
    });
    expect(e.total).toBe(4);
  });

  it('4d: below the minimum, no equal share', () => {
    const e = of('4d');
    expect(keys(e.equal)).toEqual(['notEligible', 'equalTotal']);
    expect(e.total).toBe(0);
  });

  it('an undersubscribed offering fills everyone in full', () => {
    const small = drawAllocation({
      seed: WORKED_SEED,
      sharesOffered: 1_000,
      minShares: 10,
      subscriptions: WORKED_INPUTS,
    });
    const a = small.allocations.find((x) => x.id === '3c')!;
    const e = explainAllocation(small.summary, a);
    expect(e.total).toBe(100);
    expect(keys(e.proportional)).toEqual(
      expect.arrayContaining([a.proportional === 0 ? 'nothingMore' : 'filled']),
    );
  });
});
