/**
 * Work put off to later turns of the event loop and run first in, first out, for at most
 * `budgetMs` per turn; what is left waits for the next turn, after pending I/O. Socket messages
 * arrive in bursts (a client resubscribing 100 channels, 300 clients connecting at once) that
 * would otherwise run in one go, in the turn that read them, while every other request waits.
 */
export class DeferredWork {
  private queue: (() => void)[] = [];
  private head = 0;
  private scheduled = false;

  constructor(
    private readonly budgetMs: number,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly now: () => number = () => performance.now(),
  ) {}

  get pending(): number {
    return this.queue.length - this.head;
  }

  defer(job: () => void): void {
    this.queue.push(job);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(this.drain);
  }

  private readonly drain = (): void => {
    this.scheduled = false;
    const deadline = this.now() + this.budgetMs;
    while (this.head < this.queue.length) {
      const job = this.queue[this.head] as () => void;
      this.head += 1;
      try {
        job();
      } catch (error) {
        this.onError(error);
      }
      if (this.now() >= deadline) break;
    }
    // Drop what has run: all of it, or (in a long backlog) the done part now and then.
    if (this.head === this.queue.length) {
      this.queue = [];
      this.head = 0;
    } else if (this.head >= 4_096) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    if (this.pending > 0) this.schedule();
  };
}
