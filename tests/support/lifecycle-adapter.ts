import { and, asc, eq } from 'drizzle-orm';
import type { EventObject } from 'xstate';
import type { Locale } from '../../contract';
import type { MessageDto } from '../../contract/schemas/messages';
import type { Database } from '../../server/db/connect';
import { lifecycleJobs } from '../../server/db/schema';
import { applyEvent } from '../../server/lifecycle';
import type { Actor, Lifecycle, LifecycleStatus, LoadedLifecycle } from '../../server/lifecycle';
import { runDueJobs } from '../../server/lifecycle/jobs';
import { Refusal } from '../../server/refusal';

/** An entity a path test drives: its id and whatever the adapter needs (a session, a token). */
export interface PathEntity {
  id: number;
}

/** What the system answered to one event: done, or refused with a code (and HTTP status). */
export type SendResult =
  | { ok: true }
  | {
      ok: false;
      code: string;
      /** The answer's HTTP status; null when the event was not sent over HTTP (a job, the engine). */
      httpStatus: number | null;
    };

/**
 * How the path tests drive one lifecycle through the real system. Everything but `create`,
 * `send` and `actorOf` has a default.
 */
export interface LifecycleAdapter<
  TEntity extends PathEntity,
  TContext,
  TEvent extends EventObject = EventObject,
> {
  /**
   * A fresh entity in the machine's initial state (register a customer, insert a row). `events`
   * are the steps the path will send, for systems where what the entity is made with decides
   * which events can happen to it (an order placed on terms without a lock fills closable).
   */
  create(events: readonly TEvent[]): Promise<TEntity>;
  /**
   * Requests a real client makes before sending the event that are not the event itself (the
   * photo uploads before a KYC submission). Run before the snapshot a refusal is compared with.
   */
  prepare?(entity: TEntity, event: TEvent): Promise<void>;
  /** Sends one event the way the system really receives it (an API call, the job runner). */
  send(entity: TEntity, event: TEvent): Promise<SendResult>;
  /** The stored lifecycle; default: the lifecycle's own `storage.load`. */
  read?(entity: TEntity): Promise<LoadedLifecycle<TContext>>;
  /** Who the transition record must name for this event. */
  actorOf(event: TEvent, entity: TEntity): Actor;
  /** The reason the transition record must keep for this event; not checked when absent. */
  reasonOf?(event: TEvent, entity: TEntity): string | null;
  /** For contexts the system enriches: whether the stored context is the machine's. Default: equal. */
  contextMatches?(expected: TContext, actual: TContext): boolean;
  /**
   * The status answer a client reads for the entity (state, version, accepts), checked against
   * the machine after every step: what screens act on. Not checked when absent.
   */
  status?(entity: TEntity): Promise<LifecycleStatus>;
  /**
   * The entity owner's messages as `/user/msgList` answers them in `locale` (the message centre,
   * docs/messages.md): checked after every step against the stored messages. Not read when absent
   * (the stored messages are still checked).
   */
  messages?(entity: TEntity, locale: Locale): Promise<MessageDto[]>;
}

/** A result from an envelope answer (app.inject): `{ status: 1 }` is done, else its code. */
export function resultOfAnswer(answer: { statusCode: number; json<T>(): T }): SendResult {
  const body = answer.json<{ status?: unknown; code?: string }>();
  if (body.status === 1 && answer.statusCode === 200) return { ok: true };
  return {
    ok: false,
    code: body.code ?? `(no code, HTTP ${answer.statusCode})`,
    httpStatus: answer.statusCode,
  };
}

/** A result from a direct engine call: a domain Refusal is a refusal, anything else is thrown. */
export async function resultOfCall(run: () => Promise<unknown>): Promise<SendResult> {
  try {
    await run();
    return { ok: true };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, code: error.code, httpStatus: null };
    throw error;
  }
}

/**
 * A clock event (a review or service clock running out), sent the way the system sends it: the
 * job the entity scheduled is run by the job runner at its due time (only this entity's job, so
 * other paths' entities are untouched); the result is the job's outcome (done, or skipped with the
 * machine's refusal code). Where no job is pending (never scheduled, or already flagged) the clock
 * has nothing to send: the event goes to the engine as the system, which must refuse it and write
 * nothing.
 */
export async function sendClockEvent<TContext, TEvent extends EventObject>(
  db: Database,
  lifecycle: Lifecycle<TContext, TEvent>,
  id: number,
  event: TEvent,
): Promise<SendResult> {
  const entity = { type: lifecycle.type, id: String(id) };
  const [job] = await db
    .select()
    .from(lifecycleJobs)
    .where(
      and(
        eq(lifecycleJobs.entityType, entity.type),
        eq(lifecycleJobs.entityId, entity.id),
        eq(lifecycleJobs.status, 'pending'),
      ),
    )
    .orderBy(asc(lifecycleJobs.runAt))
    .limit(1);
  if (!job) {
    return resultOfCall(() =>
      applyEvent(db, { lifecycle, id, event, actor: { kind: 'system', id: null } }),
    );
  }
  await runDueJobs(db, { now: job.runAt, entity, limit: 1 });
  const [ran] = await db.select().from(lifecycleJobs).where(eq(lifecycleJobs.id, job.id));
  if (ran?.status === 'done') return { ok: true };
  return { ok: false, code: ran?.lastError ?? 'job not run', httpStatus: null };
}

/**
 * Path options for a reviewed lifecycle: a blank reject reason never reaches the machine through
 * the API (validation refuses it first, request.required), so the planner lists it as unsendable
 * rather than sending it. The machine's own refusal is in its machine test.
 */
export const blankRejectUnsendable = {
  extraEvents: [{ type: 'review.reject', reason: '   ' }] as const,
  sendsAsIs: (event: EventObject & { reason?: unknown }): boolean =>
    event.type !== 'review.reject' ||
    typeof event.reason !== 'string' ||
    event.reason.trim() !== '',
};
