import type {
  FundOrderDetailDto,
  FundOrderDto,
  FundOrderKind,
  FundRecordRowDto,
  FundRecordType,
  HistoryStepDto,
} from '../../../contract';
import type { AppContext } from '../../app-context';
import type { Database, Transaction } from '../../db/connect';
import { transitionsOf } from '../../lifecycle';
import { Refusal } from '../../refusal';
import { lockCustomer } from './bank-cards';

/**
 * Deposits and withdrawals are two lifecycles on two tables, but the customer sees them as one
 * kind of thing: "fund orders". One id sequence (`fund_order_ids`) numbers both, so the cancel and
 * detail calls take only an id, and only one fund operation may be open per customer at a time.
 * Each kind's module describes itself with a FundOrderKindService and lists it in
 * FUND_ORDER_SERVICES (server/modules/money/fund-order-services.ts).
 */
export interface FundOrderKindService {
  kind: FundOrderKind;
  /** The order with this id if it is of this kind and the customer's; null otherwise. */
  detail(db: Database, customerId: number, id: number): Promise<FundOrderDetailDto | null>;
  /**
   * Cancels the customer's order of this kind through its machine (a pending one only; the
   * machine's refusal otherwise), releasing what it holds. Null when the id is not the
   * customer's order of this kind, so the next kind is asked. It runs in the call's transaction
   * (`maru.db`); the call layer answers a repeated Idempotency-Key.
   */
  cancel(maru: AppContext, customerId: number, id: number): Promise<FundOrderDto | null>;
  /** How many of the customer's orders of this kind are open (not yet in a final state). */
  countOpen(db: Database, customerId: number): Promise<number>;
  /** The id of one open order of the customer's, if any (for screens). */
  openOrderId(db: Database, customerId: number): Promise<number | null>;
  /**
   * Whose order of this kind this id is; null when there is none. The live `/account` socket
   * asks it after a transition commits, to push the order to its owner's room.
   */
  customerOf(db: Database, id: number): Promise<number | null>;
}

/**
 * A fund order's transition records as its customer reads them in the detail: staff are never
 * named, only the kind of actor.
 */
export async function fundOrderHistory(
  db: Database | Transaction,
  kind: FundOrderKind,
  id: number,
): Promise<HistoryStepDto[]> {
  return (await transitionsOf(db, kind, id)).map((t) => ({
    at: t.createdAt.toISOString(),
    event: t.event,
    from: t.fromState,
    to: t.toState,
    actor: t.actorKind,
    reason: t.reason,
  }));
}

/** A tab of the customer's fund records. */
export interface FundRecordSource {
  type: FundRecordType;
  page(
    db: Database,
    customerId: number,
    paging: { page: number; pageSize: number },
  ): Promise<{ items: FundRecordRowDto[]; total: number }>;
}

/**
 * Refuses a new deposit or withdrawal while any other is open (product rule: one fund operation
 * at a time). Locks the customer row first, so two requests at once are serialised: the second
 * sees the first's order once the first commits. Call it inside the transaction that creates the
 * order, before creating it.
 */
export async function refuseIfFundOrderOpen(
  db: Database,
  services: readonly FundOrderKindService[],
  customerId: number,
): Promise<void> {
  await lockCustomer(db, customerId);
  for (const service of services) {
    if ((await service.countOpen(db, customerId)) > 0) {
      throw new Refusal('fund_order.pending_exists');
    }
  }
}

export async function fundOrderDetail(
  db: Database,
  services: readonly FundOrderKindService[],
  customerId: number,
  id: number,
): Promise<FundOrderDetailDto> {
  for (const service of services) {
    const found = await service.detail(db, customerId, id);
    if (found !== null) return found;
  }
  // Another customer's id reads exactly like one that does not exist.
  throw new Refusal('fund_order.not_found', { field: 'id' });
}

export async function cancelFundOrder(
  maru: AppContext,
  services: readonly FundOrderKindService[],
  customerId: number,
  id: number,
): Promise<FundOrderDto> {
  for (const service of services) {
    const cancelled = await service.cancel(maru, customerId, id);
    if (cancelled !== null) return cancelled;
  }
  throw new Refusal('fund_order.not_found', { field: 'id' });
}

export async function openFundOrderId(
  db: Database,
  services: readonly FundOrderKindService[],
  customerId: number,
): Promise<number | null> {
  for (const service of services) {
    const id = await service.openOrderId(db, customerId);
    if (id !== null) return id;
  }
  return null;
}

/** One tab of the records; a tab with no source yet (trades, before trading exists) is empty. */
export async function fundRecordPage(
  db: Database,
  sources: readonly FundRecordSource[],
  customerId: number,
  request: { type: FundRecordType; page?: number; pageSize?: number },
): Promise<{ items: FundRecordRowDto[]; page: number; pageSize: number; total: number }> {
  // The call validates strictly, which does not fill in the schema's defaults.
  const paging = { page: request.page ?? 1, pageSize: request.pageSize ?? 20 };
  const source = sources.find((s) => s.type === request.type);
  const { items, total } =
    source === undefined ? { items: [], total: 0 } : await source.page(db, customerId, paging);
  return { items, ...paging, total };
}
