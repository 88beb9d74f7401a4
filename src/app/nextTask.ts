/**
 * Resolves in a task of its own. The start-up's large pieces of work (the app's module evaluation,
 * the theme's creation, the first render) each then run as separate tasks rather than one: a
 * phone's main thread answers a tap between them, and Lighthouse's blocking time counts only
 * what each task takes beyond 50 ms.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** `scheduler.yield()` where the browser has it (Chromium 129+, Firefox 142+). */
type WithYield = { scheduler?: { yield?: () => Promise<void> } };

/**
 * Gives the browser its turn (input, rendering, a network answer) and resumes right after it,
 * ahead of other waiting tasks: a job cut in many pieces finishes as soon as it did in one, with
 * no timer's 4 ms floor per piece. Elsewhere it is `nextTask`.
 */
export function yieldToBrowser(): Promise<void> {
  const { scheduler } = globalThis as WithYield;
  return scheduler?.yield ? scheduler.yield() : nextTask();
}

/**
 * Runs a generator's steps to its end, each in a task of its own (the generator yields between
 * them), and resolves with what it returns.
 */
export async function inTasks<T>(steps: Generator<void, T, void>): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await yieldToBrowser();
  }
}
