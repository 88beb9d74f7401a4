import rateLimit from '@fastify/rate-limit';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TOKEN_HEADER } from '../../contract';
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

export interface RouteLimit {
  max: number;
  windowMs: number;
  /**
   * Whose attempts are counted together: the client's IP (calls that guess at secrets), or the
   * session (the token header; a customer's own submissions, e.g. orders, "submitting too often").
   */
  per?: 'ip' | 'session';
}

/** The per-route option for a limited call. */
export function routeRateLimit(limit: RouteLimit): RateLimitOptions {
  const options: RateLimitOptions = { max: limit.max, timeWindow: limit.windowMs };
  if (limit.per === 'session') {
    options.keyGenerator = (request) => {
      const token = request.headers[TOKEN_HEADER];
      return typeof token === 'string' && token !== '' ? `session:${token}` : `ip:${request.ip}`;
    };
  }
  return options;
}
