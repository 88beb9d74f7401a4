import { array, boolean, mixed, number, object, string } from 'yup';
import type { InferType } from 'yup';
import type { ErrorCode } from '../errors';
import { lifecycleStatusFields } from '../lifecycles';
import { requiredText, strictObject } from './fields';
import { positiveId } from './staff';

/**
 * Customer service (issue 13, docs/support.md): a live chat between a customer and the staff
 * agents, the queue, canned replies and leaving a message while no agent is on shift.
 */
const code = (c: ErrorCode) => c;
const count = () => number().integer().required();
const version = () => positiveId().min(0, code('request.invalid'));

/** Longest chat message or left message, in characters. */
export const SUPPORT_TEXT_MAX_LENGTH = 2_000;
/** Canned replies: a short title agents pick by, and the text sent. */
export const CANNED_TITLE_MAX_LENGTH = 60;
/** Messages one history page holds at most. */
export const SUPPORT_PAGE_MAX = 100;
export const SUPPORT_PAGE_DEFAULT = 30;
export const SUPPORT_IMAGE_UPLOAD_PATH = '/kefu/image';

export const SUPPORT_SENDERS = ['customer', 'staff'] as const;
export type SupportSender = (typeof SUPPORT_SENDERS)[number];

/** Chat text: required, at most SUPPORT_TEXT_MAX_LENGTH, no NUL or lone surrogate, not blank. */
const chatText = () =>
  requiredText(SUPPORT_TEXT_MAX_LENGTH).test(
    'not-blank',
    code('request.required'),
    (value) => typeof value === 'string' && value.trim() !== '',
  );

export const supportMessageDto = object({
  id: count(),
  conversationId: count(),
  sender: mixed<SupportSender>()
    .oneOf([...SUPPORT_SENDERS])
    .required(),
  /** The agent's display name (their staff account) on staff messages; null on the customer's. */
  agent: string().nullable().defined(),
  text: string().nullable().defined(),
  /** An image attachment: fetch it with the image call (never served by path). */
  image: object({ width: count(), height: count() }).nullable().defined(),
  /** Left while no agent was on shift. */
  left: boolean().required(),
  createdAt: string().required(),
});
export type SupportMessageDto = InferType<typeof supportMessageDto>;

export const supportConversationDto = object({
  id: count(),
  ...lifecycleStatusFields,
  /** The agent who has it; null while waiting, reopened or closed. */
  agent: string().nullable().defined(),
  agentId: number().integer().nullable().defined(),
  reopenings: count(),
  /** The last message each side has read (read receipts): a message id, 0 for none. */
  customerReadUpTo: count(),
  staffReadUpTo: count(),
  /** Messages of the other side not read yet, for the customer. */
  unread: count(),
  lastMessageAt: string().nullable().defined(),
});
export type SupportConversationDto = InferType<typeof supportConversationDto>;

export const supportHours = object({
  /** Minutes after 00:00 Asia/Seoul. */
  opens: count(),
  closes: count(),
  timeZone: string().required(),
  /** Whether now is inside the hours. */
  open: boolean().required(),
});
export type SupportHoursDto = InferType<typeof supportHours>;

export const supportStatusResponse = object({
  /** Agents on shift now; 0 means leave a message. */
  agentsOnShift: count(),
  hours: supportHours,
  conversation: supportConversationDto.nullable().defined(),
});
export type SupportStatusDto = InferType<typeof supportStatusResponse>;

export const supportHistoryRequest = strictObject({
  /** Messages older than this id; leave out for the newest. */
  before: positiveId().notRequired(),
  limit: number()
    .typeError(code('request.wrong_type'))
    .integer(code('request.invalid'))
    .min(1, code('request.invalid'))
    .max(SUPPORT_PAGE_MAX, code('request.invalid'))
    .notRequired(),
});
export const supportHistoryResponse = object({
  /** Oldest first. */
  rows: array(supportMessageDto).required(),
  hasMore: boolean().required(),
});
export type SupportHistoryDto = InferType<typeof supportHistoryResponse>;

export const supportSendRequest = strictObject({ text: chatText() });
export const supportSendResponse = object({
  message: supportMessageDto.required(),
  conversation: supportConversationDto.required(),
});
export type SupportSendDto = InferType<typeof supportSendResponse>;

export const supportReadRequest = strictObject({ upTo: positiveId() });

export const supportImageQuery = strictObject({});
export const supportImageDataRequest = strictObject({ messageId: positiveId() });
export const supportImageDataResponse = object({ dataUrl: string().required() });
export type SupportImageDataDto = InferType<typeof supportImageDataResponse>;

// --- Staff ------------------------------------------------------------------------------------

export const supportAccountSummary = object({
  customerId: count(),
  account: string().required(),
  accountId: string().required(),
  nickname: string().nullable().defined(),
  kycState: string().required(),
  accountState: string().required(),
  /** Deposits and withdrawals not final yet. */
  pendingFundOrders: array(
    object({
      kind: mixed<'deposit' | 'withdrawal'>().oneOf(['deposit', 'withdrawal']).required(),
      id: count(),
      currency: string().required(),
      amount: count(),
      state: string().required(),
      createdAt: string().required(),
    }),
  ).required(),
});
export type SupportAccountSummaryDto = InferType<typeof supportAccountSummary>;

export const supportQueueRow = supportConversationDto.shape({
  customerId: count(),
  account: string().required(),
  /** The newest message's text (or null for an image), for the list. */
  preview: string().nullable().defined(),
  /** Customer messages the staff side has not read. */
  staffUnread: count(),
});
export type SupportQueueRowDto = InferType<typeof supportQueueRow>;

export const supportQueueResponse = object({
  onShift: boolean().required(),
  agentsOnShift: count(),
  /** The agents on shift, whom a conversation can be assigned to. */
  agents: array(object({ id: count(), account: string().required() })).required(),
  /** Waiting and reopened, oldest first. */
  waiting: array(supportQueueRow).required(),
  /** Assigned to the caller. */
  mine: array(supportQueueRow).required(),
  /** Assigned to other agents. */
  others: array(supportQueueRow).required(),
  /** Closed lately (the last 20), newest first. */
  closed: array(supportQueueRow).required(),
});
export type SupportQueueDto = InferType<typeof supportQueueResponse>;

export const supportShiftRequest = strictObject({
  onShift: boolean().typeError(code('request.wrong_type')).required(code('request.required')),
});
export const supportConversationRequest = strictObject({
  id: positiveId(),
  before: positiveId().notRequired(),
});
export const supportDecisionRequest = strictObject({ id: positiveId(), version: version() });
export const supportAssignRequest = strictObject({
  id: positiveId(),
  version: version(),
  agentId: positiveId(),
});
export const supportReplyRequest = strictObject({ id: positiveId(), text: chatText() });
export const supportStaffReadRequest = strictObject({ id: positiveId(), upTo: positiveId() });

/**
 * An agent's image goes up as raw bytes like the customer's, into the conversation named in the
 * query string (`?id=12`, digits: a query string carries text, and strict checking casts none).
 */
export const SUPPORT_STAFF_IMAGE_UPLOAD_PATH = '/support/image/send';
export const supportStaffImageQuery = strictObject({
  id: requiredText(10).matches(/^[1-9][0-9]*$/, code('request.invalid')),
});

export const supportConversationDetail = object({
  conversation: supportQueueRow.required(),
  messages: array(supportMessageDto).required(),
  hasMore: boolean().required(),
  summary: supportAccountSummary.required(),
});
export type SupportConversationDetailDto = InferType<typeof supportConversationDetail>;

export const cannedReplyDto = object({
  id: count(),
  title: string().required(),
  text: string().required(),
});
export type CannedReplyDto = InferType<typeof cannedReplyDto>;
export const cannedRepliesResponse = object({ rows: array(cannedReplyDto).required() });
export type CannedRepliesDto = InferType<typeof cannedRepliesResponse>;
export const cannedCreateRequest = strictObject({
  title: requiredText(CANNED_TITLE_MAX_LENGTH),
  text: chatText(),
});
export const cannedUpdateRequest = strictObject({
  id: positiveId(),
  title: requiredText(CANNED_TITLE_MAX_LENGTH),
  text: chatText(),
});
export const cannedDeleteRequest = strictObject({ id: positiveId() });
