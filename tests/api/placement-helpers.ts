import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import type { EventObject } from 'xstate';
import type { StaffOfferingsDto } from '../../contract/schemas/placement';
import type { Database } from '../../server/db/connect';
import { lifecycleJobs } from '../../server/db/schema';
import { applyEvent } from '../../server/lifecycle';
import type { Lifecycle } from '../../server/lifecycle';
import { runDueJobs } from '../../server/lifecycle/jobs';
import type { SendResult } from '../support/lifecycle-paths';
import { resultOfCall } from '../support/lifecycle-paths';
import { call, expectSuccess } from './api-helpers';
import { staffCall } from './identity-helpers';
import type { Trader } from './trade-helpers';

/** Placement and auction test helpers: staff set one up and publish it, the clock opens it. */

export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;

export type StaffPlacement = StaffOfferingsDto['placements'][number];
export type StaffAuction = StaffOfferingsDto['auctions'][number];

/** A draft placement (not published): the newest in the answer. */
export async function draftPlacement(
  app: FastifyInstance,
  token: string,
  now: number,
  fields: Record<string, unknown> = {},
): Promise<StaffPlacement> {
  const answer = expectSuccess<StaffOfferingsDto>(
    await staffCall(
      app,
      '/offerings/placement/save',
      {
        symbol: '005930',
        price: 10_000,
        sharesOffered: 1_000,
        tiers: [
          { minShares: 10, allotPct: 50 },
          { minShares: 100, allotPct: 100 },
        ],
        depositPct: 50,
        paymentHours: 48,
        opensAt: new Date(now - 60_000).toISOString(),
        closesAt: new Date(now + DAY).toISOString(),
        ...fields,
      },
      token,
    ),
  );
  const row = answer.placements[0];
  if (!row) throw new Error('no placement in the answer');
  return row;
}

export async function draftAuction(
  app: FastifyInstance,
  token: string,
  now: number,
  fields: Record<string, unknown> = {},
): Promise<StaffAuction> {
  const answer = expectSuccess<StaffOfferingsDto>(
    await staffCall(
      app,
      '/offerings/auction/save',
      {
        symbol: '005930',
        sharesOffered: 100,
        reservePrice: 10_000,
        minShares: 10,
        opensAt: new Date(now - 60_000).toISOString(),
        closesAt: new Date(now + DAY).toISOString(),
        ...fields,
      },
      token,
    ),
  );
  const row = answer.auctions[0];
  if (!row) throw new Error('no auction in the answer');
  return row;
}

/**
 * A clock event of one entity sent the way the system sends it: its pending job for exactly this
 * event is run at its due time; with none pending the engine gets the event as the system (and
 * must refuse it). Unlike the shared sender it picks the job by event, as a window has two.
 */
export async function runClockEvent<TContext, TEvent extends EventObject>(
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
        sql`${lifecycleJobs.event} ->> 'type' = ${event.type}`,
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

/** Runs every due job of one entity (a window opening whose time has come). */
export async function runJobsOf(db: Database, type: string, id: number, now: number) {
  await runDueJobs(db, { now: new Date(now), entity: { type, id: String(id) } });
}

export function applyPlacement(
  app: FastifyInstance,
  trader: Trader,
  body: Record<string, unknown>,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return call(app, '/placement/apply', body, {
    session: trader.session,
    headers: { 'idempotency-key': key },
  });
}

export function payPlacement(
  app: FastifyInstance,
  trader: Trader,
  id: number,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return call(
    app,
    '/placement/pay',
    { id },
    {
      session: trader.session,
      headers: { 'idempotency-key': key },
    },
  );
}

export function bid(
  app: FastifyInstance,
  trader: Trader,
  body: Record<string, unknown>,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return call(app, '/auction/bid', body, {
    session: trader.session,
    headers: { 'idempotency-key': key },
  });
}
