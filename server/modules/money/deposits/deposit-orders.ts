import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Currency, FundOrderDto, FundRecordRowDto } from '../../../../contract';
import type { DepositEvent } from '../../../../machines/deposit';
import type { Database, Transaction } from '../../../db/connect';
import { deposits, lifecycleTransitions } from '../../../db/schema';
import { applyEvent, depositLifecycle, inState, statusOf } from '../../../lifecycle';
import type { Actor } from '../../../lifecycle';
import { customerAccountId, houseAccountId, postEntry } from '../../../ledger';
import type { FundOrderKindService, FundRecordSource } from '../fund-orders';
import { fundOrderHistory } from '../fund-orders';

export type DepositRow = typeof deposits.$inferSelect;

/** The order number customers and staff quote. */
export const depositOrderNo = (id: number) => `D${id}`;

/** When the deposit last changed: its latest transition, else its creation. */
const updatedAt = sql<
  Date | string
>`coalesce((select max(${lifecycleTransitions.createdAt}) from ${lifecycleTransitions} where ${lifecycleTransitions.entityType} = 'deposit' and ${lifecycleTransitions.entityId} = ${deposits.id}::text), ${deposits.createdAt})`;

export interface DepositRecord {
  row: DepositRow;
  updatedAt: Date;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/** The row's lifecycle columns as the engine reads them. */
export function lifecycleOfRow(row: DepositRow) {
  return { state: row.depositState, context: row.depositContext, version: row.depositVersion };
}

/** Deposits matching `where`, with when each last changed. */
export async function selectDeposits(
  db: Database | Transaction,
  where: ReturnType<typeof and>,
  options: { limit?: number; offset?: number; newestFirst?: boolean; forUpdate?: boolean } = {},
): Promise<DepositRecord[]> {
  const query = db
    .select({ row: deposits, updatedAt })
    .from(deposits)
    .where(where)
    .orderBy(options.newestFirst ? desc(deposits.id) : deposits.id)
    .limit(options.limit ?? 1000)
    .offset(options.offset ?? 0);
  const rows = await query;
  return rows.map((r) => ({ row: r.row, updatedAt: new Date(r.updatedAt) }));
}

export async function depositById(
  db: Database | Transaction,
  id: number,
  customerId?: number,
): Promise<DepositRecord | null> {
  const where =
    customerId === undefined
      ? eq(deposits.id, id)
      : and(eq(deposits.id, id), eq(deposits.customerId, customerId));
  const [found] = await selectDeposits(db, where);
  return found ?? null;
}

export function depositDto({ row, updatedAt: changed }: DepositRecord): FundOrderDto {
  return {
    id: row.id,
    kind: 'deposit',
    orderNo: depositOrderNo(row.id),
    currency: row.currency as Currency,
    amount: row.amount,
    ...statusOf(depositLifecycle, lifecycleOfRow(row)),
    reason: row.depositContext.rejectionReason,
    expectedArrival: null,
    destination: null,
    reference: null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: iso(changed),
  };
}

const open = (customerId: number) =>
  and(eq(deposits.customerId, customerId), inState(deposits.depositState, 'pending'));

/**
 * Applies a decision or the customer's cancel through the machine. An approval posts the credit
 * (house_bank −amount, the customer's available +amount) in the same transaction, keyed by the
 * deposit so it can never be posted twice.
 */
export async function applyDepositEvent(
  db: Database | Transaction,
  request: {
    id: number;
    event: DepositEvent;
    actor: Actor;
    expectedVersion?: number | null;
    now: Date;
  },
): Promise<void> {
  const { id, event, actor } = request;
  await applyEvent(db, {
    lifecycle: depositLifecycle,
    id,
    event,
    actor,
    reason: event.type === 'review.reject' ? event.reason.trim() : null,
    expectedVersion: request.expectedVersion ?? null,
    now: request.now,
    sideEffects: async (tx, applied) => {
      if (event.type !== 'review.approve' || applied.to !== 'credited') return;
      const [row] = await tx.select().from(deposits).where(eq(deposits.id, id));
      if (!row) throw new Error(`deposit ${id} vanished`);
      const currency = row.currency as Currency;
      const posted = await postEntry(tx, {
        kind: 'deposit',
        reason: `Deposit ${depositOrderNo(id)}`,
        actor: actor.kind === 'staff' ? `staff:${actor.id}` : 'system',
        idempotencyScope: 'deposit',
        idempotencyKey: `credit:${id}`,
        postings: [
          { accountId: await houseAccountId(tx, currency, 'house_bank'), amount: -row.amount },
          {
            accountId: await customerAccountId(tx, row.customerId, currency, 'available'),
            amount: row.amount,
          },
        ],
      });
      await tx.update(deposits).set({ entryId: posted.entryId }).where(eq(deposits.id, id));
    },
  });
}

/** Deposits as a kind of fund order (server/modules/money/fund-orders.ts). */
export const depositOrders: FundOrderKindService = {
  kind: 'deposit',
  async customerOf(db, id) {
    const [row] = await db
      .select({ customerId: deposits.customerId })
      .from(deposits)
      .where(eq(deposits.id, id));
    return row?.customerId ?? null;
  },
  async detail(db, customerId, id) {
    const found = await depositById(db, id, customerId);
    if (found === null) return null;
    return { order: depositDto(found), history: await fundOrderHistory(db, 'deposit', id) };
  },
  async cancel(maru, customerId, id) {
    const found = await depositById(maru.db, id, customerId);
    if (found === null) return null;
    await applyDepositEvent(maru.db, {
      id,
      event: { type: 'deposit.cancel' },
      actor: { kind: 'customer', id: customerId },
      now: maru.clock.now(),
    });
    const after = await depositById(maru.db, id, customerId);
    if (after === null) throw new Error(`deposit ${id} vanished`);
    return depositDto(after);
  },
  async countOpen(db, customerId) {
    const [counted] = await db.select({ n: count() }).from(deposits).where(open(customerId));
    return counted?.n ?? 0;
  },
  async openOrderId(db, customerId) {
    const [row] = await db.select({ id: deposits.id }).from(deposits).where(open(customerId));
    return row?.id ?? null;
  },
};

/** The records' "recharge" tab: the customer's deposits, newest first. */
export const depositRecords: FundRecordSource = {
  type: 'recharge',
  async page(db, customerId, paging) {
    const mine = eq(deposits.customerId, customerId);
    const [counted] = await db.select({ n: count() }).from(deposits).where(mine);
    const rows = await selectDeposits(db, mine, {
      newestFirst: true,
      limit: paging.pageSize,
      offset: (paging.page - 1) * paging.pageSize,
    });
    const items: FundRecordRowDto[] = rows.map(({ row }) => ({
      id: row.id,
      type: 'recharge',
      orderNo: depositOrderNo(row.id),
      time: row.createdAt.toISOString(),
      state: row.depositState,
      amount: row.amount,
      currency: row.currency as Currency,
      counterAmount: null,
      counterCurrency: null,
      reason: row.depositContext.rejectionReason,
    }));
    return { items, total: counted?.n ?? 0 };
  },
};
