import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { EventObject } from 'xstate';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import type { CorporateActionDto, CorporateListDto } from '../../contract';
import type { Database } from '../../server/db/connect';
import { lifecycleJobs } from '../../server/db/schema';
import { applyEvent } from '../../server/lifecycle';
import type { Lifecycle } from '../../server/lifecycle';
import type { SendResult } from '../support/lifecycle-paths';
import { resultOfCall, sendClockEvent } from '../support/lifecycle-paths';
import { call, expectSuccess } from './api-helpers';
import { staffCall } from './identity-helpers';
import type { Trader } from './trade-helpers';

/** Corporate-action test helpers: an operator announces an action, a holder applies for rights. */

const MINUTE = 60_000;

export function dividendBody(now: number, fields: Record<string, unknown> = {}) {
  return {
    symbol: '005930',
    kind: 'dividend',
    recordAt: new Date(now + MINUTE).toISOString(),
    payAt: new Date(now + 10 * MINUTE).toISOString(),
    perShare: 361,
    ...fields,
  };
}

export function rightsBody(now: number, fields: Record<string, unknown> = {}) {
  return {
    symbol: '005930',
    kind: 'rights',
    recordAt: new Date(now + MINUTE).toISOString(),
    windowClosesAt: new Date(now + 5 * MINUTE).toISOString(),
    payAt: new Date(now + 10 * MINUTE).toISOString(),
    issuePrice: 40_000,
    ratioPpm: 200_000,
    ...fields,
  };
}

export async function announce(
  app: FastifyInstance,
  operatorToken: string,
  body: Record<string, unknown>,
): Promise<CorporateActionDto> {
  return expectSuccess<CorporateActionDto>(
    await staffCall(app, '/corporate/create', body, operatorToken),
  );
}

export function applyRights(
  app: FastifyInstance,
  trader: Trader,
  body: Record<string, unknown>,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return call(app, '/corporate/apply', body, {
    session: trader.session,
    headers: { 'idempotency-key': key },
  });
}

export async function corporateListOf(
  app: FastifyInstance,
  trader: Trader,
): Promise<CorporateListDto> {
  return expectSuccess<CorporateListDto>(
    await call(app, '/corporate/list', {}, { session: trader.session }),
  );
}

/**
 * A clock event for a corporate entity: the entity's job for it, run at its due time, when that
 * job is the next one the runner would run for the entity; else the engine as the system (nothing
 * scheduled it), which must refuse it and write nothing (the path harness's convention).
 */
export async function corporateClockEvent<TContext, TEvent extends EventObject>(
  db: Database,
  lifecycle: Lifecycle<TContext, TEvent>,
  id: number,
  event: TEvent,
): Promise<SendResult> {
  const [next] = await db
    .select({ eventType: lifecycleJobs.eventType })
    .from(lifecycleJobs)
    .where(
      and(
        eq(lifecycleJobs.entityType, lifecycle.type),
        eq(lifecycleJobs.entityId, String(id)),
        eq(lifecycleJobs.status, 'pending'),
      ),
    )
    .orderBy(asc(lifecycleJobs.runAt), asc(lifecycleJobs.id))
    .limit(1);
  if (next?.eventType === event.type) return sendClockEvent(db, lifecycle, id, event);
  return resultOfCall(() =>
    applyEvent(db, { lifecycle, id, event, actor: { kind: 'system', id: null } }),
  );
}

/** Path options: a blank reason never reaches the machine through the API (request.required). */
export const blankReasonUnsendable = <T extends string>(type: T) => ({
  extraEvents: [{ type, reason: '   ' }] as const,
  sendsAsIs: (event: EventObject & { reason?: unknown }): boolean =>
    event.type !== type || typeof event.reason !== 'string' || event.reason.trim() !== '',
});
