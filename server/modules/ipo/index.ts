import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API, STAFF_API } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { ipoAct, ipoDetail, ipoDraw, ipoList } from './customer-calls';
import { ipoRecords } from './records';
import {
  createIpoOffering,
  ipoOfferingDetail,
  listIpoOfferings,
  publishIpoOffering,
  updateIpoOffering,
} from './staff-offerings';
import { subscribe } from './subscribe';
import { subscriptionDetail, subscriptionView } from './subscription-view';
// The money of every subscription transition, and the draw job's handler.
import './transitions';
import './draw-job';

export { IPO_RECORD_READERS } from './records';
export type { IpoRecordReader } from './records';
export { hashedSubscriptionId, runDraw, DRAW_JOB_ENTITY } from './draw-job';
export { seedIpoOfferings } from './demo-offerings';

/** IPO subscriptions (docs/ipo.md): the customer's `/ipo/*` calls and staff's offerings. */
export function registerIpoModule(app: FastifyInstance): void {
  defineCall(app, CUSTOMER_API, 'ipoList', ({ maru, body }) => ipoList(maru, body.tab));
  defineCall(app, CUSTOMER_API, 'ipoDetail', ({ maru, session, body }) =>
    ipoDetail(maru, session.customer.id, body.id),
  );
  defineCall(app, CUSTOMER_API, 'ipoSubscribe', async ({ maru, session, body, request, audit }) => {
    const row = await subscribe(maru, session, body, request.ip);
    audit.entity = `subscription:${row.id}`;
    audit.detail = { offeringId: row.offeringId, shares: row.shares, deposit: row.deposit };
    return subscriptionView(maru.db, session.customer.id, row.id);
  });
  defineCall(app, CUSTOMER_API, 'ipoPay', async ({ maru, session, body, audit }) => {
    audit.entity = `subscription:${body.id}`;
    const answer = await ipoAct(maru, session.customer.id, body.id, 'subscription.pay');
    audit.detail = { paid: answer.paid, refunded: answer.refunded };
    return answer;
  });
  defineCall(app, CUSTOMER_API, 'ipoWaive', async ({ maru, session, body, audit }) => {
    audit.entity = `subscription:${body.id}`;
    const answer = await ipoAct(maru, session.customer.id, body.id, 'subscription.waive');
    audit.detail = { refunded: answer.refunded };
    return answer;
  });
  defineCall(app, CUSTOMER_API, 'ipoSubscription', ({ maru, session, body }) =>
    subscriptionDetail(maru.db, session.customer.id, body.id),
  );
  defineCall(app, CUSTOMER_API, 'ipoRecords', ({ maru, session, body }) =>
    ipoRecords(maru.db, session.customer.id, body, (symbol) => {
      const listed = maru.feed.instrument(symbol);
      return { name: listed?.nameKo ?? symbol, nameEn: listed?.nameEn ?? '' };
    }),
  );
  defineCall(app, CUSTOMER_API, 'ipoDraw', ({ maru, session, body }) =>
    ipoDraw(maru, session.customer.id, body.id),
  );

  defineCall(app, STAFF_API, 'ipoOfferings', ({ maru, body }) => listIpoOfferings(maru, body));
  defineCall(app, STAFF_API, 'ipoOfferingDetail', ({ maru, body }) =>
    ipoOfferingDetail(maru, body.id),
  );
  defineCall(app, STAFF_API, 'ipoOfferingCreate', async ({ maru, staff, body, audit }) => {
    const offering = await createIpoOffering(maru, staff.staff.id, body);
    audit.entity = `ipoOffering:${offering.id}`;
    audit.detail = { ...body };
    return offering;
  });
  defineCall(app, STAFF_API, 'ipoOfferingUpdate', async ({ maru, body, audit }) => {
    audit.entity = `ipoOffering:${body.id}`;
    audit.detail = { ...body };
    return updateIpoOffering(maru, body);
  });
  defineCall(app, STAFF_API, 'ipoOfferingPublish', async ({ maru, body, audit }) => {
    audit.entity = `ipoOffering:${body.id}`;
    const offering = await publishIpoOffering(maru, body.id);
    audit.detail = { seedHash: offering.seedHash };
    return offering;
  });
}
