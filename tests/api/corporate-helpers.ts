import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import type { CorporateActionDto, CorporateListDto } from '../../contract';
import { call, expectSuccess } from './api-helpers';
import { staffCall } from './identity-helpers';
import type { Trader } from './trade-helpers';

/** Corporate-action test helpers: an operator announces an action, a holder applies for rights. */

const MINUTE = 60_000;

export function dividendBody(now: number, fields: Record<string, unknown> = {}) {
  return {
    symbol: '005930',
    kind: 'dividend',
    recordAt: new Date(now + MINUTE).toISOString(),
    payAt: new Date(now + 10 * MINUTE).toISOString(),
    perShare: 361,
    ...fields,
  };
}

export function rightsBody(now: number, fields: Record<string, unknown> = {}) {
  return {
    symbol: '005930',
    kind: 'rights',
    recordAt: new Date(now + MINUTE).toISOString(),
    windowClosesAt: new Date(now + 5 * MINUTE).toISOString(),
    payAt: new Date(now + 10 * MINUTE).toISOString(),
    issuePrice: 40_000,
    ratioPpm: 200_000,
    ...fields,
  };
}

export async function announce(
  app: FastifyInstance,
  operatorToken: string,
  body: Record<string, unknown>,
): Promise<CorporateActionDto> {
  return expectSuccess<CorporateActionDto>(
    await staffCall(app, '/corporate/create', body, operatorToken),
  );
}

export function applyRights(
  app: FastifyInstance,
  trader: Trader,
  body: Record<string, unknown>,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return call(app, '/corporate/apply', body, {
    session: trader.session,
    headers: { 'idempotency-key': key },
  });
}

export async function corporateListOf(
  app: FastifyInstance,
  trader: Trader,
): Promise<CorporateListDto> {
  return expectSuccess<CorporateListDto>(
    await call(app, '/corporate/list', {}, { session: trader.session }),
  );
}
