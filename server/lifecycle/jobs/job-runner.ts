import type { AppClock } from '../../clock';
import type { Database } from '../../db/connect';
import type { RetryPolicy, RunSummary } from './runner';
import { runDueJobs } from './runner';

export interface JobRunnerOptions {
  clock: AppClock;
  /** Milliseconds between the end of one tick and the start of the next; 0 never polls. */
  pollMs: number;
  retry?: RetryPolicy;
  onError: (error: unknown) => void;
}

export interface JobRunner {
  /** Runs due jobs now (what each poll does). */
  tick(): Promise<RunSummary>;
  /** Stops polling and waits for a tick under way, so the database can close after it. */
  stop(): Promise<void>;
}

/**
 * Polls for due jobs: each tick runs `runDueJobs` at the clock's time, and the next starts
 * `pollMs` after it ends, so ticks never overlap within a process. Across processes the runner
 * lock decides (runner.ts). Nothing is kept in memory: a restart simply polls again.
 */
export function startJobRunner(db: Database, options: JobRunnerOptions): JobRunner {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  const tick = () => runDueJobs(db, { now: options.clock.now(), retry: options.retry });
  const poll = () => {
    timer = setTimeout(() => {
      timer = null;
      running = tick()
        .catch(options.onError)
        .finally(() => {
          if (!stopped) poll();
        });
    }, options.pollMs);
    timer.unref();
  };
  if (options.pollMs > 0) poll();

  return {
    tick,
    async stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      await running;
    },
  };
}
