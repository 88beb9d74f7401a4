import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API, STAFF_API } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { subscribeTransitions } from '../../lifecycle';
import { onPlacementTransition } from './allotment';
import {
  applyForPlacement,
  customerApplications,
  payPlacement,
  placementRecordsPage,
} from './applications';
import { listPlacements, publishPlacement, savePlacement } from './placements';
import { staffOfferings } from './staff-offerings';

export { placementRecordsPage } from './applications';
export { seedPlacement } from './placements';

/**
 * Placements (docs/placements.md): the customer's list, apply, pay and records; the back
 * office's set-up (create, edit a draft, publish), shared with auctions in `/offerings/list`.
 */
export function registerPlacementModule(app: FastifyInstance): void {
  // Once per process: the subscriber reads only the transaction it is given.
  subscribeTransitions(onPlacementTransition);

  defineCall(app, CUSTOMER_API, 'placementList', async ({ maru, session }) => ({
    placements: await listPlacements(maru.db),
    applications: await customerApplications(maru.db, session.customer.id),
  }));
  defineCall(
    app,
    CUSTOMER_API,
    'placementApply',
    async ({ maru, session, body, request, audit }) => {
      const application = await applyForPlacement(maru, session, body, request.ip);
      audit.entity = `placementApplication:${application.id}`;
      audit.detail = {
        placementId: application.placementId,
        shares: application.shares,
        price: application.price,
        deposit: application.deposit,
      };
      return application;
    },
  );
  defineCall(app, CUSTOMER_API, 'placementPay', async ({ maru, session, body, audit }) => {
    audit.entity = `placementApplication:${body.id}`;
    const application = await payPlacement(maru, session, body.id);
    audit.detail = { allotted: application.allotted, paidUp: application.paidUp };
    return application;
  });
  defineCall(app, CUSTOMER_API, 'placementRecords', ({ maru, session, body }) =>
    placementRecordsPage(maru.db, session.customer.id, body.page ?? 1),
  );

  defineCall(app, STAFF_API, 'offeringsList', ({ maru }) => staffOfferings(maru.db));
  defineCall(app, STAFF_API, 'placementSave', async ({ maru, staff, body, audit }) => {
    const row = await savePlacement(maru, staff.staff.id, body);
    audit.entity = `placement:${row.id}`;
    audit.detail = { edit: body.id != null, ...body };
    return staffOfferings(maru.db);
  });
  defineCall(app, STAFF_API, 'placementPublish', async ({ maru, staff, body, audit }) => {
    audit.entity = `placement:${body.id}`;
    await publishPlacement(maru, staff.staff.id, body);
    return staffOfferings(maru.db);
  });
}
