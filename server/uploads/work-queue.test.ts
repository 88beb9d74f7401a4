import { describe, expect, it } from 'vitest';
import { QueueFullError, createWorkQueue } from './work-queue';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('createWorkQueue', () => {
  it('runs one job at a time, first come first served, and refuses past the line', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 2 });
    const order: string[] = [];
    const first = gate();
    const job = (name: string, wait?: Promise<void>) => async () => {
      order.push(`start ${name}`);
      await wait;
      order.push(`end ${name}`);
      return name;
    };
    const a = queue.run(job('a', first.opened));
    const b = queue.run(job('b'));
    const c = queue.run(job('c'));
    await expect(queue.run(job('d'))).rejects.toBeInstanceOf(QueueFullError);
    expect(queue.stats()).toEqual({ started: 1, running: 1, waiting: 2, refused: 1 });
    first.open();
    expect(await Promise.all([a, b, c])).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(queue.stats()).toEqual({ started: 3, running: 0, waiting: 0, refused: 1 });
  });

  it('frees the slot when a job fails; a newcomer never runs beside the one in line', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 1 });
    const first = gate();
    const failing = queue.run(async () => {
      await first.opened;
      throw new Error('bad image');
    });
    let running = 0;
    let most = 0;
    const counted = async () => {
      running += 1;
      most = Math.max(most, running);
      await Promise.resolve();
      running -= 1;
    };
    const waiting = queue.run(counted);
    first.open();
    await expect(failing).rejects.toThrow('bad image');
    const newcomer = queue.run(counted);
    await Promise.all([waiting, newcomer]);
    expect(most).toBe(1);
    expect(queue.stats().running).toBe(0);
  });
});
