import type { InferType } from 'yup';
import type {
  AdjustmentDto,
  ChannelProposalDto,
  FundCaseDto,
  FundQueueItemDto,
  channelItem,
} from '../../../contract/schemas/funds-staff';

/** Answers of the money staff calls, typed by the contract, for component tests. */
export const page = <T>(items: T[]) => ({ items, page: 1, pageSize: 20, total: items.length });

export function depositItem(over: Partial<FundQueueItemDto> = {}): FundQueueItemDto {
  return {
    id: 41,
    orderNo: 'D41',
    customerId: 7,
    account: 'hong',
    accountId: '10000007',
    realName: '홍길동',
    currency: 'KRW',
    amount: 500_000,
    amountKrw: 500_000,
    state: 'pending.waiting',
    version: 1,
    accepts: ['deposit.cancel', 'review.approve', 'review.reject', 'review.overdue'],
    overdue: false,
    needsTwoApprovals: false,
    approvals: [],
    destination: null,
    voucherId: 'v1',
    reason: null,
    createdAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

export function withdrawalItem(over: Partial<FundQueueItemDto> = {}): FundQueueItemDto {
  return depositItem({
    id: 42,
    orderNo: 'W42',
    currency: 'USD',
    amount: 1_500_000,
    amountKrw: 20_250_000,
    accepts: ['withdrawal.cancel', 'review.approve', 'review.reject', 'review.overdue'],
    needsTwoApprovals: true,
    destination: { type: 'card', id: 3, label: 'KB국민 1234 **** **** 5678' },
    voucherId: null,
    ...over,
  });
}

export function fundCase(item: FundQueueItemDto, over: Partial<FundCaseDto> = {}): FundCaseDto {
  return {
    item,
    voucher: item.orderNo.startsWith('D') ? 'data:image/jpeg;base64,AAAA' : null,
    payTo: item.orderNo.startsWith('W') ? '1234567890125678' : null,
    recent: [
      {
        id: 30,
        kind: 'deposit',
        orderNo: 'D30',
        currency: 'KRW',
        amount: 100_000,
        state: 'rejected',
        version: 2,
        accepts: [],
        reason: 'no transfer found',
        expectedArrival: null,
        destination: null,
        reference: null,
        createdAt: '2025-12-30T00:00:00Z',
        updatedAt: '2025-12-30T01:00:00Z',
      },
    ],
    ...over,
  };
}

type Channel = InferType<typeof channelItem>;

export function channel(over: Partial<Channel> = {}): Channel {
  return {
    id: 1,
    currency: 'KRW',
    kind: 'bank',
    bankName: 'Maru Bank',
    accountName: 'Maru Securities',
    accountNumber: '100-200-300',
    demo: true,
    active: true,
    ...over,
  };
}

export function proposal(over: Partial<ChannelProposalDto> = {}): ChannelProposalDto {
  return {
    id: 5,
    action: 'add',
    channel: channel({ id: 2, demo: false, bankName: 'KB', accountNumber: '555-1' }),
    reason: 'second bank',
    state: 'pending',
    proposedBy: 'other1',
    proposedAt: '2026-01-01T00:00:00Z',
    decidedBy: null,
    decidedAt: null,
    ...over,
  };
}

export function adjustment(over: Partial<AdjustmentDto> = {}): AdjustmentDto {
  return {
    id: 8,
    customerId: 7,
    account: 'hong',
    currency: 'USD',
    amount: -1250,
    reason: 'fee refund reversed',
    state: 'pending',
    proposedBy: 'other1',
    proposedAt: '2026-01-01T00:00:00Z',
    decidedBy: null,
    decidedAt: null,
    entryId: null,
    ...over,
  };
}

export const fundSetting = (key: string, value: number, unit: string, defaultValue = value) => ({
  key,
  value,
  defaultValue,
  unit,
  updatedBy: null,
  updatedAt: null,
});
