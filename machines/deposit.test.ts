import { describe, expect, it } from 'vitest';
import { acceptedEvents, decide } from './decide';
import { depositLifecycle, depositMachine } from './deposit';
import type { DepositContext, DepositEvent } from './deposit';
import { initialPersisted } from './lifecycle';

const start = initialPersisted<DepositContext>(depositMachine);

function run(events: DepositEvent[]) {
  let persisted = start;
  const decisions = events.map((event) => {
    const decision = decide(depositMachine, persisted, event);
    if (decision.accepted) persisted = { state: decision.to, context: decision.context };
    return decision;
  });
  return { persisted, decisions };
}

describe('deposit lifecycle', () => {
  it('starts pending, waiting for review, and may be cancelled or decided', () => {
    expect(start).toEqual({ state: 'pending.waiting', context: { rejectionReason: null } });
    expect(acceptedEvents(depositLifecycle, start).sort()).toEqual([
      'deposit.cancel',
      'review.approve',
      'review.overdue',
      'review.reject',
    ]);
    expect(run([{ type: 'review.approve' }]).persisted.state).toBe('credited');
    expect(run([{ type: 'deposit.cancel' }]).persisted.state).toBe('cancelled');
  });

  it('keeps the rejection reason, trimmed, and refuses a blank one', () => {
    expect(run([{ type: 'review.reject', reason: '  No transfer ' }]).persisted).toEqual({
      state: 'rejected',
      context: { rejectionReason: 'No transfer' },
    });
    const blank = run([{ type: 'review.reject', reason: '  ' }]).decisions[0];
    expect(blank).toMatchObject({ accepted: false, code: 'deposit.reason_required' });
  });

  it('is flagged overdue once, and is still decided from there', () => {
    const { persisted, decisions } = run([
      { type: 'review.overdue' },
      { type: 'review.overdue' },
      { type: 'review.approve' },
    ]);
    expect(decisions[1]).toMatchObject({ accepted: false, code: 'deposit.already_overdue' });
    expect(persisted.state).toBe('credited');
  });

  it('takes nothing once decided', () => {
    for (const end of [
      { type: 'review.approve' },
      { type: 'deposit.cancel' },
      { type: 'review.reject', reason: 'x' },
    ] as DepositEvent[]) {
      const { decisions } = run([end, { type: 'deposit.cancel' }, { type: 'review.approve' }]);
      expect(decisions.slice(1)).toEqual([
        expect.objectContaining({ accepted: false, code: 'fund_order.not_pending' }),
        expect.objectContaining({ accepted: false, code: 'fund_order.not_pending' }),
      ]);
    }
  });
});
