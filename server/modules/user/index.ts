import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API } from '../../../contract';
import { revokeSession } from '../../auth/sessions';
import { defineCall } from '../../http/define-call';
import { accountStatus } from './account-status';
import { changePassword } from './change-password';
import { userInfo } from './info';
import { login } from './login';
import { register } from './register';

/** Accounts and sessions: register, login, logout, info, accountStatus, changePassword. */
export function registerUserModule(app: FastifyInstance): void {
  const rateLimit = app.maru.config.authRateLimit;

  defineCall(app, CUSTOMER_API, 'register', ({ maru, body }) => register(maru, body), {
    rateLimit,
  });
  defineCall(
    app,
    CUSTOMER_API,
    'login',
    ({ maru, body, request }) => login(maru, body, request.ip),
    {
      rateLimit,
    },
  );
  defineCall(
    app,
    CUSTOMER_API,
    'logout',
    async ({ db, session }) => {
      await revokeSession(db, session.sessionId);
      return null;
    },
    { allowRestrictedAccount: true },
  );
  defineCall(app, CUSTOMER_API, 'info', ({ maru, session }) => userInfo(maru, session));
  // Answered while restricted: a frozen customer must be able to read why (and nothing else).
  defineCall(
    app,
    CUSTOMER_API,
    'accountStatus',
    ({ session }) => Promise.resolve(accountStatus(session.customer)),
    { allowRestrictedAccount: true },
  );
  defineCall(
    app,
    CUSTOMER_API,
    'changePassword',
    ({ maru, session, body, request }) => changePassword(maru, session, body, request.ip),
    { rateLimit },
  );
}
