import { and, asc, eq } from 'drizzle-orm';
import { allotPlacement } from '../../../contract/placement-rules';
import type { Transaction } from '../../db/connect';
import { placementApplications, placements } from '../../db/schema';
import type { TransitionNotice } from '../../lifecycle';
import { applyEvent, placementApplicationLifecycle } from '../../lifecycle';
import { releaseFunds, stillHeld } from '../trade/holds';
import { placementHoldRef } from './placement-ledger';

/**
 * What a placement's close and an application's end do, inside the transition's transaction
 * (a job's): the close allots every application by the published rule
 * (contract/placement-rules.ts) and releases what the allotted shares do not need; an application
 * that got nothing, or whose payment deadline passed, gets its whole hold back.
 */

const SYSTEM = { kind: 'system', id: null } as const;

/** Allots every application of a placement that just ended, earliest first. */
async function allot(tx: Transaction, placementId: number, now: Date): Promise<void> {
  const [placement] = await tx.select().from(placements).where(eq(placements.id, placementId));
  if (!placement) return;
  const rows = await tx
    .select()
    .from(placementApplications)
    .where(
      and(
        eq(placementApplications.placementId, placementId),
        eq(placementApplications.state, 'applied'),
      ),
    )
    .orderBy(asc(placementApplications.createdAt), asc(placementApplications.id));
  const allotted = allotPlacement(placement.tiers, placement.sharesOffered, rows);
  for (const row of rows) {
    const shares = allotted.get(row.id) ?? 0;
    await applyEvent(tx, {
      lifecycle: placementApplicationLifecycle,
      id: row.id,
      event: { type: 'allotment', shares, at: now.toISOString() },
      actor: SYSTEM,
      current: row,
      now,
      sideEffects: async (inner) => {
        const ref = placementHoldRef(row);
        // An allotment keeps as much of the deposit as its shares cost, up to the whole deposit;
        // nothing allotted keeps nothing (the subscriber below sees `rejected`).
        if (shares === 0) return;
        const keep = Math.min(row.deposit, shares * row.price);
        await releaseFunds(inner, ref, (await stillHeld(inner, ref)) - keep, 'system');
      },
    });
  }
}

/** Gives an application's whole hold back (rejected, or cancelled at the payment deadline). */
async function releaseAll(tx: Transaction, id: number): Promise<void> {
  const [row] = await tx
    .select()
    .from(placementApplications)
    .where(eq(placementApplications.id, id));
  if (!row) return;
  const ref = placementHoldRef(row);
  await releaseFunds(tx, ref, await stillHeld(tx, ref), 'system');
}

/** A transition subscriber (server/lifecycle/subscribers.ts), subscribed once by the module. */
export async function onPlacementTransition(
  tx: Transaction,
  notice: TransitionNotice,
): Promise<void> {
  const type = notice.lifecycle.type;
  if (type === 'placement' && notice.to === 'ended') await allot(tx, notice.id, notice.now);
  if (type === 'placementApplication' && (notice.to === 'rejected' || notice.to === 'cancelled')) {
    await releaseAll(tx, notice.id);
  }
}
