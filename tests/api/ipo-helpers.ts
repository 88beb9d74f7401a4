import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { IpoSubscriptionDto, StaffIpoOfferingDto } from '../../contract';
import { call, expectSuccess } from './api-helpers';
import { staffCall } from './identity-helpers';
import type { Trader } from './trade-helpers';
import { FUND } from './withdrawal-helpers';

/** IPO tests' helpers: an operator's offering on a schedule relative to the test clock. */

export const MINUTE = 60 * 1000;

export interface OfferingTerms {
  symbol: string;
  offerPrice: number;
  sharesOffered: number;
  minShares: number;
  maxTimes: number;
  minFunds: number;
  depositPct: number;
  /** Minutes from now: opens, closes, draw, payment deadline, listing. */
  minutes: [number, number, number, number, number];
}

export const TERMS: OfferingTerms = {
  symbol: '0009K0',
  offerPrice: 10_000,
  sharesOffered: 100,
  minShares: 10,
  maxTimes: 1,
  minFunds: 0,
  depositPct: 50,
  // Opened an hour ago; closes, draws, payment due and listing minutes apart (the simulated
  // market steps through every second the test moves, so the test keeps to minutes).
  minutes: [-60, 1, 2, 5, 6],
};

export function offeringBody(now: number, terms: Partial<OfferingTerms> = {}) {
  const t = { ...TERMS, ...terms };
  const at = (min: number) => new Date(now + min * MINUTE).toISOString();
  return {
    symbol: t.symbol,
    name: '에임드바이오',
    nameEn: 'Aimed Bio',
    market: 'KOSDAQ',
    broker: 'KB증권',
    offerPrice: t.offerPrice,
    sharesOffered: t.sharesOffered,
    minShares: t.minShares,
    maxTimes: t.maxTimes,
    minFunds: t.minFunds,
    depositPct: t.depositPct,
    equalShareBps: 5000,
    opensAt: at(t.minutes[0]),
    closesAt: at(t.minutes[1]),
    drawAt: at(t.minutes[2]),
    paymentDeadline: at(t.minutes[3]),
    listingAt: at(t.minutes[4]),
  };
}

/** Creates and publishes an offering as an operator. */
export async function publishedOffering(
  app: FastifyInstance,
  token: string,
  now: number,
  terms: Partial<OfferingTerms> = {},
): Promise<StaffIpoOfferingDto> {
  const draft = expectSuccess<StaffIpoOfferingDto>(
    await staffCall(app, '/ipo/create', offeringBody(now, terms), token),
  );
  return expectSuccess<StaffIpoOfferingDto>(
    await staffCall(app, '/ipo/publish', { id: draft.id }, token),
  );
}

export function subscribeRaw(
  app: FastifyInstance,
  trader: Trader,
  body: Record<string, unknown>,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return call(app, '/ipo/subscribe', body, {
    session: trader.session,
    headers: { 'idempotency-key': key },
  });
}

export async function subscribed(
  app: FastifyInstance,
  trader: Trader,
  id: number,
  shares: number,
): Promise<IpoSubscriptionDto> {
  return expectSuccess<IpoSubscriptionDto>(
    await subscribeRaw(app, trader, { id, shares, fundPassword: FUND }),
  );
}

export function act(
  app: FastifyInstance,
  trader: Trader,
  path: '/ipo/pay' | '/ipo/waive',
  id: number,
): Promise<LightMyRequestResponse> {
  return call(
    app,
    path,
    { id },
    { session: trader.session, headers: { 'idempotency-key': randomUUID() } },
  );
}

export async function subscriptionOf(
  app: FastifyInstance,
  trader: Trader,
  id: number,
): Promise<IpoSubscriptionDto> {
  return expectSuccess<{ subscription: IpoSubscriptionDto }>(
    await call(app, '/ipo/subscription', { id }, { session: trader.session }),
  ).subscription;
}
