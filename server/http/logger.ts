import type { FastifyServerOptions } from 'fastify';
import type { LogLevel } from '../config';
import { ACCOUNT_HEADER, TOKEN_HEADER } from '../../contract';

/**
 * Pino options for the server log. Secrets are redacted wherever they could appear: the session
 * headers and any password-like field of a logged object, should a body or error ever be logged.
 * Errors go through serializeError, which never writes a query's parameters.
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
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
}

/** What a database driver's error carries besides its message (node-postgres and PGlite alike). */
interface DatabaseErrorFields {
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  table?: unknown;
  column?: unknown;
  routine?: unknown;
}

/** A query that failed, as drizzle reports it: its SQL, its parameters and the driver's error. */
interface FailedQuery {
  query: string;
  params: unknown[];
  cause?: unknown;
  stack?: string;
}

/** An error as the log shows it. */
export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

const isFailedQuery = (error: object): error is FailedQuery =>
  typeof (error as FailedQuery).query === 'string' && Array.isArray((error as FailedQuery).params);

const isDatabaseError = (error: object): error is Error & DatabaseErrorFields => {
  const code = (error as DatabaseErrorFields).code;
  return (
    error instanceof Error &&
    typeof code === 'string' &&
    /^[0-9A-Z]{5}$/.test(code) &&
    'severity' in error
  );
};

/** The statement and its table, e.g. `insert into "audit_log"`: what failed, without values. */
export function queryName(query: string): string {
  const verb = /\b(select|insert|update|delete)\b/i.exec(query)?.[1]?.toLowerCase() ?? 'query';
  const table = /\b(?:into|update|from)\s+("[^"]+"|[\w.]+)/i.exec(query)?.[1];
  if (table === undefined) return verb;
  const preposition = { insert: ' into', delete: ' from', select: ' from' }[verb] ?? '';
  return `${verb}${preposition} ${table}`;
}

/** A message with quoted parts masked: a driver may quote the offending value. */
const masked = (message: string) => message.replace(/"[^"]*"|'[^']*'/g, '"…"');

function databaseFields(error: DatabaseErrorFields): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const key of ['code', 'constraint', 'table', 'column', 'routine'] as const) {
    if (typeof error[key] === 'string') fields[key === 'code' ? 'sqlstate' : key] = error[key];
  }
  return fields;
}

/**
 * The `err` serializer. A failed query (drizzle puts its SQL and every parameter in the message)
 * is logged as its SQLSTATE, constraint, table and query name: never the parameters, which hold
 * personal data (names, ID numbers, account names). A driver error is logged the same way with
 * its message's quoted parts masked and without its `detail` (which repeats key values). Any
 * other error keeps pino's standard form; causes are serialized by the same rules.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (typeof error !== 'object' || error === null) {
    return { type: typeof error, message: String(error), stack: '' };
  }
  if (isFailedQuery(error)) {
    const cause: object =
      typeof error.cause === 'object' && error.cause !== null ? error.cause : {};
    return {
      type: 'DatabaseQueryError',
      query: queryName(error.query),
      ...databaseFields(cause),
      message: `query failed: ${queryName(error.query)}`,
      ...(cause instanceof Error ? { cause: serializeError(cause, depth + 1) } : {}),
      stack: stackWithout(error.stack),
    };
  }
  if (isDatabaseError(error)) {
    return {
      type: error.name,
      ...databaseFields(error),
      message: masked(error.message),
      stack: stackWithout(error.stack),
    };
  }
  // Not pino's standard serializer: it appends every cause's message (a failed query's
  // parameters included) to the message and the stack.
  const plain = error as Error & { code?: unknown; statusCode?: unknown; cause?: unknown };
  return {
    type: plain.name,
    message: String(plain.message),
    ...(typeof plain.code === 'string' ? { code: plain.code } : {}),
    ...(typeof plain.statusCode === 'number' ? { statusCode: plain.statusCode } : {}),
    stack: plain.stack ?? '',
    ...(plain.cause !== undefined && depth < 5
      ? { cause: serializeError(plain.cause, depth + 1) }
      : {}),
  };
}

/** The stack's frames only: its first line repeats the message. */
function stackWithout(stack: string | undefined): string {
  return (stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
}
