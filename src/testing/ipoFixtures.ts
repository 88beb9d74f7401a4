/**
 * IPO answers for component tests (issue 12): a demo offering open for subscription, one drawn
 * (the worked example of docs/ipo-draw.md as its published draw), a won subscription pending
 * payment with its history, and records. Built from the contract's types and the draw module, so
 * the draw fixture is one the browser re-computes as published.
 */
import { drawAllocation, seedHash } from '../../contract/ipo-draw';
import type {
  IpoDetailDto,
  IpoDrawDto,
  IpoOfferingDto,
  IpoRecordsDto,
  IpoSubscriptionDetailDto,
  IpoSubscriptionDto,
} from '../../contract/schemas/ipo';

export const WORKED_SEED = 'maru-demo-2026';

export const ipoOffering = (over: Partial<IpoOfferingDto> = {}): IpoOfferingDto => ({
  id: 2,
  symbol: '462870',
  name: '시프트업',
  nameEn: 'SHIFT UP',
  market: 'KOSPI',
  broker: '한국투자증권',
  offerPrice: 60_000,
  marketPrice: null,
  priceDiff: null,
  premiumPct: null,
  sharesOffered: 7_250_000,
  minShares: 10,
  maxTimes: 1,
  minFunds: 0,
  depositPct: 50,
  equalShareBps: 5_000,
  opensAt: '2026-11-25T00:00:00Z',
  closesAt: '2026-11-27T07:00:00Z',
  drawAt: '2026-11-28T01:00:00Z',
  paymentDeadline: '2026-11-30T07:00:00Z',
  listingAt: '2026-12-03T00:00:00Z',
  phase: 'subscribing',
  competitionRate: null,
  winningRate: null,
  seedHash: seedHash('seed-of-offering-2'),
  demo: true,
  ...over,
});

/** The offering of the worked example, drawn: 20 shares, minimum 10, seven subscriptions. */
export const drawnOffering = (over: Partial<IpoOfferingDto> = {}): IpoOfferingDto =>
  ipoOffering({
    id: 1,
    symbol: '443060',
    name: 'HD현대마린솔루션',
    nameEn: 'HD Hyundai Marine Solution',
    offerPrice: 83_400,
    marketPrice: 130_000,
    priceDiff: 46_600,
    premiumPct: 55.88,
    sharesOffered: 20,
    phase: 'drawn',
    competitionRate: 15.25,
    winningRate: 6.56,
    seedHash: seedHash(WORKED_SEED),
    ...over,
  });

export const ipoSubscription = (over: Partial<IpoSubscriptionDto> = {}): IpoSubscriptionDto => ({
  id: 31,
  subscriptionNo: 'IPO0001-00000031',
  offeringId: 1,
  symbol: '443060',
  name: 'HD현대마린솔루션',
  nameEn: 'HD Hyundai Marine Solution',
  offerPrice: 83_400,
  shares: 30,
  deposit: 1_251_000,
  allotted: 3,
  allottedAmount: 250_200,
  due: 0,
  paid: 0,
  refunded: 0,
  state: 'won.pendingPayment',
  version: 2,
  accepts: ['subscription.pay', 'subscription.waive', 'payment.deadline'],
  paymentDeadline: '2026-11-30T07:00:00Z',
  listingAt: '2026-12-03T00:00:00Z',
  orderId: null,
  createdAt: '2026-11-25T01:00:00Z',
  updatedAt: '2026-11-28T01:00:00Z',
  ...over,
});

export const ipoDetail = (over: Partial<IpoDetailDto> = {}): IpoDetailDto => ({
  offering: ipoOffering(),
  seed: null,
  subscriptions: [],
  available: 5_000_000,
  ...over,
});

export const ipoSubscriptionDetail = (
  over: Partial<IpoSubscriptionDto> = {},
): IpoSubscriptionDetailDto => ({
  subscription: ipoSubscription(over),
  history: [
    {
      at: '2026-11-27T07:00:00Z',
      event: 'window.close',
      from: 'subscribing',
      to: 'awaitingDraw',
      actor: 'system',
      reason: null,
    },
    {
      at: '2026-11-28T01:00:00Z',
      event: 'draw.result',
      from: 'awaitingDraw',
      to: 'won.pendingPayment',
      actor: 'system',
      reason: null,
    },
  ],
});

/** The worked example's subscriptions (already in id order). */
export const WORKED_INPUTS = [
  { id: '1a', shares: 10 },
  { id: '2b', shares: 50 },
  { id: '3c', shares: 100 },
  { id: '4d', shares: 5 },
  { id: '5e', shares: 30 },
  { id: '6f', shares: 10 },
  { id: '7a', shares: 100 },
];

/** The worked example as published; `mine` is the customer's ids. */
export function workedDraw(mine: string[] = ['5e']): IpoDrawDto {
  const result = drawAllocation({
    seed: WORKED_SEED,
    sharesOffered: 20,
    minShares: 10,
    equalShareBps: 5_000,
    subscriptions: WORKED_INPUTS,
  });
  return {
    offeringId: 1,
    rule: result.summary.rule,
    seed: WORKED_SEED,
    seedHash: seedHash(WORKED_SEED),
    sharesOffered: 20,
    minShares: 10,
    equalShareBps: 5_000,
    drawnAt: '2026-11-28T01:00:00Z',
    inputs: WORKED_INPUTS,
    allocations: result.allocations.map(({ id, applied, equal, proportional, total }) => ({
      id,
      applied,
      equal,
      proportional,
      total,
    })),
    mine,
  };
}

export const ipoRecords = (over: Partial<IpoRecordsDto> = {}): IpoRecordsDto => ({
  tab: 'subscriptions',
  rows: [
    {
      id: 31,
      kind: 'subscriptions',
      recordNo: 'IPO0001-00000031',
      symbol: '443060',
      name: 'HD현대마린솔루션',
      nameEn: 'HD Hyundai Marine Solution',
      price: 83_400,
      shares: 30,
      allotted: 3,
      amount: 1_251_000,
      state: 'won.pendingPayment',
      createdAt: '2026-11-25T01:00:00Z',
    },
  ],
  page: 1,
  pageSize: 20,
  total: 1,
  ...over,
});
