import type { FastifyRequest } from 'fastify';
import { ACCOUNT_HEADER, TOKEN_HEADER, hasInvalidCharacters } from '../../contract';
import type { Database } from '../db/connect';
import { ApiRefusal } from '../http/refusal';
import { accessRefusalOf } from './account-states';
import type { LiveSession } from './sessions';
import { findLiveSession, touchSession } from './sessions';

/** A token is 43 base64url characters; anything far longer is not worth hashing. */
const MAX_HEADER_LENGTH = 256;

function header(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  // A NUL would reach the database (the account header is compared in SQL).
  return typeof value === 'string' &&
    value.length > 0 &&
    value.length <= MAX_HEADER_LENGTH &&
    !hasInvalidCharacters(value)
    ? value
    : null;
}

/**
 * The session a request carries in its `token` and `account` headers, or a refusal: 401
 * auth.required for a missing, unknown, revoked or expired session, 403 with the account's state
 * when the account was frozen, disabled or banned from login after the session began.
 */
export async function authenticate(
  db: Database,
  request: FastifyRequest,
  options: { checkAccountState: boolean },
): Promise<LiveSession> {
  const token = header(request, TOKEN_HEADER);
  const account = header(request, ACCOUNT_HEADER);
  if (token === null || account === null) throw new ApiRefusal('auth.required');
  const session = await findLiveSession(db, token, account);
  if (session === null) throw new ApiRefusal('auth.required');
  if (options.checkAccountState) {
    const refusal = accessRefusalOf(session.customer);
    if (refusal !== null) throw new ApiRefusal(refusal);
  }
  await touchSession(db, session);
  return session;
}
