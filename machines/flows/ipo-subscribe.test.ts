import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { IpoSubscriptionDto } from '../../contract/schemas/ipo';
import { depositPreview, ipoSubscribeMachine, sharesProblem } from './ipo-subscribe';
import type { IpoSubscribeRequest } from './ipo-subscribe';

const TERMS = { offeringId: 2, offerPrice: 31_000, minShares: 10, depositPct: 50 };

const made: IpoSubscriptionDto = {
  id: 5,
  subscriptionNo: 'IPO0002-00000005',
  offeringId: 2,
  symbol: '123456',
  name: '마루바이오',
  nameEn: 'Maru Bio',
  offerPrice: 31_000,
  shares: 30,
  deposit: 465_000,
  allotted: null,
  allottedAmount: null,
  due: null,
  paid: 0,
  refunded: 0,
  state: 'subscribing',
  version: 0,
  accepts: ['window.close'],
  paymentDeadline: '2026-12-05T08:00:00Z',
  listingAt: '2026-12-10T00:00:00Z',
  orderId: null,
  createdAt: '2026-11-26T01:00:00Z',
  updatedAt: '2026-11-26T01:00:00Z',
};

const refusal = (code: string, params = {}) => Object.assign(new Error(code), { code, params });
const flush = () => new Promise((r) => setTimeout(r, 0));

function start() {
  const calls: {
    input: IpoSubscribeRequest;
    resolve: (s: IpoSubscriptionDto) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const submit = fromPromise<IpoSubscriptionDto, IpoSubscribeRequest>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        calls.push({ input, resolve, reject });
      }),
  );
  const actor = createActor(ipoSubscribeMachine.provide({ actors: { submit } }), {
    input: TERMS,
  }).start();
  const subscribed = vi.fn();
  actor.on('subscribed', subscribed);
  return { actor, calls, subscribed, at: () => actor.getSnapshot() };
}

describe('the shares and the deposit they hold', () => {
  it('asks for whole shares, at least the minimum', () => {
    expect(sharesProblem(TERMS, 10)).toBeNull();
    expect(sharesProblem(TERMS, 9)).toBe('ipo.below_min_shares');
    expect(sharesProblem(TERMS, 0)).toBe('request.invalid');
    expect(sharesProblem(TERMS, 10.5)).toBe('request.invalid');
  });

  it('prices the deposit as the contract does: ⌈price × shares × pct ÷ 100⌉', () => {
    expect(depositPreview(TERMS, 30)).toBe(465_000);
    expect(depositPreview({ ...TERMS, offerPrice: 1_001, depositPct: 50 }, 1)).toBe(501);
    expect(depositPreview(TERMS, 0)).toBeNull();
  });
});

describe('the subscribe flow', () => {
  it('goes shares → keypad → submitting → done, forgetting the fund password', async () => {
    const flow = start();
    flow.actor.send({ type: 'review', shares: 9 });
    expect(flow.at().matches('editing')).toBe(true);
    flow.actor.send({ type: 'review', shares: 30 });
    expect(flow.at().matches('confirming')).toBe(true);
    flow.actor.send({ type: 'back' });
    expect(flow.at().matches('editing')).toBe(true);
    expect(flow.at().context.shares).toBe(30);
    flow.actor.send({ type: 'review', shares: 30 });
    flow.actor.send({ type: 'confirm', fundPassword: '' });
    expect(flow.at().matches('confirming')).toBe(true);
    flow.actor.send({ type: 'confirm', fundPassword: '135790' });
    expect(flow.at().matches('submitting')).toBe(true);
    expect(flow.calls[0]?.input).toEqual({ id: 2, shares: 30, fundPassword: '135790' });
    flow.calls[0]?.resolve(made);
    await flush();
    expect(flow.at().matches('done')).toBe(true);
    expect(flow.at().context.subscription).toEqual(made);
    expect(flow.at().context.fundPassword).toBe('');
    expect(flow.subscribed).toHaveBeenCalledWith({ type: 'subscribed', subscription: made });
    flow.actor.send({ type: 'again' });
    expect(flow.at().matches('editing')).toBe(true);
    expect(flow.at().context.subscription).toBeNull();
  });

  it('goes back to the keypad after a wrong fund password, to the shares after other refusals', async () => {
    const flow = start();
    flow.actor.send({ type: 'review', shares: 20 });
    flow.actor.send({ type: 'confirm', fundPassword: '000000' });
    flow.calls[0]?.reject(refusal('fund_password.wrong', { attemptsLeft: 4 }));
    await flush();
    expect(flow.at().matches('refused')).toBe(true);
    expect(flow.at().context.refusal).toEqual({
      code: 'fund_password.wrong',
      params: { attemptsLeft: 4 },
    });
    flow.actor.send({ type: 'edit' });
    expect(flow.at().matches('confirming')).toBe(true);
    flow.actor.send({ type: 'confirm', fundPassword: '135790' });
    flow.calls[1]?.reject(refusal('ipo.too_many_times', { max: 1 }));
    await flush();
    expect(flow.at().context.refusal?.code).toBe('ipo.too_many_times');
    flow.actor.send({ type: 'edit' });
    expect(flow.at().matches('editing')).toBe(true);
    expect(flow.at().context.shares).toBe(20);
  });

  it('records a call that failed without a code as the busy refusal', async () => {
    const flow = start();
    flow.actor.send({ type: 'review', shares: 10 });
    flow.actor.send({ type: 'confirm', fundPassword: '135790' });
    flow.calls[0]?.reject(new Error('Network Error'));
    await flush();
    expect(flow.at().context.refusal?.code).toBe('system.busy');
  });
});
