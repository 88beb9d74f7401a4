import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import type { BlockOfferingDto } from '../../contract';
import { expectSuccess, call } from './api-helpers';
import { staffCall } from './identity-helpers';
import type { Trader } from './trade-helpers';

/** Block-trade test helpers: an operator lists an offering, a customer applies for shares. */

const DAY = 24 * 60 * 60 * 1000;

export async function listOffering(
  app: FastifyInstance,
  operatorToken: string,
  now: number,
  fields: Partial<{
    symbol: string;
    price: number;
    minShares: number;
    opensAt: string;
    closesAt: string;
  }> = {},
): Promise<BlockOfferingDto> {
  return expectSuccess<BlockOfferingDto>(
    await staffCall(
      app,
      '/block/create',
      {
        symbol: '005930',
        price: 50_000,
        minShares: 100,
        opensAt: new Date(now - 60_000).toISOString(),
        closesAt: new Date(now + DAY).toISOString(),
        ...fields,
      },
      operatorToken,
    ),
  );
}

export function applyBlock(
  app: FastifyInstance,
  trader: Trader,
  body: Record<string, unknown>,
  key: string = randomUUID(),
): Promise<LightMyRequestResponse> {
  return call(app, '/trade/block/apply', body, {
    session: trader.session,
    headers: { 'idempotency-key': key },
  });
}
