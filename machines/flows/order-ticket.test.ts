import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { OrderPreviewDto, TradeOrderDto } from '../../contract/schemas/trade';
import { invocationsAsEvents } from './graph-model';
import { isDraftValid, orderTicketMachine } from './order-ticket';
import type { OrderDraft, OrderTicketEvent, PlaceInput } from './order-ticket';

type Snapshot = SnapshotFrom<typeof orderTicketMachine>;

const draft: OrderDraft = {
  product: 'stock',
  symbol: '005930',
  side: 'long',
  type: 'limit',
  price: 199_400,
  lots: 2,
  leverage: 5,
};

const preview = (over: Partial<OrderPreviewDto> = {}): OrderPreviewDto => ({
  price: 199_400,
  shares: 2,
  notional: 398_800,
  margin: 79_760,
  fee: 60,
  tax: 0,
  total: 79_820,
  available: 1_234_500,
  lowerLimit: 139_300,
  upperLimit: 258_500,
  unlockAt: '2026-11-25T01:15:00Z',
  refusal: null,
  ...over,
});

const order = (over: Partial<TradeOrderDto> = {}): TradeOrderDto => ({
  id: 77,
  orderNo: 'T77',
  product: 'stock',
  symbol: '005930',
  name: '삼성전자',
  side: 'long',
  type: 'limit',
  limitPrice: 199_400,
  lots: 2,
  shares: 2,
  leverage: 5,
  state: 'pending',
  version: 1,
  accepts: ['order.cancel'],
  margin: 79_760,
  notional: 398_800,
  fillPrice: null,
  filledAt: null,
  unlockAt: null,
  closePrice: null,
  closedAt: null,
  closedBy: null,
  cancelledBy: null,
  fee: 60,
  tax: 0,
  realisedPnl: null,
  settlesAt: null,
  marketPrice: null,
  marketValue: null,
  unrealisedPnl: null,
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

function start() {
  const previewCall = pending<OrderDraft, OrderPreviewDto>();
  const place = pending<PlaceInput, TradeOrderDto>();
  const actor = createActor(
    orderTicketMachine.provide({ actors: { preview: previewCall.actor, place: place.actor } }),
  ).start();
  const placed = vi.fn();
  actor.on('placed', placed);
  const send = (event: OrderTicketEvent) => actor.send(event);
  return { actor, send, previewCall, place, placed, at: () => actor.getSnapshot() };
}

/** Form → preview → keypad, ready to confirm. */
async function toKeypad(flow: ReturnType<typeof start>) {
  flow.send({ type: 'preview', draft });
  flow.previewCall.calls.at(-1)?.resolve(preview());
  await flush();
  flow.send({ type: 'next' });
  expect(flow.at().matches('confirming')).toBe(true);
}

describe('the order ticket flow', () => {
  it('goes form → preview → keypad → submitting → placed, with the key and the fund password', async () => {
    const flow = start();
    flow.send({ type: 'preview', draft });
    expect(flow.at().matches('previewing')).toBe(true);
    expect(flow.previewCall.calls[0]?.input).toEqual(draft);
    flow.previewCall.calls[0]?.resolve(preview());
    await flush();
    expect(flow.at().matches('previewed')).toBe(true);
    expect(flow.at().context.preview?.total).toBe(79_820);

    flow.send({ type: 'next' });
    flow.send({ type: 'confirm', fundPassword: '12', idempotencyKey: 'k1' });
    expect(flow.at().matches('confirming')).toBe(true);
    flow.send({ type: 'confirm', fundPassword: '135790', idempotencyKey: '' });
    expect(flow.at().matches('confirming')).toBe(true);
    flow.send({ type: 'confirm', fundPassword: '135790', idempotencyKey: 'k1' });
    expect(flow.place.calls[0]?.input).toEqual({
      request: { ...draft, fundPassword: '135790' },
      idempotencyKey: 'k1',
    });
    const made = order();
    flow.place.calls[0]?.resolve(made);
    await flush();
    expect(flow.at().matches('placed')).toBe(true);
    expect(flow.at().context.order).toEqual(made);
    expect(flow.at().context.fundPassword).toBe('');
    expect(flow.placed).toHaveBeenCalledWith({ type: 'placed', order: made });

    flow.send({ type: 'again' });
    expect(flow.at().matches('editing')).toBe(true);
    expect(flow.at().context.draft).toEqual(draft);
    expect(flow.at().context.order).toBeNull();
  });

  it('shows a preview that carries a refusal, and never lets it be confirmed', async () => {
    const flow = start();
    flow.send({ type: 'preview', draft });
    const refused = preview({
      refusal: { code: 'trade.insufficient_margin', params: { needed: '79,820' }, msg: '…' },
    });
    flow.previewCall.calls[0]?.resolve(refused);
    await flush();
    flow.send({ type: 'next' });
    expect(flow.at().matches('previewed')).toBe(true);
    expect(flow.at().context.preview?.refusal?.code).toBe('trade.insufficient_margin');
    flow.send({ type: 'back' });
    expect(flow.at().matches('editing')).toBe(true);
    expect(flow.at().context.draft).toEqual(draft);
  });

  it('returns to the form with the reason when the preview call itself is refused', async () => {
    const flow = start();
    flow.send({ type: 'preview', draft });
    flow.previewCall.calls[0]?.reject(refusal('trade.closed', { session: '장 마감' }));
    await flush();
    expect(flow.at().matches('editing')).toBe(true);
    expect(flow.at().context.refusal).toEqual({
      code: 'trade.closed',
      params: { session: '장 마감' },
    });
    // A new preview starts clean.
    flow.send({ type: 'preview', draft });
    expect(flow.at().context.refusal).toBeNull();
  });

  it('refuses a draft that breaks the contract or is off the tick', () => {
    const flow = start();
    for (const bad of [
      { ...draft, price: 199_450 },
      { ...draft, price: 0 },
      { ...draft, price: null },
      { ...draft, type: 'market' as const },
      { ...draft, lots: 0 },
      { ...draft, lots: 1.5 },
      { ...draft, leverage: 0 },
      { ...draft, symbol: 'ABC' },
    ]) {
      flow.send({ type: 'preview', draft: bad });
    }
    expect(flow.at().matches('editing')).toBe(true);
    expect(flow.previewCall.calls).toHaveLength(0);
    expect(isDraftValid({ ...draft, type: 'market', price: null })).toBe(true);
    expect(isDraftValid({ ...draft, price: 1_999 })).toBe(true);
  });

  it('goes back to the keypad after a wrong fund password, to the form after other refusals', async () => {
    const flow = start();
    await toKeypad(flow);
    flow.send({ type: 'confirm', fundPassword: '000000', idempotencyKey: 'k1' });
    flow.place.calls[0]?.reject(refusal('fund_password.wrong', { attemptsLeft: 4 }));
    await flush();
    expect(flow.at().matches('refused')).toBe(true);
    expect(flow.at().context.fundPassword).toBe('');
    flow.send({ type: 'retry' });
    expect(flow.at().matches('refused')).toBe(true);
    flow.send({ type: 'edit' });
    expect(flow.at().matches('confirming')).toBe(true);

    flow.send({ type: 'confirm', fundPassword: '135790', idempotencyKey: 'k2' });
    expect(flow.place.calls[1]?.input.idempotencyKey).toBe('k2');
    flow.place.calls[1]?.reject(refusal('trade.price_limit', { lower: '1', upper: '2' }));
    await flush();
    flow.send({ type: 'edit' });
    expect(flow.at().matches('editing')).toBe(true);
    expect(flow.at().context.draft).toEqual(draft);
    expect(flow.at().context.refusal?.code).toBe('trade.price_limit');
  });

  it('retries an unanswered submission with the same key and request, a new attempt with a new key', async () => {
    const flow = start();
    await toKeypad(flow);
    flow.send({ type: 'confirm', fundPassword: '135790', idempotencyKey: 'k1' });
    flow.place.calls[0]?.reject(refusal('system.busy'));
    await flush();
    expect(flow.at().matches('refused')).toBe(true);
    flow.send({ type: 'retry' });
    expect(flow.at().matches('submitting')).toBe(true);
    expect(flow.place.calls[1]?.input).toEqual(flow.place.calls[0]?.input);
    flow.place.calls[1]?.reject(new Error('no code at all'));
    await flush();
    // Giving up on the attempt forgets its key and password: the next one is a new attempt.
    flow.send({ type: 'edit' });
    expect(flow.at().matches('editing')).toBe(true);
    expect(flow.at().context.idempotencyKey).toBe('');
    expect(flow.at().context.fundPassword).toBe('');
  });

  it('goes back to the form from the preview or the keypad when the customer revises', async () => {
    const flow = start();
    await toKeypad(flow);
    flow.send({ type: 'back' });
    expect(flow.at().matches('previewed')).toBe(true);
    flow.send({ type: 'next' });
    flow.send({ type: 'revise' });
    expect(flow.at().matches('editing')).toBe(true);
  });
});

describe('the order ticket flow as a model: every shortest path', () => {
  const acceptedPreview = preview();
  const refusedPreview = preview({
    refusal: { code: 'trade.below_min_open', params: { min: '1,000,000' }, msg: '' },
  });
  const events = [
    { type: 'preview', draft },
    { type: 'preview', draft: { ...draft, price: 199_450 } },
    { type: 'revise' },
    { type: 'next' },
    { type: 'back' },
    { type: 'confirm', fundPassword: '135790', idempotencyKey: 'k1' },
    { type: 'confirm', fundPassword: '1', idempotencyKey: 'k1' },
    { type: 'retry' },
    { type: 'edit' },
    { type: 'again' },
    { type: 'xstate.done.actor.preview', output: acceptedPreview },
    { type: 'xstate.done.actor.preview', output: refusedPreview },
    { type: 'xstate.error.actor.preview', error: { code: 'trade.closed', params: {} } },
    { type: 'xstate.done.actor.place', output: order() },
    { type: 'xstate.error.actor.place', error: { code: 'fund_password.wrong', params: {} } },
    { type: 'xstate.error.actor.place', error: { code: 'system.busy', params: {} } },
    { type: 'xstate.error.actor.place', error: { code: 'trade.insufficient_margin', params: {} } },
  ] as unknown as OrderTicketEvent[];
  const serializeState = (s: Snapshot) =>
    JSON.stringify([
      s.value,
      s.context.preview?.refusal?.code ?? null,
      s.context.refusal?.code ?? null,
      s.context.idempotencyKey,
    ]);
  const model = createTestModel(invocationsAsEvents(orderTicketMachine), {
    events,
    serializeState,
  });
  const paths = model.getShortestPaths({ serializeState, allowDuplicatePaths: true });

  it('reach every state', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect([...reached].sort()).toEqual(
      [
        '"editing"',
        '"previewing"',
        '"previewed"',
        '"confirming"',
        '"submitting"',
        '"refused"',
        '"placed"',
      ].sort(),
    );
  });

  it('never submit without an accepted preview and a typed fund password', () => {
    for (const { state } of paths) {
      if (!state.matches('submitting')) continue;
      expect(state.context.preview?.refusal).toBeNull();
      expect(state.context.fundPassword).toMatch(/^[0-9]{6}$/);
      expect(state.context.idempotencyKey).not.toBe('');
    }
  });

  for (const path of paths) {
    it(path.description, async () => {
      const flow = start();
      type Step = { event: AnyEventObject };
      const answer =
        (calls: { resolve: (o: never) => void; reject: (e: unknown) => void }[]) =>
        async ({ event }: Step) => {
          const last = calls.at(-1);
          if (event.type.startsWith('xstate.done')) last?.resolve(event.output as never);
          else last?.reject(event.error);
          await flush();
        };
      const executors: Record<string, (step: Step) => unknown> = {
        'xstate.done.actor.preview': answer(flow.previewCall.calls),
        'xstate.error.actor.preview': answer(flow.previewCall.calls),
        'xstate.done.actor.place': answer(flow.place.calls),
        'xstate.error.actor.place': answer(flow.place.calls),
        ...Object.fromEntries(
          ['preview', 'revise', 'next', 'back', 'confirm', 'retry', 'edit', 'again'].map((type) => [
            type,
            ({ event }: Step) => flow.send(event as OrderTicketEvent),
          ]),
        ),
      };
      await path.test({
        events: executors,
        states: {
          '*': (state) => {
            expect(flow.at().value).toEqual(state.value);
            expect(flow.at().context.idempotencyKey).toBe(state.context.idempotencyKey);
            expect(flow.at().context.refusal).toEqual(state.context.refusal);
          },
        },
      });
    });
  }
});
