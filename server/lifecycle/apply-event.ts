import type { EventObject } from 'xstate';
import { decide } from '../../machines/decide';
import { isErrorCode } from '../../contract';
import type { Database, Transaction } from '../db/connect';
import { lifecycleTransitions } from '../db/schema';
import { ApiRefusal } from '../http/refusal';
import type { Actor, LifecycleEntity } from './types';

export interface ApplyEventRequest<TContext> {
  entity: LifecycleEntity<TContext>;
  id: number;
  event: EventObject;
  actor: Actor;
  /** Why, in words the customer or an auditor reads (a rejection's reason, a staff note). */
  reason?: string | null;
  /** The version the actor saw, when the client sent it: a stale view is a conflict. */
  expectedVersion?: number | null;
  /** Writes that belong to the same transition (a submission row, an audit record, postings). */
  sideEffects?: (tx: Transaction, applied: AppliedTransition<TContext>) => Promise<void>;
  now?: Date;
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
 * record and the side effects in one transaction. The write is conditional on the version read,
 * so of two staff acting at once exactly one wins; the other gets lifecycle.conflict (409).
 */
export async function applyEvent<TContext>(
  db: Database,
  request: ApplyEventRequest<TContext>,
): Promise<AppliedTransition<TContext>> {
  const { entity, id, event, actor } = request;
  return db.transaction(async (tx) => {
    const current = await entity.load(tx, id);
    if (current === null) throw new ApiRefusal(entity.notFound, {}, 404);
    if (request.expectedVersion != null && request.expectedVersion !== current.version) {
      throw new ApiRefusal('lifecycle.conflict', {}, 409);
    }
    const decision = decide<TContext, EventObject>(entity.machine, current, event);
    if (!decision.accepted) {
      throw new ApiRefusal(isErrorCode(decision.code) ? decision.code : 'lifecycle.not_allowed');
    }
    const next = { state: decision.to, context: decision.context };
    if (!(await entity.store(tx, id, current.version, next))) {
      throw new ApiRefusal('lifecycle.conflict', {}, 409);
    }
    await tx.insert(lifecycleTransitions).values({
      entityType: entity.type,
      entityId: String(id),
      fromState: decision.from,
      event: event.type,
      toState: decision.to,
      actorKind: actor.kind,
      actorId: actor.id,
      reason: request.reason ?? null,
      machineVersion: entity.machineVersion,
      createdAt: request.now ?? new Date(),
    });
    const applied = { ...next, from: decision.from, to: decision.to, version: current.version + 1 };
    await request.sideEffects?.(tx, applied);
    return applied;
  });
}
