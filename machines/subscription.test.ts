import { describe, expect, it } from 'vitest';
import { acceptedEvents, decide } from './decide';
import { initialPersisted, metaOf } from './lifecycle';
import { subscriptionLifecycle, subscriptionMachine } from './subscription';
import type { SubscriptionContext, SubscriptionEvent } from './subscription';

const start = initialPersisted<SubscriptionContext>(subscriptionMachine);
const AT = '2026-12-03T01:00:00.000Z';

function run(events: SubscriptionEvent[]) {
  let persisted = start;
  const decisions = events.map((event) => {
    const decision = decide(subscriptionMachine, persisted, event);
    if (decision.accepted) persisted = { state: decision.to, context: decision.context };
    return decision;
  });
  return { persisted, decisions };
}

describe('subscription lifecycle', () => {
  it('starts subscribing and waits for the draw once the window closes', () => {
    expect(start.state).toBe('subscribing');
    expect(acceptedEvents(subscriptionLifecycle, start)).toEqual(['window.close']);
    const { persisted } = run([{ type: 'window.close' }]);
    expect(persisted.state).toBe('awaitingDraw');
    expect(metaOf(subscriptionMachine, 'awaitingDraw')?.schedule).toEqual([
      { event: 'draw.result', at: 'drawDate' },
    ]);
  });

  it('records an allotment, is paid, then listed', () => {
    const { persisted, decisions } = run([
      { type: 'window.close' },
      { type: 'draw.result', shares: 20, at: AT },
      { type: 'subscription.pay' },
      { type: 'listing' },
    ]);
    expect(decisions.every((d) => d.accepted)).toBe(true);
    expect(persisted.state).toBe('listed');
    expect(persisted.context).toMatchObject({ allotted: 20, drawnAt: AT, waivedBy: null });
  });

  it('ends not won when the draw allots nothing', () => {
    const { persisted } = run([
      { type: 'window.close' },
      { type: 'draw.result', shares: 0, at: AT },
    ]);
    expect(persisted.state).toBe('notWon');
    expect(persisted.context.allotted).toBe(0);
  });

  it('is waived by the customer or by the deadline, and says who', () => {
    const base: SubscriptionEvent[] = [
      { type: 'window.close' },
      { type: 'draw.result', shares: 5, at: AT },
    ];
    expect(run([...base, { type: 'subscription.waive' }]).persisted.context.waivedBy).toBe(
      'customer',
    );
    const late = run([...base, { type: 'payment.deadline' }]).persisted;
    expect(late.state).toBe('waived');
    expect(late.context.waivedBy).toBe('deadline');
  });

  it('refuses with the spec codes', () => {
    const { decisions } = run([
      { type: 'subscription.pay' },
      { type: 'draw.result', shares: 3, at: AT },
      { type: 'window.close' },
      { type: 'draw.result', shares: -1, at: AT },
      { type: 'draw.result', shares: 2.5, at: AT },
      { type: 'draw.result', shares: 3, at: 'not a time' },
      { type: 'listing' },
      { type: 'draw.result', shares: 3, at: AT },
      { type: 'window.close' },
      { type: 'draw.result', shares: 1, at: AT },
      { type: 'listing' },
      { type: 'subscription.pay' },
      { type: 'subscription.pay' },
    ]);
    expect(decisions.map((d) => (d.accepted ? 'ok' : d.code))).toEqual([
      'ipo.not_pending_payment',
      'ipo.not_drawn_yet',
      'ok',
      'ipo.invalid_draw',
      'ipo.invalid_draw',
      'ipo.invalid_draw',
      'ipo.not_paid',
      'ok',
      'ipo.not_subscribing',
      'ipo.already_drawn',
      'ipo.not_paid',
      'ok',
      'ipo.not_pending_payment',
    ]);
  });

  it('takes nothing once ended', () => {
    const waived = run([
      { type: 'window.close' },
      { type: 'draw.result', shares: 5, at: AT },
      { type: 'payment.deadline' },
    ]).persisted;
    expect(acceptedEvents(subscriptionLifecycle, waived)).toEqual([]);
  });
});
