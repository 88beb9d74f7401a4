import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { changeFundPassword } from './change-fund-password';
import { resetFundPassword } from './reset-fund-password';
import { setFundPassword } from './set-fund-password';

export { verifyFundPassword } from './verify-fund-password';

/** The fund password: set once, change with the current one, reset with identity re-checked. */
export function registerFundPasswordModule(app: FastifyInstance): void {
  // Calls that check a secret are limited per IP too (the secret limiter counts failures).
  const rateLimit = app.maru.config.authRateLimit;
  defineCall(
    app,
    CUSTOMER_API,
    'fundPasswordSet',
    ({ db, session, body }) => setFundPassword(db, session.customer.id, body),
    { rateLimit },
  );
  defineCall(
    app,
    CUSTOMER_API,
    'fundPasswordChange',
    ({ db, session, body, request }) =>
      changeFundPassword(db, session.customer.id, body, request.ip),
    { rateLimit },
  );
  defineCall(
    app,
    CUSTOMER_API,
    'fundPasswordReset',
    ({ db, session, body, request }) =>
      resetFundPassword(db, session.customer.id, body, request.ip),
    { rateLimit },
  );
}
