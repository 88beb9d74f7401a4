import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { REASON_MAX_LENGTH } from '../../contract/schemas/staff';
import { invocationsAsEvents } from './graph-model';
import { reasonAcceptable, reviewDecisionMachine } from './review-decision';
import type {
  DecisionInput,
  LifecycleStatus,
  ReviewDecisionEvent,
  ReviewDecisionInput,
} from './review-decision';

type Snapshot = SnapshotFrom<typeof reviewDecisionMachine>;

const passed: LifecycleStatus = { state: 'passed', version: 4, accepts: [] };

/** A running decision flow whose calls the test answers by hand. */
function startFlow(input: ReviewDecisionInput = {}) {
  const calls: {
    input: DecisionInput;
    resolve: (s: LifecycleStatus) => void;
    reject: (e: unknown) => void;
  }[] = [];
  const machine = reviewDecisionMachine.provide({
    actors: {
      decide: fromPromise<LifecycleStatus, DecisionInput>(
        ({ input: sent }) =>
          new Promise((resolve, reject) => calls.push({ input: sent, resolve, reject })),
      ),
    },
  });
  const actor = createActor(machine, { input }).start();
  const decided = vi.fn();
  actor.on('decided', decided);
  const send = (event: ReviewDecisionEvent) => actor.send(event);
  return { actor, send, at: () => actor.getSnapshot(), calls, decided };
}

const approve = {
  type: 'decision.choose',
  decision: 'review.approve',
  version: 3,
  reason: 'none',
} as const;
const reject = {
  type: 'decision.choose',
  decision: 'review.reject',
  version: 3,
  reason: 'required',
} as const;

describe('a staff decision', () => {
  it('asks for confirmation, sends the version seen, and is done with the new status', async () => {
    const { send, at, calls, decided } = startFlow();
    expect(at().matches('idle')).toBe(true);
    send(approve);
    expect(at().matches('confirming')).toBe(true);
    send({ type: 'decision.confirm' });
    expect(at().matches('submitting')).toBe(true);
    expect(calls[0]?.input).toEqual({ decision: 'review.approve', version: 3, reason: undefined });
    calls[0]?.resolve(passed);
    await vi.waitFor(() => expect(at().matches('done')).toBe(true));
    expect(at().context.outcome).toEqual(passed);
    expect(decided).toHaveBeenCalledWith({
      type: 'decided',
      decision: 'review.approve',
      outcome: passed,
    });
  });

  it('can be cancelled from the confirmation', () => {
    const { send, at, calls } = startFlow();
    send(reject);
    send({ type: 'reason.change', reason: 'Blurred' });
    send({ type: 'decision.cancel' });
    expect(at().matches('idle')).toBe(true);
    expect(at().context).toMatchObject({ decision: null, reason: '' });
    expect(calls).toHaveLength(0);
  });

  it('needs a reason for a rejection, and sends it trimmed', () => {
    const { send, at, calls } = startFlow();
    send(reject);
    send({ type: 'decision.confirm' });
    expect(at().matches('confirming')).toBe(true);
    expect(at().context.attempted).toBe(true);
    send({ type: 'reason.change', reason: '   ' });
    send({ type: 'decision.confirm' });
    expect(calls).toHaveLength(0);
    send({ type: 'reason.change', reason: '  Blurred photo ' });
    send({ type: 'decision.confirm' });
    expect(calls[0]?.input).toEqual({
      decision: 'review.reject',
      version: 3,
      reason: 'Blurred photo',
    });
  });

  it('refuses a reason over the contract limit, and leaves an optional one out when empty', () => {
    expect(reasonAcceptable('optional', '')).toBe(true);
    expect(reasonAcceptable('required', 'x'.repeat(REASON_MAX_LENGTH))).toBe(true);
    expect(reasonAcceptable('required', 'x'.repeat(REASON_MAX_LENGTH + 1))).toBe(false);
    const { send, calls } = startFlow();
    send({ type: 'decision.choose', decision: 'x.y', version: 1, reason: 'optional' });
    send({ type: 'decision.confirm' });
    expect(calls[0]?.input.reason).toBeUndefined();
  });

  it('treats lifecycle.conflict, and the codes the screen names, as a conflict to reload', async () => {
    for (const code of ['lifecycle.conflict', 'kyc.not_under_review']) {
      const { send, at, calls, decided } = startFlow({ conflictCodes: ['kyc.not_under_review'] });
      send(approve);
      send({ type: 'decision.confirm' });
      calls[0]?.reject({ code, params: {} });
      await vi.waitFor(() => expect(at().matches({ refused: 'conflict' })).toBe(true));
      expect(at().context.refusal).toEqual({ code, params: {} });
      // Confirming again makes no sense on a stale case: only a reload does.
      send({ type: 'decision.confirm' });
      expect(calls).toHaveLength(1);
      send({ type: 'decision.reload' });
      expect(at().matches('idle')).toBe(true);
      expect(decided).not.toHaveBeenCalled();
    }
  });

  it('keeps the sheet open on any other refusal, to fix the reason and confirm again', async () => {
    const { send, at, calls } = startFlow();
    send(reject);
    send({ type: 'reason.change', reason: 'Blurred' });
    send({ type: 'decision.confirm' });
    calls[0]?.reject({ code: 'kyc.reason_required', params: {} });
    await vi.waitFor(() => expect(at().matches({ refused: 'other' })).toBe(true));
    send({ type: 'reason.change', reason: 'The photo is blurred' });
    expect(at().matches('confirming')).toBe(true);
    expect(at().context.refusal).toEqual({ code: 'kyc.reason_required', params: {} });
    send({ type: 'decision.confirm' });
    expect(at().context.refusal).toBeNull();
    expect(calls[1]?.input.reason).toBe('The photo is blurred');
    calls[1]?.resolve(passed);
    await vi.waitFor(() => expect(at().matches('done')).toBe(true));
  });

  it('takes another decision after one is done, with the new version', async () => {
    const { send, at, calls } = startFlow();
    send({ type: 'decision.choose', decision: 'account.freeze', version: 1, reason: 'required' });
    send({ type: 'reason.change', reason: 'Fraud report' });
    send({ type: 'decision.confirm' });
    calls[0]?.resolve({ state: 'frozen.on', version: 2, accepts: ['account.unfreeze'] });
    await vi.waitFor(() => expect(at().matches('done')).toBe(true));
    send({ type: 'decision.choose', decision: 'account.unfreeze', version: 2, reason: 'required' });
    expect(at().matches('confirming')).toBe(true);
    expect(at().context).toMatchObject({ reason: '', attempted: false, version: 2 });
  });
});

describe('decision paths generated from the machine', () => {
  const events = [
    approve,
    reject,
    { type: 'reason.change', reason: 'Blurred' },
    { type: 'reason.change', reason: '' },
    { type: 'decision.confirm' },
    { type: 'decision.cancel' },
    { type: 'decision.reload' },
    { type: 'xstate.done.actor.decide', output: passed },
    { type: 'xstate.error.actor.decide', error: { code: 'lifecycle.conflict', params: {} } },
    { type: 'xstate.error.actor.decide', error: { code: 'kyc.reason_required', params: {} } },
  ] as unknown as ReviewDecisionEvent[];
  const serializeState = (s: Snapshot) =>
    JSON.stringify([s.value, s.context.decision, s.context.reason, s.context.attempted]);
  const model = createTestModel(invocationsAsEvents(reviewDecisionMachine), {
    events,
    serializeState,
  });
  const paths = model.getShortestPaths({ serializeState, input: {}, allowDuplicatePaths: true });

  it('reach every state', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect([...reached].sort()).toEqual(
      [
        '"idle"',
        '"confirming"',
        '"submitting"',
        '"done"',
        '{"refused":"conflict"}',
        '{"refused":"other"}',
      ].sort(),
    );
  });

  it('never submit a rejection without a reason', () => {
    for (const { state } of paths) {
      if (!state.matches('submitting')) continue;
      expect(reasonAcceptable(state.context.reasonRule, state.context.reason)).toBe(true);
    }
  });

  for (const path of paths) {
    it(path.description, async () => {
      const flow = startFlow();
      const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
      type Step = { event: AnyEventObject };
      // Keyed by event type, the actor's answers included (not among the machine's own events).
      const executors: Record<string, (step: Step) => unknown> = {
        'xstate.done.actor.decide': async ({ event }) => {
          flow.calls.at(-1)?.resolve(event.output as LifecycleStatus);
          await settle();
        },
        'xstate.error.actor.decide': async ({ event }) => {
          flow.calls.at(-1)?.reject(event.error);
          await settle();
        },
        ...Object.fromEntries(
          [
            'decision.choose',
            'reason.change',
            'decision.confirm',
            'decision.cancel',
            'decision.reload',
          ].map((type) => [type, ({ event }: Step) => flow.send(event as ReviewDecisionEvent)]),
        ),
      };
      await path.test({
        events: executors,
        states: {
          '*': (state) => {
            expect(flow.at().value).toEqual(state.value);
            expect(flow.at().context.reason).toBe(state.context.reason);
          },
        },
      });
    });
  }
});
