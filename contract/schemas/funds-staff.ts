import { array, boolean, mixed, number, object, string } from 'yup';
import type { InferType } from 'yup';
import type { ErrorCode } from '../errors';
import { lifecycleStatusFields } from '../lifecycles';
import type { Currency } from '../money';
import { optionalText, requiredText, strictObject } from './fields';
import {
  CURRENCY_CODES,
  FUND_CURRENCIES,
  currencyField,
  fundOrderResponse,
  withdrawalDestination,
} from './funds';
import { REASON_MAX_LENGTH, oneOf, pageInfo, paging, positiveId } from './staff';

/** Back-office money calls (STAFF_CALLS): the deposit and withdrawal queues, channels, adjustments. */
const code = (c: ErrorCode) => c;

const version = () => positiveId().min(0, code('request.invalid'));
const reason = () => requiredText(REASON_MAX_LENGTH);
const nullableText = () => string().nullable().defined();
const currencyOut = () =>
  mixed<Currency>()
    .oneOf([...CURRENCY_CODES])
    .required();

// ---- Queues --------------------------------------------------------------------------------

export const fundQueueRequest = strictObject({
  /** A state of the machine (`pending` includes nested states); all states when left out. */
  state: optionalText(64),
  /** Only the items past their service time. */
  overdueOnly: boolean().typeError(code('request.wrong_type')).notRequired(),
  ...paging,
});

/** A staff approval of a withdrawal (two above the four-eyes threshold). */
export const approvalItem = object({
  staff: string().required(),
  at: string().required(),
});

export const fundQueueItem = object({
  id: number().integer().required(),
  orderNo: string().required(),
  customerId: number().integer().required(),
  account: string().required(),
  accountId: string().required(),
  realName: nullableText(),
  currency: currencyOut(),
  amount: number().integer().required(),
  /** The amount in won at today's rate, for the threshold and for sorting. */
  amountKrw: number().integer().required(),
  ...lifecycleStatusFields,
  /** Past its service time (flagged by a job). */
  overdue: boolean().required(),
  /** Withdrawals: above the threshold, so two different staff must approve. */
  needsTwoApprovals: boolean().required(),
  approvals: array(approvalItem).required(),
  destination: withdrawalDestination.defined(),
  voucherId: nullableText(),
  reason: nullableText(),
  createdAt: string().required(),
});
export type FundQueueItemDto = InferType<typeof fundQueueItem>;
export const fundQueueResponse = object({ items: array(fundQueueItem).required() }).concat(
  pageInfo,
);

export const fundOrderStaffIdRequest = strictObject({ id: positiveId() });

/** A deposit's or withdrawal's case: the item, its voucher, the customer's recent fund orders. */
export const fundCaseResponse = object({
  item: fundQueueItem.required(),
  /** The voucher image as a data: URL (deposits); null when there is none. */
  voucher: nullableText(),
  /** Withdrawals to a card: the whole account number, for the staff member who pays it. */
  payTo: nullableText(),
  recent: array(fundOrderResponse).required(),
});
export type FundCaseDto = InferType<typeof fundCaseResponse>;

export const fundApproveRequest = strictObject({ id: positiveId(), version: version() });
export const fundRejectRequest = strictObject({
  id: positiveId(),
  version: version(),
  reason: reason(),
});
export const withdrawalPaidRequest = strictObject({
  id: positiveId(),
  version: version(),
  /** The bank transfer's or the chain transaction's reference. */
  reference: requiredText(128),
});
export const fundDecisionResponse = fundQueueItem;

// ---- Receiving channels (two staff members: one proposes, another approves) ----------------

export const CHANNEL_PROPOSAL_ACTIONS = ['add', 'remove'] as const;
export type ChannelProposalAction = (typeof CHANNEL_PROPOSAL_ACTIONS)[number];

export const channelProposeRequest = strictObject({
  action: oneOf(CHANNEL_PROPOSAL_ACTIONS),
  /** remove: the channel to take away. */
  channelId: positiveId().notRequired(),
  /** add: the new channel. */
  currency: currencyField(FUND_CURRENCIES).notRequired(),
  kind: mixed<'bank' | 'wallet'>()
    .typeError(code('request.wrong_type'))
    .oneOf(['bank', 'wallet'], code('request.invalid'))
    .notRequired(),
  bankName: optionalText(60),
  accountName: optionalText(60),
  accountNumber: optionalText(64),
  reason: reason(),
});

export const channelItem = object({
  id: number().integer().required(),
  currency: currencyOut(),
  kind: mixed<'bank' | 'wallet'>().oneOf(['bank', 'wallet']).required(),
  bankName: string().required(),
  accountName: string().required(),
  accountNumber: string().required(),
  demo: boolean().required(),
  active: boolean().required(),
});
export const channelProposal = object({
  id: number().integer().required(),
  action: mixed<ChannelProposalAction>()
    .oneOf([...CHANNEL_PROPOSAL_ACTIONS])
    .required(),
  channel: channelItem.required(),
  reason: string().required(),
  state: mixed<'pending' | 'approved' | 'rejected'>()
    .oneOf(['pending', 'approved', 'rejected'])
    .required(),
  proposedBy: string().required(),
  proposedAt: string().required(),
  decidedBy: nullableText(),
  decidedAt: nullableText(),
});
export type ChannelProposalDto = InferType<typeof channelProposal>;
export const channelListResponse = object({
  channels: array(channelItem).required(),
  proposals: array(channelProposal).required(),
});
export const proposalDecisionRequest = strictObject({
  id: positiveId(),
  approve: boolean().typeError(code('request.wrong_type')).required(code('request.required')),
});

// ---- Manual balance adjustments (a journal entry proposed by one, approved by another) ------

export const adjustProposeRequest = strictObject({
  customerId: positiveId(),
  currency: currencyField(FUND_CURRENCIES),
  /** Signed minor units: positive credits the customer's available balance. */
  amount: number()
    .typeError(code('request.wrong_type'))
    .required(code('request.required'))
    .test('amount', code('money.invalid_amount'), (v) => v === undefined || isSignedAmount(v)),
  reason: reason(),
});

function isSignedAmount(value: number): boolean {
  return Number.isSafeInteger(value) && value !== 0;
}

export const adjustmentItem = object({
  id: number().integer().required(),
  customerId: number().integer().required(),
  account: string().required(),
  currency: currencyOut(),
  amount: number().integer().required(),
  reason: string().required(),
  state: mixed<'pending' | 'approved' | 'rejected'>()
    .oneOf(['pending', 'approved', 'rejected'])
    .required(),
  proposedBy: string().required(),
  proposedAt: string().required(),
  decidedBy: nullableText(),
  decidedAt: nullableText(),
  /** The journal entry once approved. */
  entryId: number().integer().nullable().defined(),
});
export type AdjustmentDto = InferType<typeof adjustmentItem>;
export const adjustListRequest = strictObject({
  state: mixed<'pending' | 'approved' | 'rejected'>()
    .typeError(code('request.wrong_type'))
    .oneOf(['pending', 'approved', 'rejected'], code('request.invalid'))
    .notRequired(),
  ...paging,
});
export const adjustListResponse = object({ items: array(adjustmentItem).required() }).concat(
  pageInfo,
);
