import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { JobItemDto, JobStatus } from '../../../contract';
import type { Database, Transaction } from '../../db/connect';
import { lifecycleJobs } from '../../db/schema';
import { Refusal } from '../../refusal';
import type { JobRecord } from './runner';

/** A job as the back office shows it; `due` by the server's clock. */
export function jobItemOf(job: JobRecord, now: Date): JobItemDto {
  return {
    id: job.id,
    entityType: job.entityType,
    entityId: job.entityId,
    event: job.eventType,
    dueAt: job.dueAt.toISOString(),
    runAt: job.runAt.toISOString(),
    status: job.status,
    due: job.status === 'pending' && job.runAt.getTime() <= now.getTime(),
    attempts: job.attempts,
    lastError: job.lastError,
    createdAt: job.createdAt.toISOString(),
    updatedAt: job.updatedAt.toISOString(),
    finishedAt: job.finishedAt?.toISOString() ?? null,
  };
}

/**
 * Jobs by status and entity type: failed ones first (they need a person), then pending ones by
 * when they run, then the finished ones, latest first.
 */
export async function listJobs(
  db: Database | Transaction,
  filter: { status?: JobStatus | null; entityType?: string | null; page: number; pageSize: number },
  now: Date,
): Promise<{ items: JobItemDto[]; page: number; pageSize: number; total: number }> {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(lifecycleJobs.status, filter.status));
  if (filter.entityType) conditions.push(eq(lifecycleJobs.entityType, filter.entityType));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [total] = await db.select({ n: count() }).from(lifecycleJobs).where(where);
  const rank = sql`case ${lifecycleJobs.status} when 'failed' then 0 when 'pending' then 1 else 2 end`;
  const pendingRunAt = sql`case when ${lifecycleJobs.status} = 'pending' then ${lifecycleJobs.runAt} end`;
  const rows = await db
    .select()
    .from(lifecycleJobs)
    .where(where)
    .orderBy(asc(rank), asc(pendingRunAt), desc(lifecycleJobs.updatedAt), desc(lifecycleJobs.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  return {
    items: rows.map((job) => jobItemOf(job, now)),
    page: filter.page,
    pageSize: filter.pageSize,
    total: total?.n ?? 0,
  };
}

/**
 * Staff's second chance for a job: a failed or skipped one goes back to pending, to run now,
 * with its tries counted afresh. Its due time (part of its identity) stays; its last error stays
 * until the next try replaces it.
 */
export async function retryJob(
  tx: Database | Transaction,
  id: number,
  now: Date,
): Promise<{ previous: JobStatus; job: JobRecord }> {
  const [job] = await tx.select().from(lifecycleJobs).where(eq(lifecycleJobs.id, id)).for('update');
  if (job === undefined) throw new Refusal('job.not_found', { field: 'id' });
  if (job.status !== 'failed' && job.status !== 'skipped') {
    throw new Refusal('job.not_retryable', { status: job.status });
  }
  const [updated] = await tx
    .update(lifecycleJobs)
    .set({ status: 'pending', attempts: 0, runAt: now, updatedAt: now, finishedAt: null })
    .where(and(eq(lifecycleJobs.id, id), inArray(lifecycleJobs.status, ['failed', 'skipped'])))
    .returning();
  if (updated === undefined) throw new Refusal('job.not_retryable', { status: job.status });
  return { previous: job.status, job: updated };
}
