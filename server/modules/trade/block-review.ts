import { asc, eq } from 'drizzle-orm';
import type { BlockApplicationEvent } from '../../../machines/block-application';
import type { InferType } from 'yup';
import type { blockQueueResponse } from '../../../contract/schemas/trade';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/connect';
import { blockApplications, blockOfferings, customers } from '../../db/schema';
import { applyEvent, blockApplicationLifecycle, statusOf } from '../../lifecycle';
import { applicationDto } from './block-applications';
import type { ApplicationRow } from './block-applications';
import { blockHoldRef } from './block-ledger';
import { heldBy, releaseHeld } from './holds';
import { listOfferings, offeringById } from './block-offerings';
import { openFilledPosition } from './filled-position';

/**
 * The back office's block-trade desk: the applications under review and the offerings; approve
 * (the application becomes a position at the offering price, in the decision's transaction) or
 * reject with a reason (the hold is released). Staff never change a price or an amount.
 */

export type BlockQueueDto = InferType<typeof blockQueueResponse>;

export async function blockQueue(maru: AppContext): Promise<BlockQueueDto> {
  const rows = await maru.db
    .select({
      application: blockApplications,
      symbol: blockOfferings.symbol,
      account: customers.account,
    })
    .from(blockApplications)
    .innerJoin(blockOfferings, eq(blockOfferings.id, blockApplications.offeringId))
    .innerJoin(customers, eq(customers.id, blockApplications.customerId))
    .where(eq(blockApplications.state, 'pending'))
    .orderBy(asc(blockApplications.createdAt), asc(blockApplications.id));
  return {
    rows: rows.map((r) => {
      const dto = applicationDto(r.application, r.symbol, maru.feed);
      return {
        id: dto.id,
        offeringId: dto.offeringId,
        customerId: r.application.customerId,
        account: r.account,
        symbol: dto.symbol,
        name: dto.name,
        price: dto.price,
        shares: dto.shares,
        amount: dto.amount,
        ...statusOf(blockApplicationLifecycle, r.application),
        createdAt: dto.createdAt,
      };
    }),
    offerings: await listOfferings(maru),
  };
}

export type BlockDecision =
  | { kind: 'approve'; id: number; version: number }
  | { kind: 'reject'; id: number; version: number; reason: string };

async function applicationById(db: Database, id: number): Promise<ApplicationRow | null> {
  const [row] = await db.select().from(blockApplications).where(eq(blockApplications.id, id));
  return row ?? null;
}

/**
 * The position an approved application becomes: an order of the block product filled at the
 * offering price at once, its margin and fee exactly what applying held.
 */
async function openPosition(maru: AppContext, tx: Database, row: ApplicationRow): Promise<number> {
  const offering = await offeringById(tx, row.offeringId);
  const held = await heldBy(tx, blockHoldRef(row));
  // Bought outright (leverage 1, a long pays no tax on opening): the margin is the notional and
  // the rest of the hold is the commission computed when applying.
  return openFilledPosition(tx, {
    customerId: row.customerId,
    product: 'block',
    symbol: offering.symbol,
    market: maru.feed.instrument(offering.symbol)?.market ?? 'KOSPI',
    price: row.price,
    shares: row.shares,
    openFee: held - row.amount,
    demo: maru.feed.session().demo,
    now: maru.clock.now(),
  });
}

/** One staff decision through the machine, with its money in the same transaction. */
export async function decideBlock(
  maru: AppContext,
  staffId: number,
  decision: BlockDecision,
): Promise<BlockQueueDto> {
  const { db } = maru;
  const now = maru.clock.now();
  const row = await applicationById(db, decision.id);
  const event: BlockApplicationEvent =
    decision.kind === 'approve'
      ? { type: 'review.approve' }
      : { type: 'review.reject', reason: decision.reason };
  await applyEvent(db, {
    lifecycle: blockApplicationLifecycle,
    // An unknown id is refused by the engine as block.not_found.
    id: decision.id,
    event,
    actor: { kind: 'staff', id: staffId },
    reason: decision.kind === 'reject' ? decision.reason.trim() : null,
    expectedVersion: decision.version,
    now,
    sideEffects: async (tx) => {
      if (!row) return;
      const changes: Partial<ApplicationRow> = { updatedAt: now };
      if (decision.kind === 'approve') changes.orderId = await openPosition(maru, tx, row);
      else await releaseHeld(tx, blockHoldRef(row), `staff:${staffId}`);
      await tx.update(blockApplications).set(changes).where(eq(blockApplications.id, row.id));
    },
  });
  return blockQueue(maru);
}
