import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { ACCOUNT_EVENTS, accountLifecycle, accountMachine, restrictionsOf } from './account';
import { acceptedEvents, decide } from './decide';
import { kycLifecycle, kycMachine } from './kyc';
import type { KycContext } from './kyc';
import { eventTypes, initialPersisted, metaOf, stateMeta, statePaths, toneOf } from './lifecycle';
import { decodeStateValue, encodeStateValue, isInState } from './state-value';

describe('encoded state values', () => {
  const cases: [string, Parameters<typeof encodeStateValue>[0]][] = [
    ['passed', 'passed'],
    ['under_review.overdue', { under_review: 'overdue' }],
    ['frozen.on,disabled.off', { frozen: 'on', disabled: 'off' }],
    ['holding.lock.locked,holding.close.open', { holding: { lock: 'locked', close: 'open' } }],
    ['p.a,p.b.x', { p: { a: {}, b: 'x' } }],
  ];
  it.each(cases)('%s round-trips', (encoded, value) => {
    expect(encodeStateValue(value)).toBe(encoded);
    expect(decodeStateValue(encoded)).toEqual(value);
  });

  it('tells whether a state is at or inside a path', () => {
    expect(isInState('under_review.overdue', 'under_review')).toBe(true);
    expect(isInState('under_review.overdue', 'under_review.overdue')).toBe(true);
    expect(isInState('under_review.waiting', 'under_review.overdue')).toBe(false);
    expect(isInState('under_reviewer', 'under_review')).toBe(false);
    expect(isInState('frozen.off,disabled.on', 'disabled.on')).toBe(true);
    expect(isInState('frozen.off,disabled.on', 'frozen.on')).toBe(false);
  });
});

describe('decide on nested states', () => {
  const waiting = {
    state: 'under_review.waiting',
    context: { submissions: 1, rejectionReason: null },
  };

  it('moves inside a compound state and out of it', () => {
    const overdue = decide(kycMachine, waiting, { type: 'review.overdue' });
    expect(overdue).toMatchObject({ accepted: true, to: 'under_review.overdue' });
    if (!overdue.accepted) return;
    const approved = decide(
      kycMachine,
      { state: overdue.to, context: overdue.context },
      {
        type: 'review.approve',
      },
    );
    expect(approved).toMatchObject({ accepted: true, from: 'under_review.overdue', to: 'passed' });
  });

  it("takes the deepest state's refusal, else its parent's", () => {
    const overdue = { ...waiting, state: 'under_review.overdue' };
    expect(decide(kycMachine, overdue, { type: 'review.overdue' })).toMatchObject({
      accepted: false,
      code: 'kyc.already_overdue',
    });
    expect(decide(kycMachine, overdue, { type: 'kyc.submit' })).toMatchObject({
      accepted: false,
      code: 'kyc.already_under_review',
    });
  });

  it('answers lifecycle.not_allowed where no state names a code', () => {
    const bare = setup({
      types: { events: {} as { type: 'go' } | { type: 'stop' } },
    }).createMachine({
      initial: 'a',
      states: { a: { on: { go: 'b' } }, b: {} },
    });
    expect(decide(bare, { state: 'b', context: undefined }, { type: 'go' })).toMatchObject({
      accepted: false,
      code: 'lifecycle.not_allowed',
    });
  });
});

describe('accepts', () => {
  const start = initialPersisted<KycContext>(kycMachine);

  it('lists the events the machine takes now, from its sample events', () => {
    expect(acceptedEvents(kycLifecycle, start)).toEqual(['kyc.submit']);
    expect(
      acceptedEvents(kycLifecycle, { ...start, state: 'under_review.waiting' }).sort(),
    ).toEqual(['review.approve', 'review.overdue', 'review.reject']);
    expect(acceptedEvents(kycLifecycle, { ...start, state: 'passed' })).toEqual([]);
  });

  it('has a sample of every event the machine declares', () => {
    for (const lifecycle of [kycLifecycle, accountLifecycle]) {
      expect(lifecycle.sampleEvents.map((e) => e.type).sort()).toEqual(
        eventTypes(lifecycle.machine).sort(),
      );
    }
  });
});

describe('the account machine (parallel)', () => {
  const start = initialPersisted<{ reasons: Record<string, string> }>(accountMachine);

  it('starts with every restriction off', () => {
    expect(start.state).toBe(
      'frozen.off,disabled.off,loginBanned.off,tradingBarred.off,withdrawalBarred.off',
    );
    expect(Object.values(restrictionsOf(start.state))).toEqual([false, false, false, false, false]);
  });

  it('sets and clears one region, keeping the reason while it is in force', () => {
    const frozen = decide(accountMachine, start, {
      type: 'account.freeze',
      reason: ' Fraud check ',
    });
    expect(frozen).toMatchObject({ accepted: true });
    if (!frozen.accepted) return;
    expect(frozen.to).toBe(
      'frozen.on,disabled.off,loginBanned.off,tradingBarred.off,withdrawalBarred.off',
    );
    expect(frozen.context).toEqual({ reasons: { frozen: 'Fraud check' } });
    expect(restrictionsOf(frozen.to).frozen).toBe(true);
    const barred = decide(
      accountMachine,
      { state: frozen.to, context: frozen.context },
      { type: 'account.barTrading', reason: 'Margin call' },
    );
    expect(barred).toMatchObject({ accepted: true });
    if (!barred.accepted) return;
    const thawed = decide(
      accountMachine,
      { state: barred.to, context: barred.context },
      { type: 'account.unfreeze', reason: 'Cleared' },
    );
    expect(thawed).toMatchObject({
      accepted: true,
      to: 'frozen.off,disabled.off,loginBanned.off,tradingBarred.on,withdrawalBarred.off',
      context: { reasons: { tradingBarred: 'Margin call' } },
    });
  });

  it('refuses with the code of the region the event belongs to', () => {
    expect(decide(accountMachine, start, { type: 'account.unfreeze', reason: 'x' })).toMatchObject({
      accepted: false,
      code: 'account.state_not_set',
    });
    expect(decide(accountMachine, start, { type: 'account.freeze', reason: '  ' })).toMatchObject({
      accepted: false,
      code: 'account.reason_required',
    });
    const frozen = { ...start, state: start.state.replace('frozen.off', 'frozen.on') };
    expect(decide(accountMachine, frozen, { type: 'account.freeze', reason: 'x' })).toMatchObject({
      accepted: false,
      code: 'account.state_already_set',
    });
  });

  it('accepts a set or a clear per region', () => {
    const accepts = acceptedEvents(accountLifecycle, start);
    expect(accepts.sort()).toEqual(
      Object.values(ACCOUNT_EVENTS)
        .map((e) => e.set)
        .sort(),
    );
  });
});

describe('state lists and tones come from the machine', () => {
  it('lists every state, nested ones included', () => {
    expect(statePaths(kycMachine)).toEqual([
      'unverified',
      'under_review',
      'under_review.waiting',
      'under_review.overdue',
      'rejected',
      'passed',
    ]);
  });

  it("reads a state's tone from its meta, the deepest naming one", () => {
    expect(toneOf(kycMachine, 'passed')).toBe('success');
    expect(toneOf(kycMachine, 'under_review.overdue')).toBe('warning');
    expect(toneOf(accountMachine, 'frozen.on,disabled.off')).toBe('danger');
    expect(metaOf(kycMachine, 'under_review.waiting')?.schedule).toEqual([
      { event: 'review.overdue', at: 'reviewDeadline' },
    ]);
  });

  it('types refusals per machine', () => {
    // Compile-time checks: a misspelt event or an unknown code does not type-check.
    // @ts-expect-error 'kyc.submitt' is not an event of the KYC machine
    stateMeta<{ type: 'kyc.submit' }>({ refusals: { 'kyc.submitt': 'kyc.already_verified' } });
    // @ts-expect-error 'kyc.nonsense' is not an error code
    stateMeta<{ type: 'kyc.submit' }>({ refusals: { 'kyc.submit': 'kyc.nonsense' } });
    expect(true).toBe(true);
  });
});
