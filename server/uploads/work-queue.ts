/** Thrown by WorkQueue.run when every slot is busy and the waiting line is full. */
export class QueueFullError extends Error {
  constructor() {
    super('work queue full');
    this.name = 'QueueFullError';
  }
}

export interface WorkQueueStats {
  /** Jobs started since the queue was made (tests use it to prove a job never ran). */
  started: number;
  running: number;
  waiting: number;
  refused: number;
}

export interface WorkQueue {
  /** Runs `job` when a slot is free; throws QueueFullError at once when the line is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
  stats(): WorkQueueStats;
}

/**
 * At most `concurrency` jobs at a time and at most `maxWaiting` waiting in line, first come first
 * served. Image work goes through one, so a burst of uploads queues briefly or is refused instead
 * of taking every thread of libuv's pool (where password hashing also runs) and the memory of
 * every image at once.
 */
export function createWorkQueue(options: { concurrency: number; maxWaiting: number }): WorkQueue {
  const line: (() => void)[] = [];
  let running = 0;
  let started = 0;
  let refused = 0;

  /** A finishing job hands its slot to the first in line, or frees it. */
  const release = () => {
    const waiter = line.shift();
    if (waiter) waiter();
    else running -= 1;
  };

  return {
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running >= options.concurrency) {
        if (line.length >= options.maxWaiting) {
          refused += 1;
          throw new QueueFullError();
        }
        // Woken with the slot of the job that finished (still counted in `running`).
        await new Promise<void>((resolve) => line.push(resolve));
      } else {
        running += 1;
      }
      started += 1;
      try {
        return await job();
      } finally {
        release();
      }
    },
    stats: () => ({ started, running, waiting: line.length, refused }),
  };
}
