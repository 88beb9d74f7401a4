import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq, isNull, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnyPgTable } from 'drizzle-orm/pg-core';
import type { ErrorCode, ErrorParams } from '../../contract';
import { ACCOUNT_HEADER, API_BASE, TOKEN_HEADER } from '../../contract';
import type { Database } from '../../server/db/connect';
import { customers, journalEntries, sessions } from '../../server/db/schema';

export interface Session {
  token: string;
  account: string;
}

export interface Envelope {
  status: 0 | 1;
  msg: string;
  data?: unknown;
  code?: ErrorCode;
  params?: ErrorParams;
}

/** The customer id behind a session's account. */
export async function customerIdOf(db: Database, session: Session): Promise<number> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.account, session.account));
  if (!row) throw new Error(`no customer ${session.account}`);
  return row.id;
}

/** POSTs JSON to a call path under API_BASE, with optional session and extra headers. */
export function call(
  app: FastifyInstance,
  path: string,
  payload: unknown = {},
  options: { session?: Session; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${API_BASE}${path}`,
    payload: payload as Record<string, unknown>,
    headers: {
      ...(options.session
        ? { [TOKEN_HEADER]: options.session.token, [ACCOUNT_HEADER]: options.session.account }
        : {}),
      ...options.headers,
    },
  });
}

/** Sends a raw body with a chosen content type (for malformed or non-JSON requests). */
export function callRaw(
  app: FastifyInstance,
  path: string,
  body: string,
  contentType: string | null,
  session?: Session,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: `${API_BASE}${path}`,
    body,
    headers: {
      ...(contentType ? { 'content-type': contentType } : {}),
      ...(session ? { [TOKEN_HEADER]: session.token, [ACCOUNT_HEADER]: session.account } : {}),
      ...headers,
    },
  });
}

export function envelope(response: LightMyRequestResponse): Envelope {
  return response.json<Envelope>();
}

/** Asserts a refusal and returns it; fails with the whole answer when it is not one. */
export function expectRefusal(
  response: LightMyRequestResponse,
  code: ErrorCode,
  httpStatus: number,
  field?: string,
): Envelope {
  const body = envelope(response);
  const summary = `${response.statusCode} ${response.body.slice(0, 300)}`;
  if (body.status !== 0 || body.code !== code || response.statusCode !== httpStatus) {
    throw new Error(`expected ${httpStatus} ${code}${field ? ` (${field})` : ''}, got ${summary}`);
  }
  if (field !== undefined && body.params?.field !== field) {
    throw new Error(`expected field ${field}, got ${summary}`);
  }
  if (typeof body.msg !== 'string' || body.msg.length === 0) throw new Error(`no msg: ${summary}`);
  return body;
}

export function expectSuccess<T>(response: LightMyRequestResponse): T {
  const body = envelope(response);
  if (response.statusCode !== 200 || body.status !== 1) {
    throw new Error(`expected success, got ${response.statusCode} ${response.body.slice(0, 300)}`);
  }
  return body.data as T;
}

let counter = 0;
/** A fresh, valid account name for this run. */
export function newAccountName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}_${Math.random().toString(36).slice(2, 8)}`;
}

export const GOOD_PASSWORD = 'blue-harbour-42';
export const OTHER_PASSWORD = 'quiet-river-2048';

export async function registerCustomer(
  app: FastifyInstance,
  code: string,
  account = newAccountName(),
  password = GOOD_PASSWORD,
): Promise<Session> {
  const response = await call(app, '/user/register', {
    account,
    password,
    confirmPassword: password,
    code,
    agree: true,
  });
  return expectSuccess<Session>(response);
}

export async function loginCustomer(
  app: FastifyInstance,
  account: string,
  password = GOOD_PASSWORD,
): Promise<Session> {
  return expectSuccess<Session>(await call(app, '/user/login', { account, password }));
}

/**
 * Several scalar queries (each answering one value, e.g. a table's row count) answered by one
 * statement: the bad-input matrices take a snapshot before and after each of thousands of
 * refusals, and one round trip per value made them the slowest files of the suite.
 */
export async function scalars<K extends string>(
  db: Database,
  queries: Record<K, SQL>,
): Promise<Record<K, string | null>> {
  const names = Object.keys(queries) as K[];
  const select = sql.join(
    names.map((name) => sql`(${queries[name]})::text as ${sql.identifier(name)}`),
    sql`, `,
  );
  // Both drivers answer { rows }; the shared Database type does not say so.
  const result: unknown = await db.execute(sql`select ${select}`);
  const [row] = (result as { rows: Record<K, string | null>[] }).rows;
  if (!row) throw new Error('a select without from answered no row');
  return row;
}

/** `select count(*) from table [where …]`, for scalars(). */
export const rowCount = (table: AnyPgTable, where?: SQL): SQL =>
  where ? sql`select count(*) from ${table} where ${where}` : sql`select count(*) from ${table}`;

/** Rows a refused request must not have added or changed. */
export async function writeSnapshot(db: Database) {
  const counts = await scalars(db, {
    customers: rowCount(customers),
    sessions: rowCount(sessions),
    liveSessions: rowCount(sessions, isNull(sessions.revokedAt)),
    journalEntries: rowCount(journalEntries),
  });
  return {
    customers: Number(counts.customers),
    sessions: Number(counts.sessions),
    liveSessions: Number(counts.liveSessions),
    journalEntries: Number(counts.journalEntries),
  };
}
