import { and, asc, eq } from 'drizzle-orm';
import type { SeatQueueDto, SeatStatusDto } from '../../../contract';
import type { SeatAccountContext, SeatAccountEvent } from '../../../machines/seat-account';
import { seatAccountMachine } from '../../../machines/seat-account';
import { initialPersisted } from '../../../machines/lifecycle';
import type { AppContext } from '../../app-context';
import type { Database } from '../../db/connect';
import { customers, seatAccounts } from '../../db/schema';
import { applyEvent, inState, seatAccountLifecycle, statusOf } from '../../lifecycle';
import { readSetting } from '../../settings';

/**
 * Seat accounts (docs/service.md): a customer applies, a reviewer approves or rejects with a
 * reason; an approved seat account's orders pay the seat commission (`seat.commission`, set in
 * the back office's settings) when it is below the product's.
 */

const start = initialPersisted<SeatAccountContext>(seatAccountMachine);
const PPM_PER_BASIS_POINT = 100;

/** The seat commission in millionths of the notional. */
export async function seatCommissionPpm(db: Database): Promise<number> {
  return (await readSetting(db, 'seat.commission')) * PPM_PER_BASIS_POINT;
}

/**
 * The commission a customer's order pays per leg: the product's, or the seat commission when
 * the customer is an approved seat account and it is lower.
 */
export async function commissionPpmFor(
  db: Database,
  customerId: number,
  productPpm: number,
): Promise<number> {
  const [seat] = await db
    .select({ id: seatAccounts.id })
    .from(seatAccounts)
    .where(and(eq(seatAccounts.customerId, customerId), inState(seatAccounts.state, 'approved')));
  if (!seat) return productPpm;
  return Math.min(productPpm, await seatCommissionPpm(db));
}

/** The customer's row, made (in the initial state) on first use; its id. */
export async function ensureSeatRow(db: Database, customerId: number): Promise<number> {
  await db.insert(seatAccounts).values({ customerId }).onConflictDoNothing();
  const [row] = await db
    .select({ id: seatAccounts.id })
    .from(seatAccounts)
    .where(eq(seatAccounts.customerId, customerId));
  if (!row) throw new Error('seat account row missing after insert');
  return row.id;
}

export async function seatStatus(maru: AppContext, customerId: number): Promise<SeatStatusDto> {
  const [row] = await maru.db
    .select()
    .from(seatAccounts)
    .where(eq(seatAccounts.customerId, customerId));
  const loaded = row ?? { state: start.state, context: start.context, version: 0 };
  return {
    ...statusOf(seatAccountLifecycle, loaded),
    rejectionReason: loaded.context.rejectionReason,
    commissionPpm: await seatCommissionPpm(maru.db),
  };
}

export async function applyForSeat(
  maru: AppContext,
  customerId: number,
): Promise<{ id: number; status: SeatStatusDto }> {
  const id = await ensureSeatRow(maru.db, customerId);
  const now = maru.clock.now();
  await applyEvent(maru.db, {
    lifecycle: seatAccountLifecycle,
    id,
    event: { type: 'seat.apply' },
    actor: { kind: 'customer', id: customerId },
    now,
    sideEffects: async (tx) => {
      await tx.update(seatAccounts).set({ updatedAt: now }).where(eq(seatAccounts.id, id));
    },
  });
  return { id, status: await seatStatus(maru, customerId) };
}

export async function seatQueue(maru: AppContext): Promise<SeatQueueDto> {
  const rows = await maru.db
    .select({
      seat: seatAccounts,
      account: customers.account,
      accountId: customers.accountId,
      kycState: customers.kycState,
    })
    .from(seatAccounts)
    .innerJoin(customers, eq(customers.id, seatAccounts.customerId))
    .where(inState(seatAccounts.state, 'pending'))
    .orderBy(asc(seatAccounts.updatedAt), asc(seatAccounts.id));
  return {
    rows: rows.map((r) => ({
      id: r.seat.id,
      customerId: r.seat.customerId,
      account: r.account,
      accountId: r.accountId,
      kycState: r.kycState,
      ...statusOf(seatAccountLifecycle, r.seat),
      updatedAt: r.seat.updatedAt.toISOString(),
    })),
    commissionPpm: await seatCommissionPpm(maru.db),
  };
}

export type SeatDecision =
  | { kind: 'approve'; id: number; version: number }
  | { kind: 'reject'; id: number; version: number; reason: string };

export async function decideSeat(
  maru: AppContext,
  staffId: number,
  decision: SeatDecision,
): Promise<SeatQueueDto> {
  const now = maru.clock.now();
  const event: SeatAccountEvent =
    decision.kind === 'approve'
      ? { type: 'review.approve' }
      : { type: 'review.reject', reason: decision.reason };
  await applyEvent(maru.db, {
    lifecycle: seatAccountLifecycle,
    // An unknown id is refused by the engine as seat.not_found.
    id: decision.id,
    event,
    actor: { kind: 'staff', id: staffId },
    reason: decision.kind === 'reject' ? decision.reason.trim() : null,
    expectedVersion: decision.version,
    now,
    sideEffects: async (tx) => {
      await tx.update(seatAccounts).set({ updatedAt: now }).where(eq(seatAccounts.id, decision.id));
    },
  });
  return seatQueue(maru);
}
