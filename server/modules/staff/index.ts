import type { FastifyInstance } from 'fastify';
import { createStaffAccount, listStaff } from './accounts/create-staff-account';
import { searchAudit } from './audit-search';
import { changeStaffPassword } from './auth/change-password';
import { startEnrolment } from './auth/enrol';
import { staffLogin } from './auth/login';
import { verifyStaffCode } from './auth/verify-code';
import { customerDetail } from './customers/customer-detail';
import { searchCustomers } from './customers/search-customers';
import { setAccountState } from './customers/set-account-state';
import { defineStaffCall } from './define-staff-call';
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
import { revokeStaffSession } from './staff-sessions';

/** The back office under /api/staff: sign-in with TOTP, review, customers, audit, institutions. */
export function registerStaffModule(app: FastifyInstance): void {
  const context = app.maru;
  const { db } = context;

  // Sign-in
  defineStaffCall(app, 'login', ({ body, request }) => staffLogin(db, request, body), {
    rateLimit: context.config.authRateLimit,
  });
  defineStaffCall(app, 'enrol', ({ staff }) => startEnrolment(db, staff));
  defineStaffCall(app, 'verify', ({ staff, body }) => verifyStaffCode(db, staff, body), {
    rateLimit: context.config.authRateLimit,
  });
  defineStaffCall(app, 'logout', async ({ staff }) => {
    await revokeStaffSession(db, staff.sessionId);
    return null;
  });
  defineStaffCall(app, 'me', ({ staff }) =>
    Promise.resolve({
      id: staff.staff.id,
      account: staff.staff.account,
      role: staff.staff.role,
      mustChangePassword: staff.staff.mustChangePassword,
    }),
  );
  defineStaffCall(app, 'changePassword', ({ staff, body }) => changeStaffPassword(db, staff, body));

  // Staff accounts
  defineStaffCall(app, 'staffCreate', async ({ body, audit }) => {
    const created = await createStaffAccount(db, body);
    audit.entity = `staff:${created.id}`;
    audit.detail = { role: created.role };
    return {
      account: created.account,
      role: created.role,
      oneTimePassword: created.oneTimePassword,
    };
  });
  defineStaffCall(app, 'staffList', ({ body }) => listStaff(db, body.page, body.pageSize));

  // KYC review
  defineStaffCall(app, 'kycQueue', ({ body }) => kycQueue(db, body));
  defineStaffCall(app, 'kycDetail', ({ body, request, staff, audit }) => {
    audit.entity = `customer:${body.customerId}`;
    return kycDetail(context, request, staff.staff.id, body.customerId);
  });
  defineStaffCall(app, 'kycApprove', ({ body, staff, audit }) => {
    audit.entity = `customer:${body.customerId}`;
    return decideKyc(db, staff.staff.id, { kind: 'approve', ...body });
  });
  defineStaffCall(app, 'kycReject', ({ body, staff, audit }) => {
    audit.entity = `customer:${body.customerId}`;
    audit.detail = { reason: body.reason };
    return decideKyc(db, staff.staff.id, { kind: 'reject', ...body });
  });

  // Customers
  defineStaffCall(app, 'customerSearch', ({ body }) => searchCustomers(db, body));
  defineStaffCall(app, 'customerDetail', ({ body, audit }) => {
    audit.entity = `customer:${body.customerId}`;
    return customerDetail(db, body.customerId);
  });
  defineStaffCall(app, 'customerSetState', ({ body, staff, audit }) => {
    audit.entity = `customer:${body.customerId}`;
    audit.detail = { state: body.state, value: body.value, reason: body.reason };
    return setAccountState(db, staff.staff.id, body);
  });

  // Lifecycle entity page and audit log
  defineStaffCall(app, 'entityView', ({ body, request, audit }) => {
    audit.entity = `${body.entityType}:${body.entityId}`;
    return entityView(db, body.entityType, body.entityId, request.locale);
  });
  defineStaffCall(app, 'auditSearch', ({ body }) => searchAudit(db, body));

  // Institutions and invitation codes
  defineStaffCall(app, 'institutionCreate', async ({ body, audit }) => {
    const created = await createInstitution(db, body);
    audit.entity = `institution:${created.id}`;
    return created;
  });
  defineStaffCall(app, 'institutionDisable', ({ body, audit }) => {
    audit.entity = `institution:${body.institutionId}`;
    audit.detail = { reason: body.reason };
    return disableInstitution(db, body.institutionId);
  });
  defineStaffCall(app, 'institutionList', ({ body }) =>
    listInstitutions(db, body.page, body.pageSize),
  );
  defineStaffCall(app, 'institutionCustomers', async ({ body, audit }) => {
    await institutionById(db, body.institutionId);
    audit.entity = `institution:${body.institutionId}`;
    return searchCustomers(db, body);
  });
}
