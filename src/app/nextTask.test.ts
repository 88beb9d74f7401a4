import { describe, expect, it, vi } from 'vitest';
import { inTasks } from './nextTask';

describe('inTasks', () => {
  function* twoSteps(seen: string[]): Generator<void, string, void> {
    seen.push('first');
    yield;
    seen.push('second');
    return 'done';
  }

  it('runs each step of a generator in a task of its own and resolves with what it returns', async () => {
    const seen: string[] = [];
    const done = inTasks(twoSteps(seen));
    expect(seen).toEqual(['first']);
    // Not in this task's microtasks either.
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(seen).toEqual(['first']);
    await expect(done).resolves.toBe('done');
    expect(seen).toEqual(['first', 'second']);
  });

  it("yields with the browser's scheduler.yield where it has one", async () => {
    const yielded = vi.fn(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    vi.stubGlobal('scheduler', { yield: yielded });
    try {
      await expect(inTasks(twoSteps([]))).resolves.toBe('done');
      expect(yielded).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
