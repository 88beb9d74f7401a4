import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../contract';
import { revokeSession } from '../../auth/sessions';
import { defineCall } from '../../http/define-call';
import { changePassword } from './change-password';
import { userInfo } from './info';
import { login } from './login';
import { register } from './register';

/** Accounts and sessions: register, login, logout, info, changePassword. */
export function registerUserModule(app: FastifyInstance): void {
  const context = app.maru;
  const rateLimit = context.config.authRateLimit;

  defineCall(app, CALLS.register, ({ body }) => register(context, body), { rateLimit });
  defineCall(app, CALLS.login, ({ body }) => login(context, body), {
    rateLimit,
  });
  defineCall(
    app,
    CALLS.logout,
    async ({ session }) => {
      await revokeSession(context.db, session.sessionId);
      return null;
    },
    { allowRestrictedAccount: true },
  );
  defineCall(app, CALLS.info, ({ session }) => userInfo(context, session));
  defineCall(app, CALLS.changePassword, ({ session, body }) =>
    changePassword(context, session, body),
  );
}
