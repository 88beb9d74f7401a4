import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { ErrorCode } from '../../../contract';
import type { Database, Transaction } from '../../db/connect';
import { lifecycleJobs } from '../../db/schema';
import { Refusal } from '../../refusal';
import { applyEvent } from '../apply-event';
import { lifecycleOf } from '../registry';
import { jobHandlerOf } from './handlers';
import type { Actor } from '../types';

export type JobRecord = typeof lifecycleJobs.$inferSelect;

/**
 * Key of the transaction-level advisory lock every job transaction takes first: at most one job
 * runs at a time across every process on the database (the leader rule, docs/jobs.md).
 */
export const JOB_RUNNER_LOCK_KEY = 7_061_919;

/** How often a job that errors is tried again: after 1, 2, 4, 8 … × `baseDelayMs`. */
export interface RetryPolicy {
  /** Tries in all before the job is `failed` (staff may retry it from the back office). */
  maxAttempts: number;
  baseDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 60_000 };

/** Refusals that say "not now" rather than "not in this state": tried again like errors. */
const TRANSIENT_REFUSALS: ReadonlySet<ErrorCode> = new Set(['lifecycle.conflict', 'system.busy']);

const SYSTEM: Actor = { kind: 'system', id: null };
const ERROR_MAX_LENGTH = 500;

export type JobOutcome =
  | { kind: 'done' }
  | { kind: 'skipped'; code: ErrorCode }
  | { kind: 'retried'; error: string; runAt: Date }
  | { kind: 'failed'; error: string };

export interface RunSummary {
  done: number;
  skipped: number;
  retried: number;
  failed: number;
  /** Another process was running a job: this one stopped (it tries again next tick). */
  busy: boolean;
}

export interface RunDueJobsOptions {
  /** The runner's clock: jobs with `run_at` up to now are due; transitions are dated now. */
  now: Date;
  /** At most this many jobs (each in its own transaction). */
  limit?: number;
  retry?: RetryPolicy;
  /** Only this entity's jobs (tests drive one entity's clock without touching the others). */
  entity?: JobEntity;
}

export interface JobEntity {
  type: string;
  id: string;
}

/**
 * Runs due jobs one by one, each in its own transaction: take the runner lock, claim the
 * earliest due pending job (`for update skip locked`), apply its event through the engine as the
 * system, and record the outcome, all in that transaction. So the transition and the job's new
 * status commit together or not at all: a crash (even kill -9) at any point leaves the job
 * pending, and the next run applies it once. Stops when nothing is due, at `limit`, or when
 * another process holds the lock.
 */
export async function runDueJobs(db: Database, options: RunDueJobsOptions): Promise<RunSummary> {
  const summary: RunSummary = { done: 0, skipped: 0, retried: 0, failed: 0, busy: false };
  const limit = options.limit ?? 100;
  for (let run = 0; run < limit; run++) {
    const result = await runNextJob(
      db,
      options.now,
      options.retry ?? DEFAULT_RETRY,
      options.entity,
    );
    if (result === 'idle') break;
    if (result === 'busy') {
      summary.busy = true;
      break;
    }
    summary[result.outcome.kind] += 1;
  }
  return summary;
}

/** One job in one transaction; 'idle' when none is due, 'busy' when another process runs one. */
export async function runNextJob(
  db: Database,
  now: Date,
  retry: RetryPolicy = DEFAULT_RETRY,
  entity?: JobEntity,
): Promise<'idle' | 'busy' | { job: JobRecord; outcome: JobOutcome }> {
  return db.transaction(async (tx) => {
    if (!(await takeRunnerLock(tx))) return 'busy';
    const job = await claimDueJob(tx, now, entity);
    if (job === null) return 'idle';
    const outcome = await attempt(tx, job, now, retry);
    await recordOutcome(tx, job, outcome, now);
    return { job, outcome };
  });
}

/**
 * The advisory lock of the job runner, released when the transaction ends (commit, rollback or
 * a dead connection). False when another transaction, of any process, holds it.
 */
async function takeRunnerLock(tx: Transaction): Promise<boolean> {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(${JOB_RUNNER_LOCK_KEY}) as locked`,
  );
  // Both drivers answer `{ rows }`; drizzle types the raw result as unknown.
  const rows = (result as { rows: { locked: unknown }[] }).rows;
  return rows[0]?.locked === true;
}

/** The earliest due pending job, locked for this transaction; one another holds is passed over. */
export async function claimDueJob(
  tx: Transaction,
  now: Date,
  entity?: JobEntity,
): Promise<JobRecord | null> {
  const [job] = await tx
    .select()
    .from(lifecycleJobs)
    .where(
      and(
        eq(lifecycleJobs.status, 'pending'),
        lte(lifecycleJobs.runAt, now),
        entity ? eq(lifecycleJobs.entityType, entity.type) : undefined,
        entity ? eq(lifecycleJobs.entityId, entity.id) : undefined,
      ),
    )
    .orderBy(asc(lifecycleJobs.runAt), asc(lifecycleJobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return job ?? null;
}

/**
 * Applies the job's event. The engine's transaction nests in ours (a savepoint), so a failure
 * undoes the transition's writes but leaves ours usable for recording the outcome.
 */
async function attempt(
  tx: Transaction,
  job: JobRecord,
  now: Date,
  retry: RetryPolicy,
): Promise<JobOutcome> {
  try {
    const handler = jobHandlerOf(job.entityType);
    if (handler !== null) {
      await tx.transaction((inner) =>
        handler(inner, { entityId: job.entityId, event: job.event, now }),
      );
      return { kind: 'done' };
    }
    const lifecycle = lifecycleOf(job.entityType);
    if (lifecycle === null) throw new Error(`no lifecycle for entity type "${job.entityType}"`);
    const id = Number(job.entityId);
    if (!Number.isSafeInteger(id)) throw new Error(`entity id "${job.entityId}" is not a number`);
    await applyEvent(tx, { lifecycle, id, event: job.event, actor: SYSTEM, now });
    return { kind: 'done' };
  } catch (error) {
    // The machine (or the engine) said no: the entity has moved on; that is the job's answer.
    if (error instanceof Refusal && !TRANSIENT_REFUSALS.has(error.code)) {
      return { kind: 'skipped', code: error.code };
    }
    const message = errorText(error);
    const attempts = job.attempts + 1;
    if (attempts >= retry.maxAttempts) return { kind: 'failed', error: message };
    const delay = retry.baseDelayMs * 2 ** (attempts - 1);
    return { kind: 'retried', error: message, runAt: new Date(now.getTime() + delay) };
  }
}

async function recordOutcome(
  tx: Transaction,
  job: JobRecord,
  outcome: JobOutcome,
  now: Date,
): Promise<void> {
  const common = { updatedAt: now };
  const changes =
    outcome.kind === 'done'
      ? { status: 'done' as const, finishedAt: now }
      : outcome.kind === 'skipped'
        ? { status: 'skipped' as const, lastError: outcome.code, finishedAt: now }
        : outcome.kind === 'retried'
          ? { attempts: job.attempts + 1, lastError: outcome.error, runAt: outcome.runAt }
          : {
              status: 'failed' as const,
              attempts: job.attempts + 1,
              lastError: outcome.error,
              finishedAt: now,
            };
  await tx
    .update(lifecycleJobs)
    .set({ ...common, ...changes })
    .where(eq(lifecycleJobs.id, job.id));
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, ERROR_MAX_LENGTH);
}
