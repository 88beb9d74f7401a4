import { array, boolean, mixed, number, object, string } from 'yup';
import type { InferType } from 'yup';
import type { ErrorCode } from '../errors';
import { LIFECYCLE_ENTITY_TYPES, lifecycleStatus, lifecycleStatusFields } from '../lifecycles';
import { accountStatesResponse } from './user';
import { existingPassword, newPassword, optionalText, requiredText, strictObject } from './fields';

/** Request and answer schemas of the back office (STAFF_CALLS in staff-calls.ts). */
const code = (c: ErrorCode) => c;
export const STAFF_ROLES = ['reviewer', 'operator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The account states staff set and clear, by their field name in accountStatesResponse. */
export const ACCOUNT_STATE_NAMES = [
  'frozen',
  'disabled',
  'loginBanned',
  'tradingBarred',
  'withdrawalBarred',
] as const;
export type AccountStateName = (typeof ACCOUNT_STATE_NAMES)[number];

export const STAFF_ACCOUNT_PATTERN = /^[a-z0-9_.-]{3,32}$/;
export const REASON_MAX_LENGTH = 500;

export const positiveId = () =>
  number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .integer(code('request.invalid'))
    .min(1, code('request.invalid'))
    .max(2_147_483_647, code('request.invalid'));
export const oneOf = <T extends string>(values: readonly T[]) =>
  mixed<T>()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .oneOf([...values], code('request.invalid'));
const caseVersion = () => positiveId().min(0, code('request.invalid')).notRequired();
const reason = () => requiredText(REASON_MAX_LENGTH);
export const paging = {
  page: number()
    .typeError(code('request.wrong_type'))
    .integer(code('request.invalid'))
    .min(1, code('request.invalid'))
    .max(100_000, code('request.invalid'))
    .default(1),
  pageSize: number()
    .typeError(code('request.wrong_type'))
    .integer(code('request.invalid'))
    .min(1, code('request.invalid'))
    .max(100, code('request.invalid'))
    .default(20),
};

export const pageInfo = object({
  page: number().integer().required(),
  pageSize: number().integer().required(),
  total: number().integer().required(),
});

// Sign-in: password, then a TOTP code (enrolling first if the account has none yet)

export const staffLoginRequest = strictObject({
  account: requiredText(32),
  password: existingPassword(),
});
export const staffLoginResponse = object({
  /** A half session: it may only enrol or verify a code until the code is right. */
  token: string().required(),
  next: mixed<'totp' | 'enrol'>().oneOf(['totp', 'enrol']).required(),
});

export const staffEnrolResponse = object({
  otpauthUri: string().required(),
  /** The same URI as a QR code, an SVG document to show as-is. */
  qrSvg: string().required(),
});

export const staffVerifyRequest = strictObject({
  code: requiredText(6).matches(/^\d{6}$/, { message: code('staff.wrong_code') }),
});

export const staffMeResponse = object({
  id: number().integer().required(),
  account: string().required(),
  role: mixed<StaffRole>()
    .oneOf([...STAFF_ROLES])
    .required(),
  mustChangePassword: boolean().required(),
});
export type StaffMeDto = InferType<typeof staffMeResponse>;

export const staffChangePasswordRequest = strictObject({
  oldPassword: existingPassword(),
  password: newPassword(),
  confirmPassword: requiredText(128).test(
    'same',
    code('account.password_mismatch'),
    (value, ctx) => value === (ctx.parent as { password?: unknown }).password,
  ),
});

// Staff accounts

export const staffCreateRequest = strictObject({
  account: requiredText(32).matches(STAFF_ACCOUNT_PATTERN, {
    message: code('account.invalid_name'),
    excludeEmptyString: true,
  }),
  role: oneOf(STAFF_ROLES),
});
export const staffCreateResponse = object({
  account: string().required(),
  role: string().required(),
  /** Shown once; must be changed at first sign-in. */
  oneTimePassword: string().required(),
});

export const pagingRequest = strictObject({ ...paging });
export const staffListResponse = object({
  items: array(
    object({
      id: number().required(),
      account: string().required(),
      role: string().required(),
      enrolled: boolean().required(),
      lockedUntil: string().nullable().defined(),
    }),
  ).required(),
}).concat(pageInfo);

// KYC review

export const kycQueueRequest = strictObject({
  /** A state of the KYC machine (`under_review` includes its nested `under_review.overdue`). */
  state: optionalText(64),
  ...paging,
});
const kycQueueItem = object({
  customerId: number().required(),
  account: string().required(),
  accountId: string().required(),
  state: string().required(),
  /** Waiting longer than the review time (state `under_review.overdue`): listed first. */
  overdue: boolean().required(),
  realName: string().nullable().defined(),
  submissions: number().required(),
  submittedAt: string().nullable().defined(),
});
export const kycQueueResponse = object({ items: array(kycQueueItem).required() }).concat(pageInfo);
export type KycQueueItemDto = InferType<typeof kycQueueItem>;

export const customerIdRequest = strictObject({ customerId: positiveId() });

const photo = object({ photoId: string().required(), mime: string().required(), data: string() });
export const kycDetailResponse = object({
  customerId: number().required(),
  account: string().required(),
  ...lifecycleStatusFields,
  submissions: number().required(),
  rejectionReason: string().nullable().defined(),
  realName: string().nullable().defined(),
  idNumber: string().nullable().defined(),
  front: photo.nullable().defined(),
  back: photo.nullable().defined(),
});
export type KycDetailDto = InferType<typeof kycDetailResponse>;

export const kycApproveRequest = strictObject({
  customerId: positiveId(),
  /** The version the reviewer saw, if sent: a decision on a changed case is lifecycle.conflict. */
  version: caseVersion(),
});
export const kycRejectRequest = strictObject({
  customerId: positiveId(),
  version: caseVersion(),
  reason: reason(),
});
export const kycDecisionResponse = lifecycleStatus;

// Customers

export const customerSearchRequest = strictObject({ query: optionalText(64), ...paging });
const customerSummary = object({
  id: number().required(),
  account: string().required(),
  accountId: string().required(),
  kycState: string().required(),
  institution: string().required(),
  createdAt: string().required(),
  states: accountStatesResponse.required(),
});
export const customerSearchResponse = object({ items: array(customerSummary).required() }).concat(
  pageInfo,
);
export const customerDetailResponse = customerSummary.concat(
  object({
    creditScore: number().required(),
    fundPasswordSet: boolean().required(),
    /** The account-state lifecycle: which set and clear events staff may send now. */
    accountLifecycle: lifecycleStatus.required(),
    stateChanges: array(
      object({
        state: string().required(),
        value: boolean().required(),
        reason: string().required(),
        staff: string().required(),
        at: string().required(),
      }),
    ).required(),
  }),
);
export type CustomerDetailDto = InferType<typeof customerDetailResponse>;

export const customerSetStateRequest = strictObject({
  customerId: positiveId(),
  state: oneOf(ACCOUNT_STATE_NAMES),
  value: boolean().typeError(code('request.wrong_type')).required(code('request.required')),
  reason: reason(),
  /** The account version the staff member saw; a change by someone else since is a conflict. */
  version: caseVersion(),
});

// Entity page: the lifecycle of one entity, with its chart

export const entityViewRequest = strictObject({
  entityType: oneOf(LIFECYCLE_ENTITY_TYPES),
  entityId: requiredText(64),
});
/** Who made a transition, as the history names them: a staff member, the customer, the system. */
const transitionActor = object({
  kind: mixed<'customer' | 'staff' | 'system'>().oneOf(['customer', 'staff', 'system']).required(),
  id: number().nullable().defined(),
  /** The staff member's or customer's account name; null for the system. */
  name: string().nullable().defined(),
  /** The staff member's role; null otherwise. */
  role: string().nullable().defined(),
});
const transitionRecord = object({
  from: string().required(),
  event: string().required(),
  to: string().required(),
  actor: transitionActor.required(),
  reason: string().nullable().defined(),
  machineVersion: number().required(),
  at: string().required(),
});
export type TransitionRecordDto = InferType<typeof transitionRecord>;
export const entityViewResponse = object({
  entityType: string().required(),
  entityId: string().required(),
  ...lifecycleStatusFields,
  /** The machine's chart with the current state and the path taken highlighted. */
  chartSvg: string().required(),
  transitions: array(transitionRecord).required(),
});
export type EntityViewDto = InferType<typeof entityViewResponse>;

// Audit log

export const auditSearchRequest = strictObject({
  staffId: positiveId().notRequired(),
  action: optionalText(64),
  entity: optionalText(64),
  ...paging,
});
export const auditSearchResponse = object({
  items: array(
    object({
      id: number().required(),
      staff: string().nullable().defined(),
      action: string().required(),
      entity: string().nullable().defined(),
      detail: string().nullable().defined(),
      ip: string().required(),
      userAgent: string().required(),
      at: string().required(),
    }),
  ).required(),
}).concat(pageInfo);

// Institutions and invitation codes

export const institutionCreateRequest = strictObject({
  name: requiredText(64),
  code: requiredText(32).matches(/^[A-Za-z0-9]{4,32}$/, {
    message: code('request.invalid'),
    excludeEmptyString: true,
  }),
});
export const institutionIdRequest = strictObject({ institutionId: positiveId() });
export const institutionDisableRequest = strictObject({
  institutionId: positiveId(),
  reason: reason(),
});
const institution = object({
  id: number().required(),
  code: string().required(),
  name: string().required(),
  active: boolean().required(),
  customers: number().required(),
  createdAt: string().required(),
});
export const institutionResponse = institution;
export const institutionListResponse = object({ items: array(institution).required() }).concat(
  pageInfo,
);
export const institutionCustomersRequest = strictObject({
  institutionId: positiveId(),
  ...paging,
});
