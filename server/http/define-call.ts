import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { InferType } from 'yup';
import type { CallSpec } from '../../contract';
import { API_BASE } from '../../contract';
import type { LiveSession } from '../auth/sessions';
import { authenticate } from '../auth/authenticate';
import { success } from './envelope';
import { routeRateLimit } from './rate-limit';
import { validateBody } from './validation';
import '../app-context';

export type CallBody<C extends CallSpec> = InferType<C['request']>;
export type CallData<C extends CallSpec> = C['response'] extends null
  ? null
  : InferType<NonNullable<C['response']>>;

export type CallContext<C extends CallSpec> = {
  body: CallBody<C>;
  request: FastifyRequest;
} & (C['auth'] extends true ? { session: LiveSession } : { session: null });

export interface CallOptions {
  /** Limit attempts per client IP (calls that guess at secrets). */
  rateLimit?: { max: number; windowMs: number };
  /**
   * Let a session of a frozen, disabled or banned account through. Only logout uses it: ending a
   * session must always be possible.
   */
  allowRestrictedAccount?: boolean;
}

/**
 * Registers one call of the contract: POST <API_BASE><path>. In order: the session (for auth
 * calls; 401/403 before the body is looked at), then the body against the call's schema, then the
 * handler, whose result is wrapped in the success envelope. Refusals are thrown as ApiRefusal.
 */
export function defineCall<C extends CallSpec>(
  app: FastifyInstance,
  call: C,
  handler: (context: CallContext<C>) => Promise<CallData<C>>,
  options: CallOptions = {},
): void {
  app.post(
    `${API_BASE}${call.path}`,
    { config: options.rateLimit ? { rateLimit: routeRateLimit(options.rateLimit) } : {} },
    async (request) => {
      const session = call.auth
        ? await authenticate(app.maru.db, request, {
            checkAccountState: !options.allowRestrictedAccount,
          })
        : null;
      // A POST without a body counts as {}.
      const body: unknown = await validateBody(
        call.request,
        request.body === undefined ? {} : request.body,
      );
      // The schema just checked `body`; the types cannot follow a schema held in a variable.
      const context = { body, request, session } as CallContext<C>;
      return success(await handler(context));
    },
  );
}
