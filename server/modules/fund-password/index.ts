import type { FastifyInstance } from 'fastify';
import { CALLS } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { changeFundPassword } from './change-fund-password';
import { resetFundPassword } from './reset-fund-password';
import { setFundPassword } from './set-fund-password';

export { verifyFundPassword } from './verify-fund-password';

/** The fund password: set once, change with the current one, reset with identity re-checked. */
export function registerFundPasswordModule(app: FastifyInstance): void {
  const { db } = app.maru;
  defineCall(app, CALLS.fundPasswordSet, ({ session, body }) =>
    setFundPassword(db, session.customer.id, body),
  );
  defineCall(app, CALLS.fundPasswordChange, ({ session, body }) =>
    changeFundPassword(db, session.customer.id, body),
  );
  defineCall(app, CALLS.fundPasswordReset, ({ session, body }) =>
    resetFundPassword(db, session.customer.id, body),
  );
}
