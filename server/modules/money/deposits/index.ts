import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API, STAFF_API } from '../../../../contract';
import { defineCall } from '../../../http/define-call';
import { decideChannelProposal, listChannels, proposeChannel, rechargeChannels } from './channels';
import { recharge } from './recharge';
import { decideDeposit, depositCase, depositQueue } from './staff-deposits';
import { registerVoucherRoute } from './voucher-route';

export { seedDemoChannels } from './channels';

/**
 * Deposits (docs/money.md "Deposits"): the receiving accounts, the voucher upload and the
 * deposit itself for customers; the queue, case and decisions, and the two-person channel
 * changes for staff. Cancel, detail and records are the shared fund-order calls.
 */
export function registerDepositCalls(app: FastifyInstance): void {
  defineCall(app, CUSTOMER_API, 'rechargeChannel', ({ maru, session, body }) =>
    rechargeChannels(maru, session.customer.id, body.currency),
  );
  defineCall(app, CUSTOMER_API, 'recharge', async ({ maru, session, body, audit }) => {
    const order = await recharge(maru, session.customer.id, body);
    audit.entity = `deposit:${order.id}`;
    audit.detail = { currency: order.currency, amount: order.amount };
    return order;
  });
  registerVoucherRoute(app);

  defineCall(app, STAFF_API, 'depositsQueue', ({ maru, body }) => depositQueue(maru, body));
  defineCall(app, STAFF_API, 'depositsDetail', ({ maru, body, audit }) => {
    audit.entity = `deposit:${body.id}`;
    return depositCase(maru, body.id);
  });
  defineCall(app, STAFF_API, 'depositsApprove', ({ maru, body, staff, audit }) => {
    audit.entity = `deposit:${body.id}`;
    return decideDeposit(maru, staff.staff.id, { id: body.id, version: body.version });
  });
  defineCall(app, STAFF_API, 'depositsReject', ({ maru, body, staff, audit }) => {
    audit.entity = `deposit:${body.id}`;
    audit.detail = { reason: body.reason };
    return decideDeposit(maru, staff.staff.id, body);
  });

  defineCall(app, STAFF_API, 'channelsList', ({ db }) => listChannels(db));
  defineCall(app, STAFF_API, 'channelsPropose', async ({ db, maru, body, staff, audit }) => {
    const proposal = await proposeChannel(db, staff.staff.id, body, maru.clock.now());
    audit.entity = `channel_proposal:${proposal.id}`;
    audit.detail = { action: proposal.action, channel: proposal.channel.id, reason: body.reason };
    return proposal;
  });
  defineCall(app, STAFF_API, 'channelsApprove', async ({ db, maru, body, staff, audit }) => {
    audit.entity = `channel_proposal:${body.id}`;
    audit.detail = { approve: body.approve };
    return decideChannelProposal(db, staff.staff.id, body, maru.clock.now());
  });
}
