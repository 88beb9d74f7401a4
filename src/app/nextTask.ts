/**
 * Resolves in a task of its own. The start-up's large pieces of work (the app's module evaluation,
 * the theme's creation, the first render) each then run as separate tasks rather than one: a
 * phone's main thread answers a tap between them, and Lighthouse's blocking time counts only
 * what each task takes beyond 50 ms.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
