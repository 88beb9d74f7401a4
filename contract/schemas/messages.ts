import { array, boolean, mixed, number, object, string } from 'yup';
import type { InferType } from 'yup';
import type { ErrorCode } from '../errors';
import { optionalText, requiredText, strictObject } from './fields';
import { oneOf, pageInfo, positiveId } from './staff';

const code = (c: ErrorCode) => c;

/**
 * What a message from the system says, one code per transition that matters to the customer
 * (server/modules/messages/rules.ts maps transitions to them). Texts: locales/<lang>/messages.json,
 * rendered in the reader's language when read, so a customer who switches language reads every
 * message again in the new one.
 */
export const MESSAGE_CODES = [
  'kyc.passed',
  'kyc.rejected',
  'deposit.credited',
  'deposit.rejected',
  'withdrawal.paid',
  'withdrawal.rejected',
  'order.filled',
  'order.forceClosed',
  'blockApplication.approved',
  'blockApplication.rejected',
  'subscription.won',
  'subscription.notWon',
  'subscription.waived',
  'subscription.listed',
] as const;
export type MessageCode = (typeof MESSAGE_CODES)[number];

/** The values a message's text is filled with (`{{amount}}`, `{{reason}}`, …). */
export type MessageParams = Record<string, string | number>;

/** A message's two texts in one language. */
export interface MessageText {
  title: string;
  body: string;
}

export const MESSAGE_KINDS = ['event', 'announcement'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** The spec's list defaults: pages of 10. */
export const MESSAGE_PAGE_SIZE = 10;

export const msgListRequest = strictObject({
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
    .default(MESSAGE_PAGE_SIZE),
});

export const messageItem = object({
  id: number().integer().required(),
  kind: mixed<MessageKind>()
    .oneOf([...MESSAGE_KINDS])
    .required(),
  /** The message code of a system message; null for an announcement. */
  code: string().nullable().defined(),
  /** In the request's language. */
  title: string().required(),
  body: string().required(),
  read: boolean().required(),
  createdAt: string().required(),
  /** The lifecycle entity the message is about (`deposit`, 123), for a link; null for announcements. */
  entityType: string().nullable().defined(),
  entityId: number().integer().nullable().defined(),
});
export type MessageDto = InferType<typeof messageItem>;

export const unreadResponse = object({ unread: number().integer().required() });
export type UnreadDto = InferType<typeof unreadResponse>;

export const msgListResponse = object({
  items: array(messageItem).required(),
  page: number().integer().required(),
  pageSize: number().integer().required(),
  total: number().integer().required(),
  /** Over all the customer's messages, not this page: the badge. */
  unread: number().integer().required(),
});
export type MsgListDto = InferType<typeof msgListResponse>;

export const msgReadRequest = strictObject({ id: positiveId() });

// ---- Announcements (staff) ------------------------------------------------------------------

export const ANNOUNCEMENT_AUDIENCES = ['all', 'institution', 'accounts'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
export const ANNOUNCEMENT_TITLE_MAX = 100;
export const ANNOUNCEMENT_BODY_MAX = 2_000;
/** At most this many account names in one announcement (a longer list: an institution, or all). */
export const ANNOUNCEMENT_ACCOUNTS_MAX = 500;

const optionalTitle = () => optionalText(ANNOUNCEMENT_TITLE_MAX);
const optionalBody = () => optionalText(ANNOUNCEMENT_BODY_MAX);

/**
 * An announcement: Korean title and body required (the default language), the other three
 * optional; a reader whose language has none reads the Korean. `institutionId` only for the
 * `institution` audience, `accounts` only for `accounts`.
 */
export const announcementSendRequest = strictObject({
  audience: oneOf(ANNOUNCEMENT_AUDIENCES),
  institutionId: positiveId()
    .notRequired()
    .when('audience', ([audience]: unknown[], schema) =>
      audience === 'institution'
        ? schema.required(code('request.required'))
        : schema.test('absent', code('request.invalid'), (v) => v === undefined || v === null),
    ),
  accounts: array(requiredText(32))
    .typeError(code('request.wrong_type'))
    .max(ANNOUNCEMENT_ACCOUNTS_MAX, code('request.too_long'))
    .notRequired()
    .when('audience', ([audience]: unknown[], schema) =>
      audience === 'accounts'
        ? schema.required(code('request.required')).min(1, code('request.required'))
        : schema.test('absent', code('request.invalid'), (v) => v === undefined || v === null),
    ),
  title: requiredText(ANNOUNCEMENT_TITLE_MAX),
  body: requiredText(ANNOUNCEMENT_BODY_MAX),
  titleEn: optionalTitle(),
  bodyEn: optionalBody(),
  titleZhTw: optionalTitle(),
  bodyZhTw: optionalBody(),
  titleZhCn: optionalTitle(),
  bodyZhCn: optionalBody(),
});
export type AnnouncementSendRequest = InferType<typeof announcementSendRequest>;

export const announcementItem = object({
  id: number().integer().required(),
  audience: mixed<AnnouncementAudience>()
    .oneOf([...ANNOUNCEMENT_AUDIENCES])
    .required(),
  institutionId: number().integer().nullable().defined(),
  /** The listed account names (audience `accounts`); empty otherwise. */
  accounts: array(string().required()).required(),
  title: string().required(),
  body: string().required(),
  /** The languages written besides Korean. */
  languages: array(string().required()).required(),
  /** How many customers it reached, and how many have read it. */
  recipients: number().integer().required(),
  readCount: number().integer().required(),
  createdBy: number().integer().nullable().defined(),
  createdAt: string().required(),
});
export type AnnouncementDto = InferType<typeof announcementItem>;

export const announcementListResponse = object({
  items: array(announcementItem).required(),
}).concat(pageInfo);
export type AnnouncementListDto = InferType<typeof announcementListResponse>;
