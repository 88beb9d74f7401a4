import type { EventObject } from 'xstate';
import type { Transaction } from '../../db/connect';

/**
 * A job that is not one entity's lifecycle event: the IPO draw runs once per offering over all
 * its subscriptions (server/modules/ipo/draw-job.ts). The runner treats it like any job: claimed
 * under the runner lock, run in a savepoint, done / skipped on a domain Refusal / retried.
 */
export type JobHandler = (
  tx: Transaction,
  job: { entityId: string; event: EventObject; now: Date },
) => Promise<void>;

const handlers = new Map<string, JobHandler>();

/** Registers the handler of a job entity type that is not a lifecycle (once per type). */
export function registerJobHandler(entityType: string, handler: JobHandler): void {
  handlers.set(entityType, handler);
}

export function jobHandlerOf(entityType: string): JobHandler | null {
  return handlers.get(entityType) ?? null;
}
