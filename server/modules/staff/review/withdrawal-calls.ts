import type { FastifyInstance } from 'fastify';
import { STAFF_API } from '../../../../contract';
import { defineCall } from '../../../http/define-call';
import { decideWithdrawal, withdrawalCase, withdrawalQueue } from './withdrawal-review';

/** The withdrawal desk's staff calls (docs/money.md "Withdrawals"). */
export function registerWithdrawalReview(app: FastifyInstance): void {
  defineCall(app, STAFF_API, 'withdrawalsQueue', ({ maru, body }) => withdrawalQueue(maru, body));
  defineCall(app, STAFF_API, 'withdrawalsDetail', ({ maru, body, audit }) => {
    // Opening a case shows the whole card number: audited like a KYC photo view.
    audit.entity = `withdrawal:${body.id}`;
    return withdrawalCase(maru, body.id);
  });
  defineCall(app, STAFF_API, 'withdrawalsApprove', ({ maru, body, staff, audit }) => {
    audit.entity = `withdrawal:${body.id}`;
    return decideWithdrawal(maru, staff.staff.id, { kind: 'approve', ...body });
  });
  defineCall(app, STAFF_API, 'withdrawalsReject', ({ maru, body, staff, audit }) => {
    audit.entity = `withdrawal:${body.id}`;
    audit.detail = { reason: body.reason };
    return decideWithdrawal(maru, staff.staff.id, { kind: 'reject', ...body });
  });
  defineCall(app, STAFF_API, 'withdrawalsPaid', ({ maru, body, staff, audit }) => {
    audit.entity = `withdrawal:${body.id}`;
    audit.detail = { reference: body.reference };
    return decideWithdrawal(maru, staff.staff.id, { kind: 'paid', ...body });
  });
}
