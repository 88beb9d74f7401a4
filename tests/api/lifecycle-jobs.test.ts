import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { appClockOf } from '../../server/clock';
import {
  auditLog,
  customers,
  lifecycleJobs,
  lifecycleTransitions,
  settings,
} from '../../server/db/schema';
import type { Database } from '../../server/db/connect';
import { applyEvent, kycLifecycle, runDueJobs, subscribeTransitions } from '../../server/lifecycle';
import { JOB_RUNNER_LOCK_KEY, claimDueJob, scheduleJob } from '../../server/lifecycle/jobs';
import { ManualClock } from '../../server/market/clock';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from './api-helpers';
import { expectRefusal, expectSuccess, registerCustomer } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall, submitKyc } from './identity-helpers';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const START = Date.parse('2026-03-02T00:00:00.000Z');
const CRASH_CHILD = fileURLToPath(new URL('../support/job-crash-child.ts', import.meta.url));

interface JobDto {
  id: number;
  entityType: string;
  entityId: string;
  event: string;
  status: string;
  due: boolean;
  attempts: number;
  lastError: string | null;
  runAt: string;
}

describe.each(databaseKinds)('lifecycle jobs on %s', (kind) => {
  let t: TestApp;
  let clock: ManualClock;
  let admin: SignedInStaff;
  let operator: SignedInStaff;
  let reviewer: SignedInStaff;
  beforeAll(async () => {
    clock = new ManualClock(START);
    t = await buildTestApp(kind, {}, { clock: appClockOf(clock) });
    admin = await signInNewStaff(t.app, t.db, 'admin');
    operator = await signInNewStaff(t.app, t.db, 'operator');
    reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
  });
  afterAll(() => t.close());

  const now = () => new Date(clock.now());
  const run = (db: Database = t.db) => runDueJobs(db, { now: now() });

  async function idOf(session: Session): Promise<number> {
    const [row] = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.account, session.account));
    if (!row) throw new Error(`no customer ${session.account}`);
    return row.id;
  }

  /**
   * A customer whose KYC was just submitted (at the fake clock's time): through the call, or,
   * where many are needed (photo uploads are rate-limited per IP), straight through the engine.
   */
  async function submitted(via: 'call' | 'engine' = 'call'): Promise<number> {
    const session = await registerCustomer(t.app, t.demoCode);
    const customerId = await idOf(session);
    if (via === 'call') expectSuccess((await submitKyc(t.app, session)).response);
    else {
      await applyEvent(t.db, {
        lifecycle: kycLifecycle,
        id: customerId,
        event: { type: 'kyc.submit' },
        actor: { kind: 'customer', id: customerId },
        now: now(),
      });
    }
    return customerId;
  }

  const jobsOf = (customerId: number) =>
    t.db
      .select()
      .from(lifecycleJobs)
      .where(
        and(eq(lifecycleJobs.entityType, 'kyc'), eq(lifecycleJobs.entityId, String(customerId))),
      )
      .orderBy(asc(lifecycleJobs.id));

  const transitionsOf = (customerId: number, event = 'review.overdue') =>
    t.db
      .select()
      .from(lifecycleTransitions)
      .where(
        and(
          eq(lifecycleTransitions.entityType, 'kyc'),
          eq(lifecycleTransitions.entityId, String(customerId)),
          eq(lifecycleTransitions.event, event),
        ),
      );

  /** Runs every job due within the next day, so a test's own job is the only one due after. */
  async function drainDue(): Promise<void> {
    clock.advance(25 * HOUR);
    await run();
  }

  async function kycStateOf(customerId: number): Promise<string> {
    const [row] = await t.db
      .select({ state: customers.kycState })
      .from(customers)
      .where(eq(customers.id, customerId));
    return row?.state ?? '';
  }

  it('schedules one overdue job when KYC is submitted, due after the review time', async () => {
    const submittedAt = clock.now();
    const customerId = await submitted();
    const jobs = await jobsOf(customerId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      eventType: 'review.overdue',
      event: { type: 'review.overdue' },
      status: 'pending',
      attempts: 0,
      lastError: null,
      finishedAt: null,
    });
    expect(jobs[0]?.dueAt.getTime()).toBe(submittedAt + 24 * HOUR);
    expect(jobs[0]?.runAt.getTime()).toBe(submittedAt + 24 * HOUR);
    // Not due yet: a run leaves it alone.
    await run();
    expect((await jobsOf(customerId))[0]?.status).toBe('pending');
    expect(await kycStateOf(customerId)).toBe('under_review.waiting');
  });

  it('flags the KYC overdue as the system when the deadline passes, once, overdue first in the queue', async () => {
    const waiting = await submitted();
    clock.advance(MINUTE);
    const late = await submitted();
    clock.advance(24 * HOUR - MINUTE - 1);
    await run();
    expect(await kycStateOf(late)).toBe('under_review.waiting');
    clock.advance(1);
    const ranAt = clock.now();
    await run();
    expect(await kycStateOf(late)).toBe('under_review.waiting');
    expect(await kycStateOf(waiting)).toBe('under_review.overdue');
    await run();
    const transitions = await transitionsOf(waiting);
    expect(transitions).toHaveLength(1);
    expect(transitions[0]).toMatchObject({
      fromState: 'under_review.waiting',
      toState: 'under_review.overdue',
      actorKind: 'system',
      actorId: null,
    });
    expect(transitions[0]?.createdAt.getTime()).toBe(ranAt);
    const [job] = await jobsOf(waiting);
    expect(job).toMatchObject({ status: 'done', attempts: 0, lastError: null });
    expect(job?.finishedAt?.getTime()).toBe(ranAt);
    // Entering `overdue` schedules nothing more.
    expect(await jobsOf(waiting)).toHaveLength(1);

    const queue = expectSuccess<{
      items: { customerId: number; overdue: boolean; state: string }[];
    }>(await staffCall(t.app, '/kyc/queue', { page: 1, pageSize: 100 }, reviewer.token));
    const flags = queue.items.map((i) => i.overdue);
    expect(flags.indexOf(false)).toBeGreaterThan(flags.lastIndexOf(true));
    expect(queue.items.find((i) => i.customerId === waiting)).toMatchObject({
      overdue: true,
      state: 'under_review.overdue',
    });
    expect(queue.items.find((i) => i.customerId === late)?.overdue).toBe(false);
  });

  it('skips the job of a KYC decided before its deadline, with the refusal code', async () => {
    const customerId = await submitted();
    expectSuccess(await staffCall(t.app, '/kyc/approve', { customerId }, reviewer.token));
    clock.advance(24 * HOUR);
    await run();
    const [job] = await jobsOf(customerId);
    expect(job).toMatchObject({ status: 'skipped', lastError: 'kyc.not_under_review' });
    expect(await kycStateOf(customerId)).toBe('passed');
    expect(await transitionsOf(customerId)).toHaveLength(0);
  });

  it('writes one row when the same job is scheduled twice', async () => {
    const customerId = await submitted();
    const [existing] = await jobsOf(customerId);
    if (!existing) throw new Error('no job');
    const again = {
      entityType: 'kyc',
      entityId: customerId,
      event: { type: 'review.overdue' },
      dueAt: existing.dueAt,
    };
    expect(await scheduleJob(t.db, again, now())).toBe(false);
    expect(await scheduleJob(t.db, again, now())).toBe(false);
    expect(await jobsOf(customerId)).toHaveLength(1);
    // Another due time is another job.
    const later = { ...again, dueAt: new Date(existing.dueAt.getTime() + 1) };
    expect(await scheduleJob(t.db, later, now())).toBe(true);
    expect(await jobsOf(customerId)).toHaveLength(2);
  });

  it('computes the deadline from the review-time setting, which admins change (validated, audited)', async () => {
    const listed = expectSuccess<{ items: { key: string; value: number; defaultValue: number }[] }>(
      await staffCall(t.app, '/settings/get', {}, admin.token),
    );
    expect(listed.items).toContainEqual(
      expect.objectContaining({ key: 'kyc.reviewHours', value: 24, defaultValue: 24 }),
    );
    const set = (value: unknown, token = admin.token) =>
      staffCall(t.app, '/settings/set', { key: 'kyc.reviewHours', value }, token);
    expectRefusal(await set(0), 'request.invalid', 400, 'value');
    expectRefusal(await set(2.5), 'request.invalid', 400, 'value');
    expectRefusal(await set('2'), 'request.wrong_type', 400, 'value');
    expectRefusal(await set(24 * 31), 'request.invalid', 400, 'value');
    expectRefusal(
      await staffCall(t.app, '/settings/set', { key: 'kyc.nope', value: 2 }, admin.token),
      'request.invalid',
      400,
      'key',
    );
    expectRefusal(await set(2, operator.token), 'staff.forbidden', 403);
    expect(await t.db.select().from(settings)).toEqual([]);

    const saved = expectSuccess<{ value: number; updatedBy: string | null }>(await set(2));
    expect(saved).toMatchObject({ value: 2, updatedBy: admin.account });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settingsSet'), eq(auditLog.actorId, admin.id)));
    expect(audit).toMatchObject({ entity: 'setting:kyc.reviewHours' });
    expect(audit?.detail).toEqual({ value: 2, previous: 24 });

    const submittedAt = clock.now();
    const customerId = await submitted();
    expect((await jobsOf(customerId))[0]?.dueAt.getTime()).toBe(submittedAt + 2 * HOUR);
    expectSuccess(await set(24));
  });

  it('retries a job that errors with backoff, fails it after the last try, and staff retry it', async () => {
    const customerId = await submitted();
    let failing = true;
    const unsubscribe = subscribeTransitions((_tx, notice) => {
      if (failing && notice.lifecycle.type === 'kyc' && notice.id === customerId) {
        return Promise.reject(new Error('the message centre is down'));
      }
      return Promise.resolve();
    });
    try {
      const retry = { maxAttempts: 3, baseDelayMs: MINUTE };
      const runWithPolicy = () => runDueJobs(t.db, { now: now(), retry });
      clock.advance(24 * HOUR);
      const firstTry = clock.now();
      await runWithPolicy();
      let [job] = await jobsOf(customerId);
      expect(job).toMatchObject({ status: 'pending', attempts: 1 });
      expect(job?.lastError).toContain('the message centre is down');
      expect(job?.runAt.getTime()).toBe(firstTry + MINUTE);
      expect(await kycStateOf(customerId)).toBe('under_review.waiting');

      clock.advance(MINUTE - 1);
      await runWithPolicy();
      expect((await jobsOf(customerId))[0]?.attempts).toBe(1);
      clock.advance(1);
      await runWithPolicy();
      [job] = await jobsOf(customerId);
      expect(job).toMatchObject({ status: 'pending', attempts: 2 });
      expect(job?.runAt.getTime()).toBe(clock.now() + 2 * MINUTE);

      clock.advance(2 * MINUTE);
      await runWithPolicy();
      [job] = await jobsOf(customerId);
      expect(job).toMatchObject({ status: 'failed', attempts: 3 });
      expect(job?.finishedAt?.getTime()).toBe(clock.now());
      clock.advance(HOUR);
      await runWithPolicy();
      expect((await jobsOf(customerId))[0]?.status).toBe('failed');
      expect(await transitionsOf(customerId)).toHaveLength(0);
      if (!job) throw new Error('no job');

      // The back office lists it among the failed ones and puts it back to pending.
      const failed = expectSuccess<{ items: JobDto[]; total: number }>(
        await staffCall(
          t.app,
          '/jobs/list',
          { status: 'failed', entityType: 'kyc', page: 1, pageSize: 50 },
          operator.token,
        ),
      );
      expect(failed.items.map((i) => i.id)).toContain(job.id);
      expect(failed.items.every((i) => i.status === 'failed')).toBe(true);
      expectRefusal(
        await staffCall(t.app, '/jobs/retry', { id: job.id }, reviewer.token),
        'staff.forbidden',
        403,
      );
      failing = false;
      const retried = expectSuccess<JobDto>(
        await staffCall(t.app, '/jobs/retry', { id: job.id }, operator.token),
      );
      expect(retried).toMatchObject({
        id: job.id,
        status: 'pending',
        attempts: 0,
        due: true,
        entityType: 'kyc',
        entityId: String(customerId),
        event: 'review.overdue',
      });
      expect(Date.parse(retried.runAt)).toBe(clock.now());
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'jobsRetry'), eq(auditLog.entity, `job:${job.id}`)));
      expect(audit?.actorId).toBe(operator.id);
      expect(audit?.detail).toMatchObject({
        entity: `kyc:${customerId}`,
        event: 'review.overdue',
        previousStatus: 'failed',
      });

      await run();
      expect((await jobsOf(customerId))[0]).toMatchObject({ status: 'done', attempts: 0 });
      expect(await kycStateOf(customerId)).toBe('under_review.overdue');
      expectRefusal(
        await staffCall(t.app, '/jobs/retry', { id: job.id }, operator.token),
        'job.not_retryable',
        400,
      );
      expectRefusal(
        await staffCall(t.app, '/jobs/retry', { id: 99_999_999 }, operator.token),
        'job.not_found',
        404,
        'id',
      );
    } finally {
      unsubscribe();
    }
  });

  it('lists jobs for staff: failed first, then pending by run time, then finished', async () => {
    const pending = await submitted();
    const page = expectSuccess<{ items: JobDto[]; total: number; page: number }>(
      await staffCall(t.app, '/jobs/list', { page: 1, pageSize: 100 }, admin.token),
    );
    const [all] = await t.db.select({ n: sql<number>`count(*)::int` }).from(lifecycleJobs);
    expect(page.total).toBe(all?.n);
    expect(page.items).toHaveLength(page.total);
    const ranks = page.items.map((i) => ['failed', 'pending'].indexOf(i.status) + 1 || 3);
    expect(ranks).toEqual([...ranks].sort());
    expect(new Set(page.items.map((i) => i.status))).toEqual(
      new Set(['pending', 'done', 'skipped']),
    );
    const mine = page.items.find((i) => i.entityId === String(pending));
    expect(mine).toMatchObject({ status: 'pending', due: false, event: 'review.overdue' });
    const pendingRuns = page.items.filter((i) => i.status === 'pending').map((i) => i.runAt);
    expect(pendingRuns).toEqual([...pendingRuns].sort());
    const skipped = expectSuccess<{ items: JobDto[] }>(
      await staffCall(
        t.app,
        '/jobs/list',
        { status: 'skipped', page: 1, pageSize: 5 },
        operator.token,
      ),
    );
    expect(skipped.items.length).toBeGreaterThan(0);
    expect(skipped.items.every((i) => i.status === 'skipped' && i.lastError !== null)).toBe(true);
    expectRefusal(
      await staffCall(t.app, '/jobs/list', { page: 1, pageSize: 5 }, reviewer.token),
      'staff.forbidden',
      403,
    );
  });

  it('leaves a job pending when the transaction that claimed and applied it is lost', async () => {
    await drainDue();
    const customerId = await submitted();
    clock.advance(24 * HOUR);
    const crash = new Error('the process died here');
    await expect(
      t.db.transaction(async (tx) => {
        const job = await claimDueJob(tx, now());
        expect(job?.entityId).toBe(String(customerId));
        if (!job) return;
        await applyEvent(tx, {
          lifecycle: kycLifecycle,
          id: Number(job.entityId),
          event: { type: 'review.overdue' },
          actor: { kind: 'system', id: null },
          now: now(),
        });
        throw crash;
      }),
    ).rejects.toBe(crash);
    expect((await jobsOf(customerId))[0]?.status).toBe('pending');
    expect(await kycStateOf(customerId)).toBe('under_review.waiting');
    await run();
    await run();
    expect((await jobsOf(customerId))[0]?.status).toBe('done');
    expect(await transitionsOf(customerId)).toHaveLength(1);
  });

  it.runIf(kind === 'postgres')(
    'never applies a job twice with two apps running jobs on one database',
    async () => {
      const second = await buildApp(t.app.maru.config, { clock: appClockOf(clock) });
      try {
        const ids: number[] = [];
        for (let i = 0; i < 8; i++) ids.push(await submitted('engine'));
        clock.advance(24 * HOUR);

        // While one process holds the runner lock, the other runs nothing.
        await t.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${JOB_RUNNER_LOCK_KEY})`);
          const blocked = await run(second.maru.db);
          expect(blocked).toMatchObject({ busy: true, done: 0, skipped: 0 });
        });

        const drain = async (db: Database) => {
          let done = 0;
          for (let round = 0; round < 200; round++) {
            const summary = await runDueJobs(db, { now: now(), limit: 1 });
            done += summary.done;
            if (!summary.busy && summary.done + summary.skipped + summary.retried === 0) break;
          }
          return done;
        };
        const [a, b] = await Promise.all([drain(t.db), drain(second.maru.db)]);
        expect(a + b).toBeGreaterThanOrEqual(ids.length);
        for (const id of ids) {
          expect(await transitionsOf(id)).toHaveLength(1);
          expect((await jobsOf(id))[0]?.status).toBe('done');
        }
      } finally {
        await second.close();
      }
    },
  );

  it.runIf(kind === 'postgres')(
    'applies once the job of a runner killed (kill -9) in the middle of it',
    async () => {
      await drainDue();
      const customerId = await submitted('engine');
      clock.advance(24 * HOUR);
      const child = fork(CRASH_CHILD, [], {
        execArgv: ['--import', 'tsx'],
        env: {
          ...process.env,
          DATABASE_URL: t.app.maru.config.databaseUrl ?? '',
          JOB_NOW: now().toISOString(),
        },
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        await new Promise<void>((resolve, reject) => {
          child.on('message', (message) => {
            if (message === 'applied') resolve();
            else reject(new Error(`the child said ${JSON.stringify(message)}`));
          });
          child.once('exit', (code) => reject(new Error(`the child exited (${code})`)));
        });
        // Mid-job: the child holds the runner lock and has applied the event, uncommitted.
        expect(await run()).toMatchObject({ busy: true, done: 0 });
        expect((await jobsOf(customerId))[0]?.status).toBe('pending');
      } finally {
        child.kill('SIGKILL');
        await exited;
      }
      // PostgreSQL ends the dead connection's transaction: the job is there to run again.
      let done = 0;
      for (let i = 0; i < 100 && done === 0; i++) {
        const summary = await run();
        done += summary.done;
        if (done === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await jobsOf(customerId))[0]?.status).toBe('done');
      expect(await transitionsOf(customerId)).toHaveLength(1);
      expect(await kycStateOf(customerId)).toBe('under_review.overdue');
    },
  );
});

describe.each(databaseKinds)('the app job runner on %s', (kind) => {
  it('polls for due jobs at the app clock', async () => {
    const clock = new ManualClock(START);
    const t = await buildTestApp(kind, { jobs: { pollMs: 20 } }, { clock: appClockOf(clock) });
    try {
      const session = await registerCustomer(t.app, t.demoCode);
      expectSuccess((await submitKyc(t.app, session)).response);
      const state = async () =>
        (
          await t.db
            .select({ state: customers.kycState })
            .from(customers)
            .where(eq(customers.account, session.account))
        )[0]?.state;
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await state()).toBe('under_review.waiting');
      clock.advance(24 * HOUR);
      for (let i = 0; i < 100 && (await state()) !== 'under_review.overdue'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(await state()).toBe('under_review.overdue');
    } finally {
      await t.close();
    }
  });
});
