import { eq } from 'drizzle-orm';
import type { FundOrderDetailDto } from '../../contract';
import type { DepositContext, DepositEvent } from '../../machines/deposit';
import type { Database } from '../../server/db/connect';
import { deposits } from '../../server/db/schema';
import { depositLifecycle } from '../../server/lifecycle';
import type { LifecycleAdapter } from '../support/lifecycle-paths';
import {
  blankRejectUnsendable,
  describeLifecyclePaths,
  resultOfAnswer,
  sendClockEvent,
} from '../support/lifecycle-paths';
import type { Session } from './api-helpers';
import { call, expectSuccess } from './api-helpers';
import { uploadVoucher, verifiedCustomer } from './deposit-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';
import { readMessages } from './message-helpers';

/**
 * Every path of the deposit machine through the real app: a verified customer uploads a voucher
 * and reports a deposit (the entity, created pending), cancels it; a signed-in reviewer approves
 * (crediting it) or rejects it; the service-time clock flags a waiting one overdue through the
 * job runner.
 */
interface DepositEntity {
  id: number;
  customerId: number;
  session: Session;
}

async function versionOf(db: Database, id: number): Promise<number> {
  const [row] = await db
    .select({ version: deposits.depositVersion })
    .from(deposits)
    .where(eq(deposits.id, id));
  if (!row) throw new Error(`no deposit ${id}`);
  return row.version;
}

describeLifecyclePaths({
  name: 'deposit',
  lifecycle: depositLifecycle,
  ...blankRejectUnsendable,
  adapter: async (t): Promise<LifecycleAdapter<DepositEntity, DepositContext, DepositEvent>> => {
    const reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
    return {
      async create() {
        const customer = await verifiedCustomer(t.app, t.db, t.demoCode, reviewer.token);
        const voucherId = await uploadVoucher(t.app, customer.session);
        const order = expectSuccess<{ id: number }>(
          await call(
            t.app,
            '/user/recharge',
            { currency: 'KRW', amount: 50_000, voucherId },
            { session: customer.session },
          ),
        );
        return { id: order.id, customerId: customer.id, session: customer.session };
      },
      async send(entity, event) {
        switch (event.type) {
          case 'deposit.cancel':
            return resultOfAnswer(
              await call(
                t.app,
                '/user/fundOrder/cancel',
                { id: entity.id },
                { session: entity.session },
              ),
            );
          case 'review.approve':
            return resultOfAnswer(
              await staffCall(
                t.app,
                '/deposits/approve',
                { id: entity.id, version: await versionOf(t.db, entity.id) },
                reviewer.token,
              ),
            );
          case 'review.reject':
            return resultOfAnswer(
              await staffCall(
                t.app,
                '/deposits/reject',
                { id: entity.id, version: await versionOf(t.db, entity.id), reason: event.reason },
                reviewer.token,
              ),
            );
          case 'review.overdue':
            return sendClockEvent(t.db, depositLifecycle, entity.id, event);
        }
      },
      actorOf(event, entity) {
        if (event.type === 'deposit.cancel') return { kind: 'customer', id: entity.customerId };
        if (event.type === 'review.overdue') return { kind: 'system', id: null };
        return { kind: 'staff', id: reviewer.id };
      },
      reasonOf: (event) => (event.type === 'review.reject' ? event.reason.trim() : null),
      // Message centre: the customer reads what happened to the deposit, in each language.
      messages: (entity, locale) => readMessages(t.app, entity.session, locale),
      async status(entity) {
        const detail = expectSuccess<FundOrderDetailDto>(
          await call(
            t.app,
            '/user/fundOrder/detail',
            { id: entity.id },
            { session: entity.session },
          ),
        );
        const { state, version, accepts } = detail.order;
        return { state, version, accepts };
      },
    };
  },
});
