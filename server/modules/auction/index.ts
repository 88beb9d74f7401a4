import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API, STAFF_API } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { subscribeTransitions } from '../../lifecycle';
import { staffOfferings } from '../placement/staff-offerings';
import { listAuctions, publishAuction, saveAuction } from './auctions';
import { auctionRecordsPage, customerBids, onAuctionTransition, placeBid } from './bids';

export { auctionRecordsPage } from './bids';
export { seedAuction } from './auctions';

/** Auctions (docs/placements.md): list, sealed bids and records; the back office's set-up. */
export function registerAuctionModule(app: FastifyInstance): void {
  // Once per process: the subscriber reads only the transaction it is given.
  subscribeTransitions(onAuctionTransition);

  defineCall(app, CUSTOMER_API, 'auctionList', async ({ maru, session }) => ({
    auctions: await listAuctions(maru.db),
    bids: await customerBids(maru.db, session.customer.id),
  }));
  defineCall(app, CUSTOMER_API, 'auctionBid', async ({ maru, session, body, request, audit }) => {
    const bid = await placeBid(maru, session, body, request.ip);
    audit.entity = `auctionBid:${bid.id}`;
    audit.detail = {
      auctionId: bid.auctionId,
      price: bid.price,
      shares: bid.shares,
      held: bid.held,
    };
    return bid;
  });
  defineCall(app, CUSTOMER_API, 'auctionRecords', ({ maru, session, body }) =>
    auctionRecordsPage(maru.db, session.customer.id, body.page ?? 1),
  );

  defineCall(app, STAFF_API, 'auctionSave', async ({ maru, staff, body, audit }) => {
    const row = await saveAuction(maru, staff.staff.id, body);
    audit.entity = `auction:${row.id}`;
    audit.detail = { edit: body.id != null, ...body };
    return staffOfferings(maru.db);
  });
  defineCall(app, STAFF_API, 'auctionPublish', async ({ maru, staff, body, audit }) => {
    audit.entity = `auction:${body.id}`;
    await publishAuction(maru, staff.staff.id, body);
    return staffOfferings(maru.db);
  });
}
