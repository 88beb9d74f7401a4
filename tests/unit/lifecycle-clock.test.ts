import { createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { initialPersisted, metaOf, statePaths } from '../../machines/lifecycle';
import type { Transaction } from '../../server/db/connect';
import { LIFECYCLE_REGISTRY, kycLifecycle } from '../../server/lifecycle';
import type { Lifecycle } from '../../server/lifecycle';
import {
  activeStatePaths,
  enteredStatePaths,
  scheduleClockEvents,
} from '../../server/lifecycle/jobs';

/** Every clock event a machine schedules, with the state that schedules it. */
function schedulesOf(lifecycle: Lifecycle) {
  const machine = lifecycle.definition.machine;
  return statePaths(machine).flatMap((path) =>
    (metaOf(machine, path)?.schedule ?? []).map((entry) => ({ path, ...entry })),
  );
}

describe('clock events of the registered lifecycles', () => {
  it('name a clock rule their lifecycle has, for every schedule of every state', () => {
    const missing = Object.values(LIFECYCLE_REGISTRY).flatMap((lifecycle) =>
      schedulesOf(lifecycle)
        .filter((entry) => typeof lifecycle.clock?.[entry.at] !== 'function')
        .map((entry) => `${lifecycle.type}.${entry.path}: ${entry.at}`),
    );
    expect(missing).toEqual([]);
    // The check sees the schedules there are.
    expect(schedulesOf(kycLifecycle)).toEqual([
      { path: 'under_review.waiting', event: 'review.overdue', at: 'reviewDeadline' },
    ]);
  });

  it('send events their machine takes in the scheduling state', () => {
    for (const lifecycle of Object.values(LIFECYCLE_REGISTRY)) {
      for (const entry of schedulesOf(lifecycle)) {
        const node = lifecycle.definition.machine.getStateNodeById(
          `${lifecycle.definition.machine.id}.${entry.path}`,
        );
        expect(node.events, `${lifecycle.type}.${entry.path}`).toContain(entry.event);
      }
    }
  });

  it('are never scheduled by a state an entity starts in (no transition enters it)', () => {
    for (const lifecycle of Object.values(LIFECYCLE_REGISTRY)) {
      const start = activeStatePaths(initialPersisted(lifecycle.definition.machine).state);
      const atStart = schedulesOf(lifecycle).filter((entry) => start.includes(entry.path));
      expect(atStart, lifecycle.type).toEqual([]);
    }
  });
});

describe('the states a transition enters', () => {
  it('are those active after it and not before, ancestors included', () => {
    expect(activeStatePaths('under_review.waiting')).toEqual([
      'under_review',
      'under_review.waiting',
    ]);
    expect(enteredStatePaths('unverified', 'under_review.waiting')).toEqual([
      'under_review',
      'under_review.waiting',
    ]);
    expect(enteredStatePaths('under_review.waiting', 'under_review.overdue')).toEqual([
      'under_review.overdue',
    ]);
    expect(enteredStatePaths('under_review.overdue', 'passed')).toEqual(['passed']);
    expect(enteredStatePaths('frozen.off,disabled.off', 'frozen.on,disabled.off')).toEqual([
      'frozen.on',
    ]);
    expect(enteredStatePaths('passed', 'passed')).toEqual([]);
  });
});

describe('the scheduler', () => {
  it('refuses a schedule whose clock rule the lifecycle lacks: a programming error', async () => {
    const machine = createMachine({
      id: 'm',
      initial: 'a',
      states: {
        a: { on: { go: 'b' } },
        b: { meta: { schedule: [{ event: 'later', at: 'nowhere' }] }, on: { later: 'a' } },
      },
    });
    const lifecycle = {
      ...kycLifecycle,
      type: 'm',
      definition: { machine, version: 1, sampleEvents: [] },
      clock: {},
    } as unknown as Lifecycle;
    await expect(
      scheduleClockEvents({} as Transaction, {
        lifecycle,
        id: 1,
        event: { type: 'go' },
        actor: { kind: 'system', id: null },
        now: new Date(),
        from: 'a',
        to: 'b',
        context: {},
        version: 1,
      }),
    ).rejects.toThrow(/no clock rule "nowhere"/);
  });
});
