import type { FundOrderDto, RechargeRequest } from '../../../../contract';
import { formatMoney } from '../../../../contract';
import type { AppContext } from '../../../app-context';
import { deposits } from '../../../db/schema';
import { depositLifecycle } from '../../../lifecycle';
import { scheduleJob } from '../../../lifecycle/jobs';
import { Refusal } from '../../../refusal';
import { ApiRefusal } from '../../../http/refusal';
import { readSetting } from '../../../settings';
import { FUND_ORDER_SERVICES } from '../fund-order-services';
import { fundWindow, refuseIfClosed, toWon } from '../fund-limits';
import { refuseIfFundOrderOpen } from '../fund-orders';
import { verifiedName } from '../verified-name';
import { activeChannels, depositLimits } from './channels';
import { applyDepositEvent, depositById, depositDto, depositOrders } from './deposit-orders';
import { unusedVoucher } from './voucher';

const MINUTE_MS = 60_000;

/**
 * `/user/recharge`: the customer reports a transfer to a receiving account, with the voucher
 * uploaded first. Runs in the call's transaction (`maru.db`). Checks, in order: verified
 * identity, the deposit window, a receiving account for the currency, the limits, the voucher
 * (the customer's own, unused), and that no other fund order is open (under the customer's row
 * lock, so two at once give one). The deposit starts pending; its overdue job is written here
 * (the machine's first state is entered by no transition). Below `fund.depositAutoApproveBelow`
 * the system credits it at once, recorded as the system's approval.
 */
export async function recharge(
  maru: AppContext,
  customerId: number,
  body: RechargeRequest,
): Promise<FundOrderDto> {
  const { db } = maru;
  const now = maru.clock.now();
  await verifiedName(db, customerId);
  refuseIfClosed(await fundWindow(db, maru, 'deposit', now));
  if ((await activeChannels(db, body.currency)).length === 0) {
    throw new ApiRefusal('deposit.no_channel', { field: 'currency' });
  }
  const { min, max } = await depositLimits(maru, body.currency);
  if (body.amount < min) {
    throw new ApiRefusal('deposit.below_min', {
      field: 'amount',
      min: `${formatMoney(min, body.currency)} ${body.currency}`,
    });
  }
  if (body.amount > max) {
    throw new ApiRefusal('deposit.above_max', {
      field: 'amount',
      max: `${formatMoney(max, body.currency)} ${body.currency}`,
    });
  }
  if ((await unusedVoucher(db, customerId, body.voucherId)) === null) {
    throw new ApiRefusal('deposit.voucher_not_found', { field: 'voucherId' }, 404);
  }
  try {
    await refuseIfFundOrderOpen(db, FUND_ORDER_SERVICES, customerId);
  } catch (error) {
    // The spec's words when the open one is itself a deposit.
    if (error instanceof Refusal && (await depositOrders.countOpen(db, customerId)) > 0) {
      throw new ApiRefusal('deposit.pending_exists', {}, 409);
    }
    throw error;
  }
  const [row] = await db
    .insert(deposits)
    .values({
      customerId,
      currency: body.currency,
      amount: body.amount,
      voucherId: body.voucherId,
      createdAt: now,
    })
    .returning({ id: deposits.id });
  if (!row) throw new Error('deposit insert returned nothing');
  const serviceMinutes = await readSetting(db, 'fund.serviceMinutes');
  await scheduleJob(
    db,
    {
      entityType: depositLifecycle.type,
      entityId: row.id,
      event: { type: 'review.overdue' },
      dueAt: new Date(now.getTime() + serviceMinutes * MINUTE_MS),
    },
    now,
  );
  const autoBelow = await readSetting(db, 'fund.depositAutoApproveBelow');
  if (autoBelow > 0 && toWon(maru, body.currency, body.amount) < autoBelow) {
    await applyDepositEvent(db, {
      id: row.id,
      event: { type: 'review.approve' },
      actor: { kind: 'system', id: null },
      now,
    });
  }
  const created = await depositById(db, row.id);
  if (created === null) throw new Error(`deposit ${row.id} vanished`);
  return depositDto(created);
}
