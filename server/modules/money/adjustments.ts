import { and, count, desc, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AdjustmentDto, Currency } from '../../../contract';
import type { Database } from '../../db/connect';
import { balanceAdjustments, customers, staffAccounts } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import { LedgerError, customerAccountId, houseAccountId, postEntry } from '../../ledger';
import { ADJUSTMENT_ENTRY_KIND } from './trade-records';

/**
 * Manual balance adjustments (back office): one staff member proposes a signed amount with a
 * reason, another approves or rejects it (four eyes; the same member is four_eyes.same_staff).
 * Approval posts one journal entry, house_suspense ↔ the customer's available, with the reason;
 * a debit the customer's available cannot cover is money.insufficient and the proposal stays
 * pending. The entry shows on the customer's 'trade' records tab.
 */

type AdjustmentState = AdjustmentDto['state'];

async function readAdjustments(
  db: Database,
  where: SQL | undefined,
  paging: { limit: number; offset: number } = { limit: 1, offset: 0 },
): Promise<AdjustmentDto[]> {
  const rows = await db
    .select({ ...getTableColumns(balanceAdjustments), account: customers.account })
    .from(balanceAdjustments)
    .innerJoin(customers, eq(customers.id, balanceAdjustments.customerId))
    .where(where)
    .orderBy(desc(balanceAdjustments.id))
    .limit(paging.limit)
    .offset(paging.offset);
  const staffIds = [
    ...new Set(
      rows.flatMap((r) => (r.decidedBy === null ? [r.proposedBy] : [r.proposedBy, r.decidedBy])),
    ),
  ];
  const names = new Map(
    staffIds.length === 0
      ? []
      : (
          await db
            .select({ id: staffAccounts.id, account: staffAccounts.account })
            .from(staffAccounts)
            .where(inArray(staffAccounts.id, staffIds))
        ).map((s) => [s.id, s.account] as const),
  );
  return rows.map((row) => ({
    id: row.id,
    customerId: row.customerId,
    account: row.account,
    currency: row.currency as Currency,
    amount: row.amount,
    reason: row.reason,
    state: row.decision,
    proposedBy: names.get(row.proposedBy) ?? '',
    proposedAt: row.proposedAt.toISOString(),
    decidedBy: row.decidedBy === null ? null : (names.get(row.decidedBy) ?? ''),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    entryId: row.entryId ?? null,
  }));
}

async function adjustmentById(db: Database, id: number): Promise<AdjustmentDto> {
  const [item] = await readAdjustments(db, eq(balanceAdjustments.id, id));
  if (!item) throw new ApiRefusal('proposal.not_found', { field: 'id' });
  return item;
}

export async function proposeAdjustment(
  db: Database,
  staffId: number,
  body: { customerId: number; currency: Currency; amount: number; reason: string },
  now: Date,
): Promise<AdjustmentDto> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, body.customerId));
  if (!customer) throw new ApiRefusal('account.not_found', { field: 'customerId' }, 404);
  const [row] = await db
    .insert(balanceAdjustments)
    .values({
      customerId: body.customerId,
      currency: body.currency,
      amount: body.amount,
      reason: body.reason.trim(),
      proposedBy: staffId,
      proposedAt: now,
    })
    .returning({ id: balanceAdjustments.id });
  if (!row) throw new Error('adjustment insert returned no row');
  return adjustmentById(db, row.id);
}

export async function listAdjustments(
  db: Database,
  body: { state?: AdjustmentState | null; page: number; pageSize: number },
): Promise<{ items: AdjustmentDto[]; page: number; pageSize: number; total: number }> {
  const where = body.state ? eq(balanceAdjustments.decision, body.state) : undefined;
  const items = await readAdjustments(db, where, {
    limit: body.pageSize,
    offset: (body.page - 1) * body.pageSize,
  });
  const [counted] = await db.select({ n: count() }).from(balanceAdjustments).where(where);
  return { items, page: body.page, pageSize: body.pageSize, total: counted?.n ?? 0 };
}

/**
 * Decides a pending adjustment. The row is locked first, so two decisions at once are
 * serialised and the second finds it decided (proposal.not_pending).
 */
export async function decideAdjustment(
  db: Database,
  staffId: number,
  body: { id: number; approve: boolean },
  now: Date,
): Promise<AdjustmentDto> {
  const [row] = await db
    .select()
    .from(balanceAdjustments)
    .where(eq(balanceAdjustments.id, body.id))
    .for('update');
  if (!row) throw new ApiRefusal('proposal.not_found', { field: 'id' });
  if (row.decision !== 'pending') throw new ApiRefusal('proposal.not_pending', { field: 'id' });
  if (row.proposedBy === staffId) throw new ApiRefusal('four_eyes.same_staff');
  let entryId: number | null = null;
  if (body.approve) {
    const currency = row.currency as Currency;
    const available = await customerAccountId(db, row.customerId, currency, 'available');
    const suspense = await houseAccountId(db, currency, 'house_suspense');
    try {
      ({ entryId } = await postEntry(db, {
        kind: ADJUSTMENT_ENTRY_KIND,
        reason: row.reason,
        actor: `staff:${staffId}`,
        postings: [
          { accountId: suspense, amount: -row.amount },
          { accountId: available, amount: row.amount },
        ],
      }));
    } catch (error) {
      if (error instanceof LedgerError && error.reason === 'insufficient_funds') {
        throw new ApiRefusal('money.insufficient');
      }
      throw error;
    }
  }
  await db
    .update(balanceAdjustments)
    .set({
      decision: body.approve ? 'approved' : 'rejected',
      decidedBy: staffId,
      decidedAt: now,
      entryId,
    })
    .where(and(eq(balanceAdjustments.id, row.id), eq(balanceAdjustments.decision, 'pending')));
  return adjustmentById(db, row.id);
}
