import { describe, expect, it } from 'vitest';
import { acceptedEvents, decide } from './decide';
import { initialPersisted, metaOf, toneOf } from './lifecycle';
import { orderLifecycle, orderMachine } from './order';
import type { OrderContext, OrderEvent } from './order';

const start = initialPersisted<OrderContext>(orderMachine);

function run(events: OrderEvent[]) {
  let persisted = start;
  const decisions = events.map((event) => {
    const decision = decide(orderMachine, persisted, event);
    if (decision.accepted) persisted = { state: decision.to, context: decision.context };
    return decision;
  });
  return { persisted, decisions };
}

const FILLED_AT = '2026-11-25T01:00:00.000Z';
const fill = (unlockAt = '2026-11-25T01:15:00.000Z', price = 71_000): OrderEvent => ({
  type: 'order.fill',
  price,
  at: FILLED_AT,
  unlockAt,
});
const close = (price = 72_000): OrderEvent => ({
  type: 'order.close',
  price,
  at: '2026-11-25T01:20:00.000Z',
});

describe('order lifecycle', () => {
  it('starts pending, and may be filled, cancelled or expire', () => {
    expect(start.state).toBe('pending');
    expect(acceptedEvents(orderLifecycle, start).sort()).toEqual([
      'order.cancel',
      'order.expire',
      'order.fill',
    ]);
    // Its expiry is written by the call that places it (an initial state schedules nothing).
    expect(metaOf(orderMachine, 'pending')?.schedule).toBeUndefined();
  });

  it('fills into a locked position, unlocks on the clock, and closes at the market price', () => {
    const { persisted, decisions } = run([fill(), close(), { type: 'lock.elapsed' }, close()]);
    expect(decisions.map((d) => d.accepted)).toEqual([true, false, true, true]);
    expect(decisions[1]).toMatchObject({ accepted: false, code: 'trade.sell_locked' });
    expect(persisted).toEqual({
      state: 'closed',
      context: {
        fillPrice: 71_000,
        filledAt: FILLED_AT,
        unlockAt: '2026-11-25T01:15:00.000Z',
        closePrice: 72_000,
        closedAt: '2026-11-25T01:20:00.000Z',
        closedBy: 'customer',
        cancelledBy: null,
      },
    });
  });

  it('schedules the unlock while locked, and a product without a lock fills closable', () => {
    expect(run([fill()]).persisted.state).toBe('holding.locked');
    expect(metaOf(orderMachine, 'holding.locked')?.schedule).toEqual([
      { event: 'lock.elapsed', at: 'unlockAt' },
    ]);
    expect(run([fill(FILLED_AT)]).persisted.state).toBe('holding.closable');
    const late = run([fill(FILLED_AT), { type: 'lock.elapsed' }]).decisions[1];
    expect(late).toMatchObject({ accepted: false, code: 'trade.already_unlocked' });
  });

  it('refuses a fill with no usable price or time, and stays pending', () => {
    const bad: OrderEvent[] = [
      fill(undefined, 0),
      fill(undefined, -5),
      fill(undefined, 70_000.5),
      fill(undefined, Number.MAX_SAFE_INTEGER + 1),
      { type: 'order.fill', price: 71_000, at: 'not a time', unlockAt: FILLED_AT },
      // Unlocking before the fill would let a position skip its lock.
      fill('2026-11-25T00:59:59.000Z'),
    ];
    for (const event of bad) {
      const { persisted, decisions } = run([event]);
      expect(decisions[0]).toMatchObject({ accepted: false, code: 'trade.invalid_fill' });
      expect(persisted.state).toBe('pending');
    }
  });

  it('force-closes a position whether locked or not, and settles day trades at the session end', () => {
    const forced = run([fill(), { type: 'order.forceClose', price: 64_000, at: FILLED_AT }]);
    expect(forced.persisted).toMatchObject({
      state: 'closed',
      context: { closePrice: 64_000, closedBy: 'margin' },
    });
    const settled = run([
      fill(FILLED_AT),
      { type: 'order.settle', price: 71_500, at: '2026-11-25T06:30:00.000Z' },
    ]);
    expect(settled.persisted).toMatchObject({
      state: 'closed',
      context: { closePrice: 71_500, closedBy: 'sessionEnd' },
    });
    const priceless = run([fill(), { type: 'order.forceClose', price: 0, at: FILLED_AT }]);
    expect(priceless.decisions[1]).toMatchObject({
      accepted: false,
      code: 'trade.price_unavailable',
    });
    expect(priceless.persisted.state).toBe('holding.locked');
  });

  it('cancels only while pending, recording who cancelled', () => {
    expect(run([{ type: 'order.cancel' }]).persisted.context.cancelledBy).toBe('customer');
    expect(run([{ type: 'order.expire' }]).persisted.context.cancelledBy).toBe('sessionEnd');
    const held = run([fill(), { type: 'order.cancel' }, { type: 'order.expire' }]);
    expect(held.decisions.slice(1)).toEqual([
      expect.objectContaining({ accepted: false, code: 'trade.not_pending' }),
      expect.objectContaining({ accepted: false, code: 'trade.not_pending' }),
    ]);
  });

  it('takes nothing once ended: a second close is refused, and so is closing a cancelled order', () => {
    const twice = run([fill(FILLED_AT), close(), close()]);
    expect(twice.decisions[2]).toMatchObject({ accepted: false, code: 'trade.not_holding' });
    for (const end of [[fill(FILLED_AT), close()], [{ type: 'order.cancel' }]] as OrderEvent[][]) {
      const ended = run(end).persisted;
      expect(acceptedEvents(orderLifecycle, ended)).toEqual([]);
      expect(decide(orderMachine, ended, close())).toMatchObject({
        accepted: false,
        code: 'trade.not_holding',
      });
    }
    expect(run([{ type: 'order.cancel' }, close()]).decisions[1]).toMatchObject({
      accepted: false,
      code: 'trade.not_holding',
    });
  });

  it('reads as a badge: pending info, locked warning, closable success, ended neutral', () => {
    expect(toneOf(orderMachine, 'pending')).toBe('info');
    expect(toneOf(orderMachine, 'holding.locked')).toBe('warning');
    expect(toneOf(orderMachine, 'holding.closable')).toBe('success');
    expect(toneOf(orderMachine, 'closed')).toBe('neutral');
    expect(toneOf(orderMachine, 'cancelled')).toBe('neutral');
  });
});
