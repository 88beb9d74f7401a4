import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API, STAFF_API } from '../../../contract';
import { defineCall } from '../../http/define-call';
import {
  actionView,
  cancelAction,
  corporateCalendar,
  createAction,
  editAction,
  rescheduleOnFeed,
} from './actions';
import { actionApplications, applyForRights, corporateList, refuseApplication } from './rights';
import './record';

export { rightsAllotmentRecords } from './rights';
export { seedCorporateActions } from './seed';

/**
 * Corporate actions (docs/corporate-actions.md): dividends and rights issues. The customer's
 * list and rights application; staff's calendar (create, edit before the record date, cancel)
 * and a rights issue's applications (refuse). The record and payment dates are jobs.
 */
export function registerCorporateModule(app: FastifyInstance): void {
  defineCall(app, CUSTOMER_API, 'corporateList', ({ maru, session }) =>
    corporateList(maru, session.customer.id),
  );
  defineCall(
    app,
    CUSTOMER_API,
    'corporateApply',
    async ({ maru, session, body, request, audit }) => {
      const row = await applyForRights(maru, session, body, request.ip);
      audit.entity = `rightsApplication:${row.id}`;
      audit.detail = {
        actionId: row.actionId,
        shares: row.shares,
        price: row.price,
        amount: row.amount,
      };
      return corporateList(maru, session.customer.id);
    },
  );

  defineCall(app, STAFF_API, 'corporateCalendar', ({ maru, body }) =>
    corporateCalendar(maru, body),
  );
  defineCall(app, STAFF_API, 'corporateCreate', async ({ maru, staff, body, audit }) => {
    const action = await createAction(maru, staff.staff.id, body);
    audit.entity = `corporateAction:${action.id}`;
    audit.detail = { ...body };
    return action;
  });
  defineCall(app, STAFF_API, 'corporateEdit', async ({ maru, staff, body, audit }) => {
    audit.entity = `corporateAction:${body.id}`;
    const before = await actionView(maru, body.id);
    const after = await editAction(maru, staff.staff.id, body);
    audit.detail = {
      before: {
        recordAt: before.recordAt,
        payAt: before.payAt,
        windowClosesAt: before.windowClosesAt,
        perShare: before.perShare,
        issuePrice: before.issuePrice,
        ratioPpm: before.ratioPpm,
      },
      after: { ...body },
    };
    return after;
  });
  defineCall(app, STAFF_API, 'corporateCancel', async ({ maru, staff, body, audit }) => {
    audit.entity = `corporateAction:${body.id}`;
    audit.detail = { reason: body.reason };
    return cancelAction(maru, staff.staff.id, body);
  });
  defineCall(app, STAFF_API, 'corporateApplications', ({ maru, body }) =>
    actionApplications(maru, body.id),
  );
  defineCall(app, STAFF_API, 'corporateRefuse', async ({ maru, staff, body, audit }) => {
    audit.entity = `rightsApplication:${body.id}`;
    audit.detail = { reason: body.reason };
    return refuseApplication(maru, staff.staff.id, body);
  });

  app.addHook('onReady', () => rescheduleOnFeed(app.maru));
}
