import type { AnySchema } from 'yup';
import { emptyRequest } from './schemas/user';
import * as s from './schemas/staff';
import type { StaffRole } from './schemas/staff';

/** The back office lives under its own base path, with its own sessions (header STAFF_TOKEN_HEADER). */
export const STAFF_API_BASE = '/api/staff';
export const STAFF_TOKEN_HEADER = 'staff-token';

export interface StaffCallSpec {
  path: string;
  /**
   * Who may call: 'public' (no session), 'pending' (a half session after the password, before
   * the TOTP code), 'any' (any signed-in staff member), or the roles allowed.
   */
  access: 'public' | 'pending' | 'any' | readonly StaffRole[];
  summary: string;
  request: AnySchema;
  response: AnySchema | null;
}

const REVIEW = ['reviewer', 'admin'] as const;
const OPERATE = ['operator', 'admin'] as const;
const ADMIN = ['admin'] as const;

/** Every back-office call. Each is audit-logged with the staff member, IP and user agent. */
export const STAFF_CALLS = {
  login: {
    path: '/auth/login',
    access: 'public',
    summary: 'Password step of sign-in; answers a half session for the TOTP step',
    request: s.staffLoginRequest,
    response: s.staffLoginResponse,
  },
  enrol: {
    path: '/auth/enrol',
    access: 'pending',
    summary: 'Start TOTP enrolment: otpauth URI and its QR code (SVG)',
    request: emptyRequest,
    response: s.staffEnrolResponse,
  },
  verify: {
    path: '/auth/verify',
    access: 'pending',
    summary: 'TOTP step of sign-in (also confirms enrolment); the session becomes full',
    request: s.staffVerifyRequest,
    response: s.staffMeResponse,
  },
  logout: {
    path: '/auth/logout',
    access: 'any',
    summary: 'End the staff session',
    request: emptyRequest,
    response: null,
  },
  me: {
    path: '/auth/me',
    access: 'any',
    summary: 'The signed-in staff member',
    request: emptyRequest,
    response: s.staffMeResponse,
  },
  changePassword: {
    path: '/auth/changePassword',
    access: 'any',
    summary: 'Change the staff password (required after a one-time password)',
    request: s.staffChangePasswordRequest,
    response: null,
  },
  staffCreate: {
    path: '/staff/create',
    access: ADMIN,
    summary: 'Create a staff account with a one-time password',
    request: s.staffCreateRequest,
    response: s.staffCreateResponse,
  },
  staffList: {
    path: '/staff/list',
    access: ADMIN,
    summary: 'Staff accounts',
    request: s.pagingRequest,
    response: s.staffListResponse,
  },
  kycQueue: {
    path: '/kyc/queue',
    access: REVIEW,
    summary: 'Real-name verifications by state, oldest submission first',
    request: s.kycQueueRequest,
    response: s.kycQueueResponse,
  },
  kycDetail: {
    path: '/kyc/detail',
    access: REVIEW,
    summary: 'One verification with its photos (each view is audit-logged)',
    request: s.customerIdRequest,
    response: s.kycDetailResponse,
  },
  kycApprove: {
    path: '/kyc/approve',
    access: REVIEW,
    summary: 'Approve a verification under review',
    request: s.kycApproveRequest,
    response: s.kycDecisionResponse,
  },
  kycReject: {
    path: '/kyc/reject',
    access: REVIEW,
    summary: 'Reject a verification under review with a reason the customer sees',
    request: s.kycRejectRequest,
    response: s.kycDecisionResponse,
  },
  customerSearch: {
    path: '/customers/search',
    access: OPERATE,
    summary: 'Customers by account, account ID or real name',
    request: s.customerSearchRequest,
    response: s.customerSearchResponse,
  },
  customerDetail: {
    path: '/customers/detail',
    access: OPERATE,
    summary: 'One customer with the history of account-state changes',
    request: s.customerIdRequest,
    response: s.customerDetailResponse,
  },
  customerSetState: {
    path: '/customers/setState',
    access: OPERATE,
    summary: 'Set or clear frozen, disabled, login banned, trading or withdrawal barred',
    request: s.customerSetStateRequest,
    response: s.customerDetailResponse,
  },
  entityView: {
    path: '/entities/view',
    access: 'any',
    summary: 'A lifecycle entity: state, state chart with the path taken, transitions',
    request: s.entityViewRequest,
    response: s.entityViewResponse,
  },
  auditSearch: {
    path: '/audit/search',
    access: ADMIN,
    summary: 'The audit log of staff actions, newest first',
    request: s.auditSearchRequest,
    response: s.auditSearchResponse,
  },
  institutionCreate: {
    path: '/institutions/create',
    access: ADMIN,
    summary: 'Create an institution (invitation code)',
    request: s.institutionCreateRequest,
    response: s.institutionResponse,
  },
  institutionDisable: {
    path: '/institutions/disable',
    access: ADMIN,
    summary: 'Disable an institution code: no new registrations with it',
    request: s.institutionDisableRequest,
    response: s.institutionResponse,
  },
  institutionList: {
    path: '/institutions/list',
    access: OPERATE,
    summary: 'Institutions with the number of customers each registered',
    request: s.pagingRequest,
    response: s.institutionListResponse,
  },
  institutionCustomers: {
    path: '/institutions/customers',
    access: OPERATE,
    summary: 'Customers who registered with an institution',
    request: s.institutionCustomersRequest,
    response: s.customerSearchResponse,
  },
} as const satisfies Record<string, StaffCallSpec>;

export type StaffCallName = keyof typeof STAFF_CALLS;
