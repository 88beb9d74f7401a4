import type { EventObject } from 'xstate';
import { decide } from '../../machines/decide';
import { noteForCommit } from '../db/after-commit';
import type { Database, Transaction } from '../db/connect';
import { lifecycleTransitions } from '../db/schema';
import { Refusal } from '../refusal';
import { scheduleClockEvents } from './jobs/schedule';
import { notifyTransition, subscribeTransitions } from './subscribers';
import type { Actor, Lifecycle, LoadedLifecycle } from './types';

// Clock events: entering a state with `meta.schedule` writes its jobs in the transition's
// transaction. Registered here, once, so no way of loading the engine can leave it out.
subscribeTransitions(scheduleClockEvents);
// Live updates: every transition is noted for after the commit; the realtime layer picks the
// types it pushes (server/realtime/account-pushes.ts).
subscribeTransitions((tx, notice) => {
  noteForCommit(tx, { topic: 'lifecycle', type: notice.lifecycle.type, id: notice.id });
  return Promise.resolve();
});

export interface ApplyEventRequest<TContext, TEvent extends EventObject = EventObject> {
  lifecycle: Lifecycle<TContext, TEvent>;
  id: number;
  event: TEvent;
  actor: Actor;
  /** Why, in words the customer or an auditor reads (a rejection's reason, a staff note). */
  reason?: string | null;
  /** The version the actor saw, when the client sent it: a stale view is a conflict. */
  expectedVersion?: number | null;
  /** Writes that belong to the same transition (a submission row, postings). */
  sideEffects?: (tx: Transaction, applied: AppliedTransition<TContext>) => Promise<void>;
  /** The time of the transition (the app's clock; the job runner's for scheduled events). */
  now?: Date;
  /**
   * The entity as the caller already has it in this transaction (e.g. the row it has just
   * inserted): saves the load's round trip. The write stays conditional on its version.
   */
  current?: LoadedLifecycle<TContext>;
}

export interface AppliedTransition<TContext> {
  from: string;
  to: string;
  context: TContext;
  version: number;
}

/**
 * The one way a lifecycle changes (ARCHITECTURE rule 1): load the row, ask the machine, refuse
 * with the state's code when the event is not accepted, then write the new state, the transition
 * record, the side effects and whatever the transition's subscribers write (scheduled jobs), in
 * one transaction. The write is conditional on the version read, so of two staff acting at once
 * exactly one wins; the other gets lifecycle.conflict. Refusals are domain `Refusal`s: a request
 * answers them with an HTTP status, a job records them.
 */
export async function applyEvent<TContext, TEvent extends EventObject>(
  db: Database | Transaction,
  request: ApplyEventRequest<TContext, TEvent>,
): Promise<AppliedTransition<TContext>> {
  const { lifecycle, id, event, actor } = request;
  const now = request.now ?? new Date();
  return db.transaction(async (tx) => {
    const current = request.current ?? (await lifecycle.storage.load(tx, id));
    if (current === null) throw new Refusal(lifecycle.notFound);
    if (request.expectedVersion != null && request.expectedVersion !== current.version) {
      throw new Refusal('lifecycle.conflict');
    }
    const decision = decide<TContext, TEvent>(lifecycle.definition.machine, current, event);
    if (!decision.accepted) throw new Refusal(decision.code);
    const next = { state: decision.to, context: decision.context };
    if (!(await lifecycle.storage.store(tx, id, current.version, next))) {
      throw new Refusal('lifecycle.conflict');
    }
    await tx.insert(lifecycleTransitions).values({
      entityType: lifecycle.type,
      entityId: String(id),
      fromState: decision.from,
      event: event.type,
      toState: decision.to,
      actorKind: actor.kind,
      actorId: actor.id,
      reason: request.reason ?? null,
      machineVersion: lifecycle.definition.version,
      createdAt: now,
    });
    const applied = { ...next, from: decision.from, to: decision.to, version: current.version + 1 };
    await request.sideEffects?.(tx, applied);
    await notifyTransition(tx, { lifecycle, id, event, actor, now, ...applied });
    return applied;
  });
}
