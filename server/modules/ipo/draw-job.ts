import { createHash } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { IpoDrawDto } from '../../../contract';
import { drawAllocation, IPO_DRAW_RULE } from '../../../contract/ipo-draw';
import type { Database, Transaction } from '../../db/connect';
import { ipoDraws, ipoOfferings, ipoSubscriptions } from '../../db/schema';
import { applyEvent, subscriptionLifecycle } from '../../lifecycle';
import { registerJobHandler, scheduleJob } from '../../lifecycle/jobs';
import { Refusal } from '../../refusal';
import type { DrawRow, OfferingRow } from './offering-rows';

/**
 * The draw (docs/ipo.md "The draw"): one job per offering at its draw time. It closes any
 * subscription the window-close job has not reached, runs the published rule
 * (contract/ipo-draw.ts) over every subscription of the offering, stores the published draw
 * (inputs under hashed ids, every allocation) and sends each subscription its `draw.result`,
 * all in the job's one transaction: a draw is published whole or not at all. Nobody chooses.
 */

/** The job's entity type (not a lifecycle: the runner calls the handler registered below). */
export const DRAW_JOB_ENTITY = 'ipoOffering';
export const DRAW_JOB_EVENT = 'ipo.draw';

/**
 * A subscription's id in the published draw: hex SHA-256 of `${offeringId}:${subscriptionId}:
 * ${seed}`. Each subscription is one entry (an account subscribing twice has two). The seed in
 * it keeps ids unlinkable before the seed is published, and lets anyone holding their
 * subscription number find their own line afterwards.
 */
export function hashedSubscriptionId(offeringId: number, subscriptionId: number, seed: string) {
  return createHash('sha256')
    .update(`${offeringId}:${subscriptionId}:${seed}`, 'utf8')
    .digest('hex');
}

/** Writes the offering's draw job (at publish; the schedule cannot change after). */
export function scheduleDraw(
  db: Database | Transaction,
  offering: Pick<OfferingRow, 'id' | 'drawAt'>,
  now: Date,
): Promise<boolean> {
  return scheduleJob(
    db,
    {
      entityType: DRAW_JOB_ENTITY,
      entityId: offering.id,
      event: { type: DRAW_JOB_EVENT },
      dueAt: offering.drawAt,
    },
    now,
  );
}

const SYSTEM = { kind: 'system' as const, id: null };

/** Runs the draw of an offering as of `now`. Refused (`ipo.already_drawn`) when it has run. */
export async function runDraw(tx: Transaction, offeringId: number, now: Date): Promise<DrawRow> {
  const [offering] = await tx
    .select()
    .from(ipoOfferings)
    .where(eq(ipoOfferings.id, offeringId))
    .for('update');
  if (!offering || offering.publication !== 'published' || offering.seed === null) {
    throw new Refusal('ipo.not_found');
  }
  const [existing] = await tx.select().from(ipoDraws).where(eq(ipoDraws.offeringId, offeringId));
  if (existing) throw new Refusal('ipo.already_drawn');
  // A job written for an earlier draw time finds the draw not due yet and ends skipped.
  if (now.getTime() < offering.drawAt.getTime()) throw new Refusal('ipo.not_drawn_yet');
  const seed = offering.seed;

  // A subscription the window's close has not reached yet (its job failed or is behind) is
  // closed here first, so every subscription made in the window is in the draw.
  const open = await tx
    .select({ id: ipoSubscriptions.id })
    .from(ipoSubscriptions)
    .where(
      and(eq(ipoSubscriptions.offeringId, offeringId), eq(ipoSubscriptions.state, 'subscribing')),
    );
  for (const s of open) {
    await applyEvent(tx, {
      lifecycle: subscriptionLifecycle,
      id: s.id,
      event: { type: 'window.close' },
      actor: SYSTEM,
      now,
    });
  }

  const subs = await tx
    .select({ id: ipoSubscriptions.id, shares: ipoSubscriptions.shares })
    .from(ipoSubscriptions)
    .where(
      and(eq(ipoSubscriptions.offeringId, offeringId), eq(ipoSubscriptions.state, 'awaitingDraw')),
    )
    .orderBy(asc(ipoSubscriptions.id));
  const hashed = subs.map((s) => ({
    subscriptionId: s.id,
    id: hashedSubscriptionId(offeringId, s.id, seed),
    shares: s.shares,
  }));
  const result = drawAllocation({
    seed,
    sharesOffered: offering.sharesOffered,
    minShares: offering.minShares,
    equalShareBps: offering.equalShareBps,
    subscriptions: hashed.map(({ id, shares }) => ({ id, shares })),
  });
  const [draw] = await tx
    .insert(ipoDraws)
    .values({
      offeringId,
      rule: IPO_DRAW_RULE,
      seed,
      seedHash: offering.seedHash ?? '',
      sharesOffered: offering.sharesOffered,
      minShares: offering.minShares,
      equalShareBps: offering.equalShareBps,
      inputs: result.allocations.map((a) => ({ id: a.id, shares: a.applied })),
      allocations: result.allocations.map((a) => ({
        id: a.id,
        applied: a.applied,
        equal: a.equal,
        proportional: a.proportional,
        total: a.total,
      })),
      drawnAt: now,
    })
    .returning();
  if (!draw) throw new Error('draw insert returned no row');

  const totalOf = new Map(result.allocations.map((a) => [a.id, a.total]));
  const at = now.toISOString();
  for (const h of hashed) {
    await applyEvent(tx, {
      lifecycle: subscriptionLifecycle,
      id: h.subscriptionId,
      event: { type: 'draw.result', shares: totalOf.get(h.id) ?? 0, at },
      actor: SYSTEM,
      now,
    });
  }
  return draw;
}

registerJobHandler(DRAW_JOB_ENTITY, async (tx, job) => {
  const id = Number(job.entityId);
  if (!Number.isSafeInteger(id)) throw new Error(`offering id "${job.entityId}" is not a number`);
  await runDraw(tx, id, job.now);
});

/** The published draw as `/ipo/draw` answers it; `mine` lists the asker's hashed ids. */
export function drawDto(draw: DrawRow, mine: readonly number[]): IpoDrawDto {
  return {
    offeringId: draw.offeringId,
    rule: draw.rule,
    seed: draw.seed,
    seedHash: draw.seedHash,
    sharesOffered: draw.sharesOffered,
    minShares: draw.minShares,
    equalShareBps: draw.equalShareBps,
    drawnAt: draw.drawnAt.toISOString(),
    inputs: draw.inputs,
    allocations: draw.allocations,
    mine: mine.map((id) => hashedSubscriptionId(draw.offeringId, id, draw.seed)).sort(),
  };
}
