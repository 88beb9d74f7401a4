import type { FastifyInstance } from 'fastify';
import { STAFF_API } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { createStaffAccount, listStaff } from './accounts/create-staff-account';
import { searchAudit } from './audit-search';
import { changeStaffPassword } from './auth/change-password';
import { startEnrolment } from './auth/enrol';
import { staffLogin } from './auth/login';
import { verifyStaffCode } from './auth/verify-code';
import { customerDetail } from './customers/customer-detail';
import { searchCustomers } from './customers/search-customers';
import { setAccountState } from './customers/set-account-state';
import { entityView } from './entity-view';
import {
  createInstitution,
  disableInstitution,
  institutionById,
  listInstitutions,
} from './institutions/institutions';
import { decideKyc } from './review/kyc-decision';
import { kycDetail } from './review/kyc-detail';
import { kycQueue } from './review/kyc-queue';
import { registerWithdrawalReview } from './review/withdrawal-calls';
import { revokeStaffSession } from '../../auth/staff-sessions';
import { jobItemOf, listJobs, retryJob } from '../../lifecycle/jobs';
import { listSettings } from '../../settings';
import { changeSetting } from './settings-change';

/** The back office under /api/staff: sign-in with TOTP, review, customers, audit, institutions. */
export function registerStaffModule(app: FastifyInstance): void {
  const { authRateLimit } = app.maru.config;

  // Sign-in
  defineCall(app, STAFF_API, 'login', ({ db, body, request }) => staffLogin(db, request, body), {
    rateLimit: authRateLimit,
  });
  defineCall(app, STAFF_API, 'enrol', ({ db, staff }) => startEnrolment(db, staff), {
    rateLimit: authRateLimit,
  });
  defineCall(
    app,
    STAFF_API,
    'verify',
    ({ db, staff, body, request }) => verifyStaffCode(db, staff, body, request.ip),
    { rateLimit: authRateLimit },
  );
  defineCall(app, STAFF_API, 'logout', async ({ db, staff }) => {
    await revokeStaffSession(db, staff.sessionId);
    return null;
  });
  defineCall(app, STAFF_API, 'me', ({ staff }) =>
    Promise.resolve({
      id: staff.staff.id,
      account: staff.staff.account,
      role: staff.staff.role,
      mustChangePassword: staff.staff.mustChangePassword,
    }),
  );
  defineCall(
    app,
    STAFF_API,
    'changePassword',
    ({ db, staff, body, request }) => changeStaffPassword(db, staff, body, request.ip),
    { rateLimit: authRateLimit },
  );

  // Staff accounts
  defineCall(app, STAFF_API, 'staffCreate', async ({ db, body, audit }) => {
    const created = await createStaffAccount(db, body);
    audit.entity = `staff:${created.id}`;
    audit.detail = { role: created.role };
    return {
      account: created.account,
      role: created.role,
      oneTimePassword: created.oneTimePassword,
    };
  });
  defineCall(app, STAFF_API, 'staffList', ({ db, body }) =>
    listStaff(db, body.page, body.pageSize),
  );

  // KYC review
  defineCall(app, STAFF_API, 'kycQueue', ({ db, body }) => kycQueue(db, body));
  defineCall(app, STAFF_API, 'kycDetail', ({ maru, body, request, staff, audit }) => {
    audit.entity = `customer:${body.customerId}`;
    return kycDetail(maru, request, staff.staff.id, body.customerId);
  });
  defineCall(app, STAFF_API, 'kycApprove', ({ db, maru, body, staff, audit }) => {
    audit.entity = `customer:${body.customerId}`;
    return decideKyc(db, staff.staff.id, { kind: 'approve', ...body }, maru.clock.now());
  });
  defineCall(app, STAFF_API, 'kycReject', ({ db, maru, body, staff, audit }) => {
    audit.entity = `customer:${body.customerId}`;
    audit.detail = { reason: body.reason };
    return decideKyc(db, staff.staff.id, { kind: 'reject', ...body }, maru.clock.now());
  });

  registerWithdrawalReview(app);

  // Customers
  defineCall(app, STAFF_API, 'customerSearch', ({ db, body }) => searchCustomers(db, body));
  defineCall(app, STAFF_API, 'customerDetail', ({ db, body, audit }) => {
    audit.entity = `customer:${body.customerId}`;
    return customerDetail(db, body.customerId);
  });
  defineCall(app, STAFF_API, 'customerSetState', ({ db, maru, body, staff, audit }) => {
    audit.entity = `customer:${body.customerId}`;
    audit.detail = { state: body.state, value: body.value, reason: body.reason };
    return setAccountState(db, staff.staff.id, body, maru.clock.now());
  });

  // Lifecycle entity page and audit log
  defineCall(app, STAFF_API, 'entityView', ({ db, body, request, audit }) => {
    audit.entity = `${body.entityType}:${body.entityId}`;
    return entityView(db, body.entityType, body.entityId, request.locale);
  });
  defineCall(app, STAFF_API, 'auditSearch', ({ db, body }) => searchAudit(db, body));

  // Lifecycle jobs (clock events) and run-time settings
  defineCall(app, STAFF_API, 'jobsList', ({ db, maru, body }) =>
    listJobs(db, body, maru.clock.now()),
  );
  defineCall(app, STAFF_API, 'jobsRetry', async ({ db, maru, body, audit }) => {
    const now = maru.clock.now();
    const { previous, job } = await retryJob(db, body.id, now);
    audit.entity = `job:${job.id}`;
    audit.detail = {
      entity: `${job.entityType}:${job.entityId}`,
      event: job.eventType,
      previousStatus: previous,
      lastError: job.lastError,
    };
    return jobItemOf(job, now);
  });
  defineCall(app, STAFF_API, 'settingsGet', async ({ db }) => ({ items: await listSettings(db) }));
  defineCall(app, STAFF_API, 'settingsSet', ({ db, maru, body, staff, audit }) =>
    changeSetting(db, staff.staff.id, body, maru.clock.now(), audit),
  );

  // Institutions and invitation codes
  defineCall(app, STAFF_API, 'institutionCreate', async ({ db, body, audit }) => {
    const created = await createInstitution(db, body);
    audit.entity = `institution:${created.id}`;
    return created;
  });
  defineCall(app, STAFF_API, 'institutionDisable', ({ db, body, audit }) => {
    audit.entity = `institution:${body.institutionId}`;
    audit.detail = { reason: body.reason };
    return disableInstitution(db, body.institutionId);
  });
  defineCall(app, STAFF_API, 'institutionList', ({ db, body }) =>
    listInstitutions(db, body.page, body.pageSize),
  );
  defineCall(app, STAFF_API, 'institutionCustomers', async ({ db, body, audit }) => {
    await institutionById(db, body.institutionId);
    audit.entity = `institution:${body.institutionId}`;
    return searchCustomers(db, body);
  });
}
