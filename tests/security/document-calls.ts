import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { AnySchema } from 'yup';
import type { CallAccess } from '../../contract';
import {
  API_BASE,
  BINARY_CALLS,
  CALLS,
  IDEMPOTENCY_KEY_HEADER,
  STAFF_BINARY_CALLS,
  STAFF_CALLS,
} from '../../contract';
import type { Database } from '../../server/db/connect';
import type { JsonSchema } from '../../server/http/openapi';
import { validateBody } from '../../server/http/validation';

/**
 * The calls the security tests attack, read from the published OpenAPI document (so a new call
 * is attacked by being in it), each with its contract schema to build a valid body from.
 */
export interface DocumentCall {
  operationId: string;
  /** The URL path, base included. */
  url: string;
  access: CallAccess;
  /** JSON body, or raw bytes with the parameters in the query string. */
  kind: 'json' | 'binary';
  /** The request body's schema (json) or the query string's as an object (binary). */
  schema: JsonSchema;
  /** The contract's yup schema of the same body (or query). */
  request: AnySchema;
  /** The call refuses a request without an Idempotency-Key (before it reads the body). */
  keyRequired: boolean;
}

interface Operation {
  operationId: string;
  'x-maru-access'?: CallAccess;
  parameters?: { name: string; in: string; required: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

interface Document {
  paths: Record<string, Record<string, Operation>>;
}

function contractSpec(
  operationId: string,
  kind: 'json' | 'binary',
): Pick<DocumentCall, 'request' | 'keyRequired'> {
  if (kind === 'binary') {
    const spec = operationId.startsWith('staff.')
      ? (STAFF_BINARY_CALLS as Record<string, { query: AnySchema }>)[
          operationId.slice('staff.'.length)
        ]
      : (BINARY_CALLS as Record<string, { query: AnySchema }>)[operationId];
    if (!spec) throw new Error(`${operationId}: in the document, not in BINARY_CALLS`);
    return { request: spec.query, keyRequired: false };
  }
  const staff = operationId.startsWith('staff.');
  const catalogue: Record<string, { request: AnySchema; idempotent?: true | 'required' }> = staff
    ? STAFF_CALLS
    : CALLS;
  const spec = catalogue[staff ? operationId.slice('staff.'.length) : operationId];
  if (!spec) throw new Error(`${operationId}: in the document, not in the contract`);
  return { request: spec.request, keyRequired: spec.idempotent === 'required' };
}

/** A fresh Idempotency-Key header where the call requires one, so the body is what is tested. */
export const keyHeaderFor = (call: Pick<DocumentCall, 'keyRequired'>): Record<string, string> =>
  call.keyRequired ? { [IDEMPOTENCY_KEY_HEADER]: randomUUID() } : {};

/** Every POST call of GET /api/vue/openapi.json. */
export async function documentCalls(app: FastifyInstance): Promise<DocumentCall[]> {
  const response = await app.inject({ method: 'GET', url: `${API_BASE}/openapi.json` });
  const document = response.json<Document>();
  const calls: DocumentCall[] = [];
  for (const [url, methods] of Object.entries(document.paths)) {
    const operation = methods.post;
    if (!operation) continue;
    const access = operation['x-maru-access'];
    if (access === undefined) throw new Error(`${url}: the document does not say who may call`);
    const json = operation.requestBody?.content['application/json']?.schema;
    if (json) {
      calls.push({
        operationId: operation.operationId,
        url,
        access,
        kind: 'json',
        schema: json,
        ...contractSpec(operation.operationId, 'json'),
      });
      continue;
    }
    const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
    calls.push({
      operationId: operation.operationId,
      url,
      access,
      kind: 'binary',
      schema: {
        type: 'object',
        properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
        required: query.filter((p) => p.required).map((p) => p.name),
      },
      ...contractSpec(operation.operationId, 'binary'),
    });
  }
  return calls;
}

/** Values that satisfy the contract's fields (custom tests included) when the schema's own do not. */
const POOL: unknown[] = [
  '005930',
  '135790',
  '246801',
  '900101-1',
  '홍길동',
  'quiet-river-2048',
  'Because of a test',
  'BRANCH77',
  'newstaff1',
  'under_review',
  'quote:005930',
  'KOSPI',
  'all',
  'abc',
  1,
  10,
  20,
  0,
  true,
  ['005930'],
  // A product's leverage multiples and lock (the operator's /products/set)
  [1, 2],
  { kind: 'days', count: 1 },
  // A bank card's first 4 and last 12 digits; a valid TRC20 address (money calls)
  '9410',
  '100000000001',
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  // News (issue 13): an article's language versions and tags (the back office's /news/save)
  [{ lang: 'ko', title: '제목', summary: '', body: '<p>본문</p>' }],
  ['market'],
  '2030-01-01T00:00:00.000Z',
  // Placements (issue 12): a tier list (the back office's /offerings/placement/save)
  [{ minShares: 10, allotPct: 100 }],
  // A 1×1 PNG, base64 (the back office's /news/image)
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
];

/** Candidates a field's JSON schema suggests: its allowed values, a number in range, … */
function fromJsonSchema(schema: JsonSchema): unknown[] {
  const out: unknown[] = [...(schema.enum ?? []).filter((v) => v !== null)];
  const types = [schema.type ?? []].flat();
  if (types.includes('integer') || types.includes('number')) {
    out.push(schema.minimum ?? 1, Math.max(schema.minimum ?? 1, 1));
  }
  if (types.includes('boolean')) out.push(true, false);
  return out;
}

const NONE = Symbol('none');

/**
 * A body the contract accepts for the call: per field in order, the preferred value, else the
 * first candidate the field's schema accepts with the fields before it (so a confirmation picks
 * the password chosen before it). An optional field nothing fits is left out. Throws when a
 * required field finds no value: add one to POOL (or as preferred).
 */
export async function validBody(
  call: DocumentCall,
  preferred: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const required = call.schema.required ?? [];
  for (const [name, field] of Object.entries(call.schema.properties ?? {})) {
    const candidates = [
      ...(name in preferred ? [preferred[name]] : []),
      ...fromJsonSchema(field),
      ...Object.values(body),
      ...POOL,
    ];
    let chosen: unknown = NONE;
    for (const candidate of candidates) {
      const ok = await call.request
        .validateAt(name, { ...body, [name]: candidate }, { strict: true })
        .then(
          () => true,
          () => false,
        );
      if (ok) {
        chosen = candidate;
        break;
      }
    }
    if (chosen === NONE) {
      if (required.includes(name)) {
        throw new Error(`${call.operationId}.${name}: no valid value found; add one to POOL`);
      }
      continue;
    }
    body[name] = chosen;
  }
  await validateBody(call.request, body);
  return body;
}

/** Whether the contract accepts a body (what the server checks first). */
export function contractAccepts(call: DocumentCall, body: unknown): Promise<boolean> {
  return validateBody(call.request, body).then(
    () => true,
    () => false,
  );
}

/** Rows of a raw query; both drivers answer { rows }, the shared Database type does not say so. */
async function rowsOf(db: Database, query: SQL): Promise<Record<string, unknown>[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/**
 * The statement that fingerprints every table of a database, made once per database: the tables
 * and columns come from the migrations, which no request changes, and information_schema is the
 * slowest thing to ask (the fuzz test fingerprints ~800 times per database).
 */
const fingerprintQueries = new WeakMap<Database, Promise<SQL>>();

function fingerprintQuery(db: Database): Promise<SQL> {
  let query = fingerprintQueries.get(db);
  if (query === undefined) {
    query = (async () => {
      const columns = await rowsOf(
        db,
        sql`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name <> 'last_seen_at'
        order by table_name, ordinal_position`,
      );
      const tables = new Map<string, string[]>();
      for (const row of columns) {
        const table = String(row.table_name);
        tables.set(table, [...(tables.get(table) ?? []), String(row.column_name)]);
      }
      if (tables.size === 0) throw new Error('no tables to fingerprint');
      // One statement for all tables (one round trip, not one per table).
      return sql.raw(
        [...tables]
          .map(([table, names]) => {
            const list = names.map((n) => `"${n}"`).join(', ');
            return `select '${table}' as t, count(*)::int as n,
        coalesce(md5(string_agg(md5(r::text), '' order by md5(r::text))), '') as h
        from (select ${list} from "${table}") r`;
          })
          .join('\nunion all\n'),
      );
    })();
    fingerprintQueries.set(db, query);
  }
  return query;
}

/**
 * A fingerprint of every table's content (row count and a hash of the rows), to show a refused
 * request wrote nothing. `sessions.last_seen_at` is left out: reading with a session may touch it.
 */
export async function databaseFingerprint(db: Database): Promise<Record<string, string>> {
  const fingerprint: Record<string, string> = {};
  for (const row of await rowsOf(db, await fingerprintQuery(db))) {
    fingerprint[String(row.t)] = `${String(row.n)}:${String(row.h)}`;
  }
  return fingerprint;
}
