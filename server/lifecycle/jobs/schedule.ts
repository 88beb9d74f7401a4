import type { EventObject } from 'xstate';
import { metaOf } from '../../../machines/lifecycle';
import { activeStatePaths } from '../../../machines/state-value';
import type { Database, Transaction } from '../../db/connect';
import { lifecycleJobs } from '../../db/schema';
import type { TransitionNotice } from '../subscribers';

/**
 * The states a transition entered: active after it and not before, parents before children.
 * A transition between two children of one parent enters only the child.
 */
export function enteredStatePaths(from: string, to: string): string[] {
  const before = new Set(activeStatePaths(from));
  return activeStatePaths(to).filter((path) => !before.has(path));
}

export interface JobToSchedule {
  entityType: string;
  entityId: number | string;
  event: EventObject;
  dueAt: Date;
}

/**
 * Writes one pending job, or nothing when the same job (entity, event type, due time) exists
 * already: scheduling twice is harmless. True when a row was written.
 */
export async function scheduleJob(
  db: Database | Transaction,
  job: JobToSchedule,
  now: Date,
): Promise<boolean> {
  const written = await db
    .insert(lifecycleJobs)
    .values({
      entityType: job.entityType,
      entityId: String(job.entityId),
      eventType: job.event.type,
      event: job.event,
      dueAt: job.dueAt,
      runAt: job.dueAt,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: lifecycleJobs.id });
  return written.length === 1;
}

/**
 * The transition subscriber that gives lifecycles their clock: for every state the transition
 * entered, each `meta.schedule` entry becomes a job due at the time the lifecycle's clock rule
 * named by `at` computes (inside the transition's transaction, so the job exists exactly when
 * the transition does). Jobs of states the entity has since left stay: when due, the machine
 * refuses their event and the runner records them skipped with the refusal code.
 */
export async function scheduleClockEvents(
  tx: Transaction,
  notice: TransitionNotice,
): Promise<void> {
  const { lifecycle } = notice;
  for (const path of enteredStatePaths(notice.from, notice.to)) {
    for (const entry of metaOf(lifecycle.definition.machine, path)?.schedule ?? []) {
      const rule = lifecycle.clock?.[entry.at];
      if (rule === undefined) {
        // A machine naming a rule its lifecycle lacks is a programming error (a unit test checks).
        throw new Error(`lifecycle ${lifecycle.type} has no clock rule "${entry.at}" (${path})`);
      }
      const dueAt = await rule(tx, { now: notice.now, id: notice.id, context: notice.context });
      await scheduleJob(
        tx,
        { entityType: lifecycle.type, entityId: notice.id, event: { type: entry.event }, dueAt },
        notice.now,
      );
    }
  }
}
