import { and, count, eq, inArray } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Currency, FundCaseDto, FundQueueItemDto } from '../../../../contract';
import { depositMachine } from '../../../../machines/deposit';
import { statePaths } from '../../../../machines/lifecycle';
import { isInState } from '../../../../machines/state-value';
import type { AppContext } from '../../../app-context';
import { customers, deposits } from '../../../db/schema';
import { ApiRefusal } from '../../../http/refusal';
import { depositLifecycle, inState, statusOf } from '../../../lifecycle';
import { Refusal } from '../../../refusal';
import { latestSubmission } from '../../kyc/status';
import { toWon } from '../fund-limits';
import type { DepositRecord } from './deposit-orders';
import {
  applyDepositEvent,
  depositById,
  depositDto,
  depositOrderNo,
  lifecycleOfRow,
  selectDeposits,
} from './deposit-orders';
import { voucherDataUrl } from './voucher';

const STATE_PATHS = new Set(statePaths(depositMachine));
/** Flagged by the service-time job. */
const OVERDUE = 'pending.overdue';
/** How many of the customer's latest fund orders a case shows. */
const RECENT = 10;

/** The amount in won at today's rate; 0 when the feed has no rate for the currency. */
function wonOf(maru: Pick<AppContext, 'feed'>, currency: Currency, amount: number): number {
  try {
    return toWon(maru, currency, amount);
  } catch (error) {
    if (error instanceof Refusal) return 0;
    throw error;
  }
}

async function queueItems(maru: AppContext, records: DepositRecord[]): Promise<FundQueueItemDto[]> {
  if (records.length === 0) return [];
  const ids = [...new Set(records.map((r) => r.row.customerId))];
  const owners = await maru.db
    .select({ id: customers.id, account: customers.account, accountId: customers.accountId })
    .from(customers)
    .where(inArray(customers.id, ids));
  const names = new Map<number, string | null>();
  for (const id of ids) names.set(id, (await latestSubmission(maru.db, id))?.realName ?? null);
  return records.map(({ row }) => {
    const owner = owners.find((o) => o.id === row.customerId);
    const currency = row.currency as Currency;
    return {
      id: row.id,
      orderNo: depositOrderNo(row.id),
      customerId: row.customerId,
      account: owner?.account ?? '',
      accountId: owner?.accountId ?? '',
      realName: names.get(row.customerId) ?? null,
      currency,
      amount: row.amount,
      amountKrw: wonOf(maru, currency, row.amount),
      ...statusOf(depositLifecycle, lifecycleOfRow(row)),
      overdue: isInState(row.depositState, OVERDUE),
      needsTwoApprovals: false,
      approvals: [],
      destination: null,
      voucherId: row.voucherId,
      reason: row.depositContext.rejectionReason,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/**
 * Deposits in one state of the machine (every state when none is named; `pending` includes the
 * overdue ones), or only the overdue ones, oldest first.
 */
export async function depositQueue(
  maru: AppContext,
  filter: { state?: string | null; overdueOnly?: boolean | null; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (filter.state != null && filter.state !== '') {
    if (!STATE_PATHS.has(filter.state)) throw new Refusal('request.invalid', { field: 'state' });
    conditions.push(inState(deposits.depositState, filter.state));
  }
  if (filter.overdueOnly === true) conditions.push(inState(deposits.depositState, OVERDUE));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [total] = await maru.db.select({ n: count() }).from(deposits).where(where);
  const records = await selectDeposits(maru.db, where, {
    limit: filter.pageSize,
    offset: (filter.page - 1) * filter.pageSize,
  });
  return {
    items: await queueItems(maru, records),
    page: filter.page,
    pageSize: filter.pageSize,
    total: total?.n ?? 0,
  };
}

async function itemOf(maru: AppContext, id: number): Promise<FundQueueItemDto> {
  const found = await depositById(maru.db, id);
  if (found === null) throw new ApiRefusal('fund_order.not_found', { field: 'id' }, 404);
  const [item] = await queueItems(maru, [found]);
  if (!item) throw new Error(`deposit ${id} has no item`);
  return item;
}

/**
 * A deposit's case: the item, the voucher decrypted as a data: URL (the call is audited, so the
 * view is on record), and the customer's latest deposits.
 */
export async function depositCase(maru: AppContext, id: number): Promise<FundCaseDto> {
  const item = await itemOf(maru, id);
  const recent = await selectDeposits(maru.db, eq(deposits.customerId, item.customerId), {
    newestFirst: true,
    limit: RECENT,
  });
  return {
    item,
    voucher: item.voucherId === null ? null : await voucherDataUrl(maru, item.voucherId),
    payTo: null,
    recent: recent.map(depositDto),
  };
}

/**
 * A reviewer's decision through the machine: approving posts the credit in the same
 * transaction; the version the reviewer saw must still be the row's (lifecycle.conflict).
 */
export async function decideDeposit(
  maru: AppContext,
  staffId: number,
  decision: { id: number; version: number; reason?: string },
): Promise<FundQueueItemDto> {
  // Named like the case's and the withdrawal desk's refusal (the engine's own names no field).
  if ((await depositById(maru.db, decision.id)) === null) {
    throw new ApiRefusal('fund_order.not_found', { field: 'id' }, 404);
  }
  await applyDepositEvent(maru.db, {
    id: decision.id,
    event:
      decision.reason === undefined
        ? { type: 'review.approve' }
        : { type: 'review.reject', reason: decision.reason },
    actor: { kind: 'staff', id: staffId },
    expectedVersion: decision.version,
    now: maru.clock.now(),
  });
  return itemOf(maru, decision.id);
}
