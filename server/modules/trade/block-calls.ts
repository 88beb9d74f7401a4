import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API, STAFF_API } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { applyForBlock, blockList } from './block-applications';
import { createOffering } from './block-offerings';
import { blockQueue, decideBlock } from './block-review';

/** Block trades (docs/trading.md "Block trades"): the customer's calls and the staff desk. */
export function registerBlockCalls(app: FastifyInstance): void {
  defineCall(app, CUSTOMER_API, 'blockList', ({ maru, session }) =>
    blockList(maru, session.customer.id),
  );
  defineCall(app, CUSTOMER_API, 'blockApply', async ({ maru, session, body, request, audit }) => {
    const row = await applyForBlock(maru, session, body, request.ip);
    audit.entity = `blockApplication:${row.id}`;
    audit.detail = {
      offeringId: row.offeringId,
      shares: row.shares,
      price: row.price,
      amount: row.amount,
    };
    return blockList(maru, session.customer.id);
  });

  defineCall(app, STAFF_API, 'blockCreate', async ({ maru, staff, body, audit }) => {
    const offering = await createOffering(maru, staff.staff.id, body);
    audit.entity = `blockOffering:${offering.id}`;
    audit.detail = { ...offering };
    return offering;
  });
  defineCall(app, STAFF_API, 'blockQueue', ({ maru }) => blockQueue(maru));
  defineCall(app, STAFF_API, 'blockApprove', async ({ maru, staff, body, audit }) => {
    audit.entity = `blockApplication:${body.id}`;
    return decideBlock(maru, staff.staff.id, { kind: 'approve', ...body });
  });
  defineCall(app, STAFF_API, 'blockReject', async ({ maru, staff, body, audit }) => {
    audit.entity = `blockApplication:${body.id}`;
    audit.detail = { reason: body.reason };
    return decideBlock(maru, staff.staff.id, { kind: 'reject', ...body });
  });
}
