import rateLimit from '@fastify/rate-limit';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiRefusal } from './refusal';

/**
 * Rate limiting is opt-in per route (global: false): only calls that guess at secrets (login,
 * register) carry a limit. Counts live in memory; with REDIS_URL they will move to Redis so that
 * every node shares them.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      // The plugin throws what this returns; the error handler turns it into the envelope.
      errorResponseBuilder: () => new ApiRefusal('request.too_often'),
    });
  },
  { name: 'maru-rate-limit' },
);

/** The per-route option for a limited call. */
export function routeRateLimit(limit: { max: number; windowMs: number }): RateLimitOptions {
  return { max: limit.max, timeWindow: limit.windowMs };
}
