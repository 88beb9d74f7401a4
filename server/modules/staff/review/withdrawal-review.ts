import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Currency, FundCaseDto, FundQueueItemDto } from '../../../../contract';
import { statePaths } from '../../../../machines/lifecycle';
import { isInState } from '../../../../machines/state-value';
import type { WithdrawalEvent } from '../../../../machines/withdrawal';
import { withdrawalMachine } from '../../../../machines/withdrawal';
import type { AppContext } from '../../../app-context';
import type { Database } from '../../../db/connect';
import {
  bankCards,
  customers,
  kycSubmissions,
  staffAccounts,
  wallets,
  withdrawals,
} from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';
import { applyEvent, inState, transitionsOf, withdrawalLifecycle } from '../../../lifecycle';
import { Refusal } from '../../../refusal';
import { readSetting } from '../../../settings';
import { cardKeys, openCardNumber } from '../../money/card-number';
import { toWon } from '../../money/fund-limits';
import { arrivalAfterApproval } from '../../money/withdrawal-arrival';
import type { WithdrawalRow } from '../../money/withdrawals';
import { moveHeld, orderNoOf, toFundOrderDto, withdrawalById } from '../../money/withdrawals';

/**
 * The back office's withdrawal desk (docs/money.md "Withdrawals"): the queue, a case with where
 * to pay, approve (two different staff members above `fund.fourEyesAbove`), reject (the hold is
 * released) and paid (held → house_bank). Every decision goes through the lifecycle engine, and
 * its postings commit in the transition's transaction.
 */

const STATE_PATHS = new Set(statePaths(withdrawalMachine));
const OVERDUE = 'pending.overdue';

/** Above the threshold (in won at today's rate), two different staff members must approve. */
async function needsTwoApprovals(maru: AppContext, row: WithdrawalRow): Promise<boolean> {
  const above = await readSetting(maru.db, 'fund.fourEyesAbove');
  return toWon(maru, row.currency as Currency, row.amount) > above;
}

async function queueItem(maru: AppContext, row: WithdrawalRow): Promise<FundQueueItemDto> {
  const { db } = maru;
  const [customer] = await db
    .select({ account: customers.account, accountId: customers.accountId })
    .from(customers)
    .where(eq(customers.id, row.customerId));
  const [submission] = await db
    .select({ realName: kycSubmissions.realName })
    .from(kycSubmissions)
    .where(eq(kycSubmissions.customerId, row.customerId))
    .orderBy(desc(kycSubmissions.id))
    .limit(1);
  const order = toFundOrderDto(row);
  return {
    id: row.id,
    orderNo: order.orderNo,
    customerId: row.customerId,
    account: customer?.account ?? '',
    accountId: customer?.accountId ?? '',
    realName: submission?.realName ?? null,
    currency: order.currency,
    amount: row.amount,
    amountKrw: toWon(maru, row.currency as Currency, row.amount),
    state: order.state,
    version: order.version,
    accepts: order.accepts,
    overdue: isInState(row.state, OVERDUE),
    needsTwoApprovals: await needsTwoApprovals(maru, row),
    approvals: await approvalsOf(db, row),
    destination: order.destination,
    voucherId: null,
    reason: row.context.rejectionReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Who approved and when, from the transition records of the approvals in the context. */
async function approvalsOf(db: Database, row: WithdrawalRow) {
  if (row.context.approvals.length === 0) return [];
  const records = (await transitionsOf(db, 'withdrawal', row.id)).filter(
    (r) => r.event === 'review.approve' && r.actorId !== null,
  );
  const ids = records.map((r) => r.actorId as number);
  const names = await db
    .select({ id: staffAccounts.id, account: staffAccounts.account })
    .from(staffAccounts)
    .where(inArray(staffAccounts.id, ids.length > 0 ? ids : [0]));
  return records.map((r) => ({
    staff: names.find((n) => n.id === r.actorId)?.account ?? String(r.actorId),
    at: r.createdAt.toISOString(),
  }));
}

export async function withdrawalQueue(
  maru: AppContext,
  filter: { state?: string | null; overdueOnly?: boolean | null; page: number; pageSize: number },
) {
  const { db } = maru;
  const state = filter.overdueOnly ? OVERDUE : (filter.state ?? 'pending');
  if (!STATE_PATHS.has(state)) throw new Refusal('request.invalid', { field: 'state' });
  const where: SQL = inState(withdrawals.state, state);
  const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
  const rows = await db
    .select()
    .from(withdrawals)
    .where(where)
    .orderBy(
      sql`case when ${inState(withdrawals.state, OVERDUE)} then 0 else 1 end`,
      asc(withdrawals.createdAt),
      asc(withdrawals.id),
    )
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const items: FundQueueItemDto[] = [];
  for (const row of rows) items.push(await queueItem(maru, row));
  return { items, page: filter.page, pageSize: filter.pageSize, total: total?.n ?? 0 };
}

async function requireWithdrawal(db: Database, id: number): Promise<WithdrawalRow> {
  const row = await withdrawalById(db, id);
  if (!row) throw new ApiRefusal('withdrawal.not_found', { field: 'id' }, 404);
  return row;
}

/** The case: the item, where to pay (the whole card number or the wallet address), history. */
export async function withdrawalCase(maru: AppContext, id: number): Promise<FundCaseDto> {
  const { db } = maru;
  const row = await requireWithdrawal(db, id);
  let payTo: string | null = null;
  if (row.cardId !== null) {
    const [card] = await db.select().from(bankCards).where(eq(bankCards.id, row.cardId));
    if (card) {
      const digits = openCardNumber(cardKeys(maru.uploads), card.numberHash, card.numberSealed);
      payTo = `${card.bank} ${card.branch} (${card.bankCode}) ${digits} ${card.holder}`;
    }
  } else if (row.walletId !== null) {
    const [wallet] = await db.select().from(wallets).where(eq(wallets.id, row.walletId));
    if (wallet) payTo = `${wallet.type} ${wallet.address}`;
  }
  const recent = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.customerId, row.customerId))
    .orderBy(desc(withdrawals.id))
    .limit(10);
  return {
    item: await queueItem(maru, row),
    voucher: null,
    payTo,
    recent: recent.map(toFundOrderDto),
  };
}

export type WithdrawalDecision =
  | { kind: 'approve'; id: number; version: number }
  | { kind: 'reject'; id: number; version: number; reason: string }
  | { kind: 'paid'; id: number; version: number; reference: string };

/** One staff decision through the engine, with its postings in the same transaction. */
export async function decideWithdrawal(
  maru: AppContext,
  staffId: number,
  decision: WithdrawalDecision,
): Promise<FundQueueItemDto> {
  const { db } = maru;
  const now = maru.clock.now();
  const row = await requireWithdrawal(db, decision.id);
  const event: WithdrawalEvent =
    decision.kind === 'approve'
      ? {
          type: 'review.approve',
          staffId,
          fourEyes: await needsTwoApprovals(maru, row),
        }
      : decision.kind === 'reject'
        ? { type: 'review.reject', reason: decision.reason }
        : { type: 'payout.paid', reference: decision.reference };
  await applyEvent(db, {
    lifecycle: withdrawalLifecycle,
    id: row.id,
    event,
    actor: { kind: 'staff', id: staffId },
    reason: decision.kind === 'reject' ? decision.reason.trim() : null,
    expectedVersion: decision.version,
    now,
    sideEffects: async (tx, applied) => {
      const actor = `staff:${staffId}`;
      const changes: Partial<WithdrawalRow> = { updatedAt: now };
      if (decision.kind === 'approve' && applied.to === 'approved') {
        changes.expectedArrival = arrivalAfterApproval(now, row.expectedArrival);
      }
      if (decision.kind === 'reject') await moveHeld(tx, row, 'release', actor);
      if (decision.kind === 'paid') await moveHeld(tx, row, 'pay', actor);
      await tx
        .update(withdrawals)
        .set(changes)
        .where(and(eq(withdrawals.id, row.id)));
    },
  });
  return queueItem(maru, (await withdrawalById(db, row.id)) as WithdrawalRow);
}

export { orderNoOf };
