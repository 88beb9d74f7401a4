import { describe, expect, it } from 'vitest';
import { DeferredWork } from './deferred-work';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('DeferredWork', () => {
  it('runs jobs in order on later turns, stopping each turn when the budget is spent', async () => {
    let now = 0;
    const work = new DeferredWork(5, undefined, () => now);
    const ran: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      work.defer(() => {
        ran.push(i);
        now += 2; // 2 ms of work each
      });
    }
    expect(ran).toEqual([]);
    await turn();
    // 2 + 2 + 2 ms passes 5 ms: three jobs in the first turn, the rest after pending I/O.
    expect(ran).toEqual([0, 1, 2]);
    expect(work.pending).toBe(3);
    await turn();
    await turn();
    expect(ran).toEqual([0, 1, 2, 3, 4, 5]);
    expect(work.pending).toBe(0);
  });

  it('keeps going after a job throws', async () => {
    const errors: unknown[] = [];
    const work = new DeferredWork(50, (error) => errors.push(error));
    const ran: string[] = [];
    work.defer(() => {
      throw new Error('bad');
    });
    work.defer(() => ran.push('next'));
    await turn();
    expect(ran).toEqual(['next']);
    expect(errors).toHaveLength(1);
  });
});
