import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { AnyEventObject } from 'xstate';
import type {
  CashOutRequest,
  ExchangeDto,
  ExchangeQuoteDto,
  ExchangeQuoteRequest,
  FundOrderDto,
  RechargeRequest,
} from '../../contract/schemas/funds';
import { cashOutMachine } from './cash-out';
import { exchangeMachine, quoteLifeLeft } from './exchange';
import { VOUCHER_MAX_BYTES, rechargeMachine } from './recharge';

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
  createdAt: '2026-11-25T01:00:00Z',
  updatedAt: '2026-11-25T01:00:00Z',
  ...over,
});

const refusal = (code: string, params = {}) => Object.assign(new Error(code), { code, params });
const flush = () => new Promise((r) => setTimeout(r, 0));

/** A call the test answers by hand. */
function pending<I, O>() {
  const calls: { input: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  const actor = fromPromise<O, I>(
    ({ input }) => new Promise<O>((resolve, reject) => calls.push({ input, resolve, reject })),
  );
  return { calls, actor };
}

describe('the recharge flow', () => {
  function start() {
    const uploads: { file: Blob; send: (e: AnyEventObject) => void; stopped: boolean }[] = [];
    const submit = pending<RechargeRequest, FundOrderDto>();
    const actor = createActor(
      rechargeMachine.provide({
        actors: {
          upload: fromCallback<AnyEventObject, { file: Blob }>(({ input, sendBack }) => {
            const entry = { file: input.file, send: sendBack, stopped: false };
            uploads.push(entry);
            return () => {
              entry.stopped = true;
            };
          }),
          submit: submit.actor,
        },
      }),
      { input: { currency: 'KRW' } },
    ).start();
    const submitted = vi.fn();
    actor.on('submitted', submitted);
    return { actor, uploads, submit, submitted, at: () => actor.getSnapshot() };
  }
  const jpeg = (size = 1000) => new Blob([new Uint8Array(size)], { type: 'image/jpeg' });

  it('uploads the voucher with progress, then submits the amount with its id', async () => {
    const flow = start();
    flow.actor.send({ type: 'submit', amount: 500_000 });
    expect(flow.at().context.voucherAttempted).toBe(true);
    expect(flow.at().matches({ editing: { form: 'idle' } })).toBe(true);

    flow.actor.send({ type: 'voucher.pick', file: jpeg() });
    expect(flow.uploads).toHaveLength(1);
    flow.uploads[0]?.send({ type: 'upload.progress', fraction: 0.5 });
    expect(flow.at().context.voucher.progress).toBe(0.5);
    flow.uploads[0]?.send({ type: 'upload.done', voucherId: 'v1' });
    expect(flow.at().matches({ editing: { voucher: 'uploaded' } })).toBe(true);

    flow.actor.send({ type: 'submit', amount: 500_000 });
    expect(flow.submit.calls[0]?.input).toEqual({
      currency: 'KRW',
      amount: 500_000,
      voucherId: 'v1',
    });
    // What is being sent does not change under the customer.
    flow.actor.send({ type: 'voucher.pick', file: jpeg() });
    expect(flow.uploads).toHaveLength(1);
    flow.submit.calls[0]?.resolve(order());
    await flush();
    expect(flow.at().matches('done')).toBe(true);
    expect(flow.submitted).toHaveBeenCalledWith({ type: 'submitted', order: order() });
  });

  it('checks the file before sending it, and stops a replaced upload', () => {
    const flow = start();
    flow.actor.send({
      type: 'voucher.pick',
      file: new Blob(['x'], { type: 'application/pdf' }),
    });
    expect(flow.at().context.voucher.problem).toEqual({ kind: 'wrongType' });
    flow.actor.send({ type: 'voucher.pick', file: jpeg(VOUCHER_MAX_BYTES + 1) });
    expect(flow.at().context.voucher.problem).toEqual({
      kind: 'tooLarge',
      maxBytes: VOUCHER_MAX_BYTES,
    });
    expect(flow.uploads).toHaveLength(0);
    flow.actor.send({ type: 'voucher.pick', file: jpeg() });
    flow.actor.send({ type: 'voucher.pick', file: jpeg(2000) });
    expect(flow.uploads.map((u) => u.stopped)).toEqual([true, false]);
    flow.uploads[1]?.send({ type: 'upload.failed', error: refusal('upload.unreadable') });
    expect(flow.at().matches({ editing: { voucher: 'failed' } })).toBe(true);
    expect(flow.at().context.voucher.problem).toMatchObject({
      kind: 'refused',
      refusal: { code: 'upload.unreadable' },
    });
  });

  it('ignores an amount that is not a positive whole number of minor units', () => {
    const flow = start();
    for (const amount of [0, -5, 1.5, 2 ** 60]) flow.actor.send({ type: 'submit', amount });
    expect(flow.at().context.voucherAttempted).toBe(false);
    expect(flow.submit.calls).toHaveLength(0);
  });

  it('keeps the voucher after a refusal about the amount, and forgets one the server lost', async () => {
    const flow = start();
    flow.actor.send({ type: 'voucher.pick', file: jpeg() });
    flow.uploads[0]?.send({ type: 'upload.done', voucherId: 'v1' });
    flow.actor.send({ type: 'submit', amount: 1 });
    flow.submit.calls[0]?.reject(refusal('deposit.below_min', { min: '10,000' }));
    await flush();
    expect(flow.at().matches({ editing: { form: 'refused' } })).toBe(true);
    expect(flow.at().context.refusal).toEqual({
      code: 'deposit.below_min',
      params: { min: '10,000' },
    });
    flow.actor.send({ type: 'edit' });
    expect(flow.at().context.voucher.voucherId).toBe('v1');

    flow.actor.send({ type: 'submit', amount: 20_000 });
    flow.submit.calls[1]?.reject(refusal('deposit.voucher_not_found'));
    await flush();
    flow.actor.send({ type: 'edit' });
    expect(flow.at().matches({ editing: { form: 'idle', voucher: 'empty' } })).toBe(true);
    expect(flow.at().context.voucher.voucherId).toBeNull();
  });
});

describe('the cash-out flow', () => {
  const draft = { currency: 'KRW' as const, amount: 200_000, cardId: 7 };
  function start() {
    const submit = pending<CashOutRequest, FundOrderDto>();
    const actor = createActor(cashOutMachine.provide({ actors: { submit: submit.actor } })).start();
    const submitted = vi.fn();
    actor.on('submitted', submitted);
    return { actor, submit, submitted, at: () => actor.getSnapshot() };
  }

  it('goes form → confirmation → submit with the fund password → done', async () => {
    const flow = start();
    flow.actor.send({ type: 'review', draft });
    expect(flow.at().matches('confirming')).toBe(true);
    flow.actor.send({ type: 'back' });
    expect(flow.at().matches('editing')).toBe(true);
    expect(flow.at().context.draft).toEqual(draft);
    flow.actor.send({ type: 'review', draft });
    flow.actor.send({ type: 'confirm', fundPassword: '' });
    expect(flow.at().matches('confirming')).toBe(true);
    flow.actor.send({ type: 'confirm', fundPassword: '135790' });
    expect(flow.submit.calls[0]?.input).toEqual({ ...draft, fundPassword: '135790' });
    const made = order({ kind: 'withdrawal', orderNo: 'W42', id: 42 });
    flow.submit.calls[0]?.resolve(made);
    await flush();
    expect(flow.at().matches('done')).toBe(true);
    expect(flow.at().context.fundPassword).toBe('');
    expect(flow.submitted).toHaveBeenCalledWith({ type: 'submitted', order: made });
  });

  it('refuses a draft with no destination or two, or a bad amount', () => {
    const flow = start();
    for (const bad of [
      { currency: 'KRW' as const, amount: 200_000 },
      { ...draft, walletId: 3 },
      { ...draft, amount: 0 },
      { ...draft, amount: 1.5 },
    ]) {
      flow.actor.send({ type: 'review', draft: bad });
    }
    expect(flow.at().matches('editing')).toBe(true);
  });

  it('goes back to the sheet after a wrong fund password, to the form after other refusals', async () => {
    const flow = start();
    flow.actor.send({ type: 'review', draft });
    flow.actor.send({ type: 'confirm', fundPassword: '000000' });
    flow.submit.calls[0]?.reject(refusal('fund_password.wrong', { attemptsLeft: 4 }));
    await flush();
    expect(flow.at().matches('refused')).toBe(true);
    flow.actor.send({ type: 'edit' });
    expect(flow.at().matches('confirming')).toBe(true);
    flow.actor.send({ type: 'confirm', fundPassword: '135790' });
    flow.submit.calls[1]?.reject(refusal('withdrawal.insufficient', { withdrawable: '1,000' }));
    await flush();
    flow.actor.send({ type: 'edit' });
    expect(flow.at().matches('editing')).toBe(true);
    expect(flow.at().context.draft).toEqual(draft);
  });
});

describe('the exchange flow', () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const draft: ExchangeQuoteRequest = { from: 'KRW', to: 'USD', amount: 1_000_000 };
  const quoteAt = (now: number, seconds = 30): ExchangeQuoteDto => ({
    quoteId: 'q1',
    from: 'KRW',
    to: 'USD',
    amount: 1_000_000,
    rate: '0.00072',
    receive: 72_000,
    fee: 150,
    expiresAt: new Date(now + seconds * 1000).toISOString(),
  });
  const result: ExchangeDto = {
    id: 9,
    orderNo: 'X9',
    rate: '0.00072',
    fee: 150,
    sold: { entryId: 1, currency: 'KRW', amount: -1_000_000 },
    bought: { entryId: 2, currency: 'USD', amount: 72_000 },
    createdAt: '2026-11-25T01:00:00Z',
  };
  function start() {
    const quote = pending<ExchangeQuoteRequest, ExchangeQuoteDto>();
    const exchange = pending<{ quoteId: string; fundPassword: string }, ExchangeDto>();
    const actor = createActor(
      exchangeMachine.provide({ actors: { quote: quote.actor, exchange: exchange.actor } }),
    ).start();
    const exchanged = vi.fn();
    actor.on('exchanged', exchanged);
    return { actor, quote, exchange, exchanged, at: () => actor.getSnapshot() };
  }

  it('never quotes a currency into itself', () => {
    const flow = start();
    flow.actor.send({ type: 'quote', draft: { ...draft, to: 'KRW' } });
    expect(flow.at().matches('editing')).toBe(true);
    expect(flow.quote.calls).toHaveLength(0);
  });

  it('quotes, confirms with the fund password and shows both legs', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const flow = start();
    flow.actor.send({ type: 'quote', draft });
    expect(flow.quote.calls[0]?.input).toEqual(draft);
    flow.quote.calls[0]?.resolve(quoteAt(Date.now()));
    await vi.advanceTimersByTimeAsync(0);
    expect(flow.at().matches('quoted')).toBe(true);
    flow.actor.send({ type: 'confirm', fundPassword: '135790' });
    expect(flow.exchange.calls[0]?.input).toEqual({ quoteId: 'q1', fundPassword: '135790' });
    flow.exchange.calls[0]?.resolve(result);
    await vi.advanceTimersByTimeAsync(0);
    expect(flow.at().matches('done')).toBe(true);
    expect(flow.exchanged).toHaveBeenCalledWith({ type: 'exchanged', result });
  });

  it('expires the quote at expiresAt, and quotes again on request', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const flow = start();
    flow.actor.send({ type: 'quote', draft });
    flow.quote.calls[0]?.resolve(quoteAt(Date.now(), 10));
    await vi.advanceTimersByTimeAsync(9_000);
    expect(flow.at().matches('quoted')).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(flow.at().matches('expired')).toBe(true);
    flow.actor.send({ type: 'confirm', fundPassword: '135790' });
    expect(flow.exchange.calls).toHaveLength(0);
    flow.actor.send({ type: 'requote' });
    expect(flow.quote.calls).toHaveLength(2);
    expect(flow.quote.calls[1]?.input).toEqual(draft);
  });

  it('treats a quote the server calls expired as expired, and a wrong password as retryable', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    const flow = start();
    flow.actor.send({ type: 'quote', draft });
    flow.quote.calls[0]?.resolve(quoteAt(Date.now()));
    await vi.advanceTimersByTimeAsync(0);
    flow.actor.send({ type: 'confirm', fundPassword: '000000' });
    flow.exchange.calls[0]?.reject(refusal('fund_password.wrong', { attemptsLeft: 4 }));
    await vi.advanceTimersByTimeAsync(0);
    expect(flow.at().matches('refused')).toBe(true);
    flow.actor.send({ type: 'retry' });
    expect(flow.at().matches('quoted')).toBe(true);
    flow.actor.send({ type: 'confirm', fundPassword: '135790' });
    flow.exchange.calls[1]?.reject(refusal('exchange.quote_expired'));
    await vi.advanceTimersByTimeAsync(0);
    expect(flow.at().matches('expired')).toBe(true);
    expect(flow.at().context.refusal?.code).toBe('exchange.quote_expired');
  });

  it('measures what a quote has left', () => {
    const now = Date.UTC(2026, 10, 25, 1, 0, 0);
    expect(quoteLifeLeft({ expiresAt: new Date(now + 5000).toISOString() }, now)).toBe(5000);
    expect(quoteLifeLeft({ expiresAt: new Date(now - 5000).toISOString() }, now)).toBe(0);
    expect(quoteLifeLeft({ expiresAt: 'nonsense' }, now)).toBe(0);
  });
});
