import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config';
import { ACCOUNT_HEADER, TOKEN_HEADER } from '../../contract';

/**
 * Pino options for the server log. Secrets are redacted wherever they could appear: the session
 * headers and any password-like field of a logged object, should a body or error ever be logged.
 */
export const REDACTED_PATHS = [
  `req.headers.${TOKEN_HEADER}`,
  `req.headers.${ACCOUNT_HEADER}`,
  'req.headers.authorization',
  'req.headers.cookie',
  'password',
  'oldPassword',
  'confirmPassword',
  'fundPassword',
  'token',
  '*.password',
  '*.oldPassword',
  '*.confirmPassword',
  '*.fundPassword',
  '*.token',
];

export function loggerOptions(level: LogLevel): NonNullable<FastifyServerOptions['logger']> {
  return { level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } };
}
