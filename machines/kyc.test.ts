import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { decide } from './decide';
import { encodeStateValue } from './state-value';
import { kycMachine } from './kyc';
import type { KycContext, KycEvent } from './kyc';

const start: { state: string; context: KycContext } = {
  state: 'unverified',
  context: { submissions: 0, rejectionReason: null },
};

function run(events: KycEvent[]) {
  let persisted = start;
  const decisions = events.map((event) => {
    const decision = decide(kycMachine, persisted, event);
    if (decision.accepted) persisted = { state: decision.to, context: decision.context };
    return decision;
  });
  return { persisted, decisions };
}

describe('kyc lifecycle', () => {
  it('goes from unverified through review to passed', () => {
    const { persisted } = run([{ type: 'kyc.submit' }, { type: 'review.approve' }]);
    expect(persisted.state).toBe('passed');
    expect(persisted.context.submissions).toBe(1);
  });

  it('keeps the rejection reason until the customer submits again', () => {
    const afterReject = run([
      { type: 'kyc.submit' },
      { type: 'review.reject', reason: '  Photo is blurred ' },
    ]);
    expect(afterReject.persisted).toEqual({
      state: 'rejected',
      context: { submissions: 1, rejectionReason: 'Photo is blurred' },
    });
    const resubmitted = run([
      { type: 'kyc.submit' },
      { type: 'review.reject', reason: 'Photo is blurred' },
      { type: 'kyc.submit' },
    ]);
    expect(resubmitted.persisted).toEqual({
      state: 'under_review.waiting',
      context: { submissions: 2, rejectionReason: null },
    });
  });

  it('refuses each event it does not accept with a code the customer or reviewer can act on', () => {
    expect(decide(kycMachine, start, { type: 'review.approve' })).toMatchObject({
      accepted: false,
      code: 'kyc.not_under_review',
    });
    const underReview = {
      state: 'under_review.waiting',
      context: { submissions: 1, rejectionReason: null },
    };
    expect(decide(kycMachine, underReview, { type: 'kyc.submit' })).toMatchObject({
      accepted: false,
      code: 'kyc.already_under_review',
    });
    expect(decide(kycMachine, underReview, { type: 'review.reject', reason: '   ' })).toMatchObject(
      {
        accepted: false,
        code: 'kyc.reason_required',
      },
    );
    const passed = { state: 'passed', context: { submissions: 1, rejectionReason: null } };
    expect(decide(kycMachine, passed, { type: 'kyc.submit' })).toMatchObject({
      accepted: false,
      code: 'kyc.already_verified',
    });
  });
});

describe('kyc paths generated from the machine', () => {
  const model = createTestModel(kycMachine, {
    events: [
      { type: 'kyc.submit' },
      { type: 'review.approve' },
      { type: 'review.reject', reason: 'Blurred photo' },
      { type: 'review.overdue' },
    ],
    // The submission counter grows without bound; the graph is over state values only.
    serializeState: (snapshot) => JSON.stringify(snapshot.value),
  });
  const paths = model.getSimplePaths();

  it('reach every state', () => {
    const reached = new Set(
      paths.flatMap((p) => p.steps.map((step) => encodeStateValue(step.state.value))),
    );
    expect([...reached].sort()).toEqual([
      'passed',
      'rejected',
      'under_review.overdue',
      'under_review.waiting',
      'unverified',
    ]);
  });

  for (const path of paths) {
    it(path.description, async () => {
      // The system under test here is the pure decision function; the API suite drives the same
      // paths through the server.
      let persisted = start;
      const actor = createActor(kycMachine).start();
      await path.test({
        events: {
          'kyc.submit': ({ event }) => apply(event),
          'review.approve': ({ event }) => apply(event),
          // The generated step carries the whole event (with its reason); its type names only `type`.
          'review.reject': ({ event }) => apply(event as KycEvent),
          'review.overdue': ({ event }) => apply(event),
        },
        states: {
          '*': (state) => {
            expect(persisted.state).toBe(encodeStateValue(state.value));
          },
        },
      });
      function apply(event: KycEvent) {
        actor.send(event);
        const decision = decide(kycMachine, persisted, event);
        expect(decision.accepted).toBe(true);
        if (decision.accepted) persisted = { state: decision.to, context: decision.context };
        expect(persisted.state).toBe(encodeStateValue(actor.getSnapshot().value));
        // The graph merges visits with different counters, so the context is checked against a
        // running actor rather than the step's snapshot.
        expect(persisted.context).toEqual(actor.getSnapshot().context);
      }
    });
  }
});
