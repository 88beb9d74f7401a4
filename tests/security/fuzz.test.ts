import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallAccess } from '../../contract';
import {
  ACCOUNT_HEADER,
  ERROR_CODES,
  STAFF_TOKEN_HEADER,
  hasInvalidCharacters,
  TOKEN_HEADER,
  staffAccessOf,
} from '../../contract';
import { customers } from '../../server/db/schema';
import { createStaffAccount } from '../../server/modules/staff/accounts/create-staff-account';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from '../api/api-helpers';
import { expectSuccess, registerCustomer } from '../api/api-helpers';
import { signInNewStaff, staffCall, uploadPhoto } from '../api/identity-helpers';
import type { DocumentCall } from './document-calls';
import {
  contractAccepts,
  databaseFingerprint,
  documentCalls,
  keyHeaderFor,
  validBody,
} from './document-calls';

/**
 * Issue 8, item 9 (with items 4 and 5): every call of the OpenAPI document, customer and staff,
 * is sent a fixed set of mutations of each field and of the whole body. Every answer must be a
 * coded refusal (4xx, a known code, a message) or, only where the contract itself accepts the
 * mutated body, a success; never a 5xx. A refused body must write nothing: every table's rows
 * are fingerprinted before and after. The photo upload (raw bytes) has its query string fuzzed.
 */

/** A raw JSON text rather than a value (keys JSON.stringify would drop or reorder). */
class Raw {
  constructor(readonly json: string) {}
}

const nested = (depth: number, open: string, close: string, inner: string) =>
  new Raw(`${open.repeat(depth)}${inner}${close.repeat(depth)}`);

/** Values every field is given in turn (besides variations of its valid value). */
const VALUE_MUTATIONS: unknown[] = [
  null,
  12345,
  -1,
  0,
  1.5,
  1e308,
  2 ** 53 + 2,
  true,
  false,
  {},
  [],
  '',
  ' ',
  'x'.repeat(10_000),
  'x'.repeat(100_000),
  '\u0000',
  '\ud800',
  '\udc00x',
  '%00',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '\u202e\u200b',
  '𝒳😀',
  new Raw('{"__proto__":{"polluted":true}}'),
  new Raw('{"constructor":{"prototype":{"polluted":true}}}'),
  nested(1_000, '{"a":', '}', '1'),
  nested(3_000, '[', ']', '1'),
];

/** Mutations of the field's valid value. */
const around = (valid: unknown): unknown[] => [
  [valid],
  { value: valid },
  ...(typeof valid === 'string'
    ? [`${valid}\u0000`, `\u0000${valid}`, `${valid}\udfff`, `\ud83d${valid}`, valid.toUpperCase()]
    : []),
  ...(typeof valid === 'number' ? [String(valid), valid + 0.5, -valid, valid * 1e12] : []),
];

/** Whole-body mutations (the body's valid fields, plus …). */
const bodyMutations = (valid: Record<string, unknown>): unknown[] => {
  const fields = JSON.stringify(valid).slice(1, -1);
  const withFields = (extra: string) => new Raw(`{${fields}${fields ? ',' : ''}${extra}}`);
  return [
    withFields('"extra":1'),
    withFields('"__proto__":{"isAdmin":true}'),
    withFields('"constructor":{"prototype":{"isAdmin":true}}'),
    withFields('"prototype":{}'),
    withFields('"toString":"x"'),
    withFields('"hasOwnProperty":1'),
    withFields('"a\\u0000":1'),
    withFields('"\\ud800":1'),
    new Raw(`{${fields}${fields ? ',' : ''}${fields || '"a":1'}}`),
    new Raw('[]'),
    new Raw('null'),
    new Raw('"text"'),
    new Raw('42'),
    nested(1_000, '{"a":', '}', '1'),
    nested(5_000, '[', ']', ''),
  ];
};

/** The JSON text of a body whose field values may be Raw texts. */
function toJson(value: unknown): string {
  if (value instanceof Raw) return value.json;
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const entries = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${toJson(v)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The body a mutation sends, as the server will parse it (null when it cannot be parsed). */
function parsed(json: string): unknown {
  try {
    // The server refuses a __proto__ key outright; JSON.parse would make it an own property.
    return json.includes('"__proto__"') ? Symbol('refused') : (JSON.parse(json) as unknown);
  } catch {
    return Symbol('refused');
  }
}

const KNOWN_CODES = new Set<string>(ERROR_CODES);

describe.each(databaseKinds)('fuzz every call of the OpenAPI document on %s', (kind) => {
  let t: TestApp;
  let customer: Session;
  let admin: string;
  let pending: string;
  const preferred: Record<string, unknown> = {};
  let address = 0;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    customer = await registerCustomer(t.app, t.demoCode);
    const ownPhoto = await uploadPhoto(t.app, customer, 'front');
    const ownBack = await uploadPhoto(t.app, customer, 'back');
    // Staff calls act on a customer and an institution of their own, not the fuzzing customer.
    const victim = await registerCustomer(t.app, t.demoCode);
    const [victimRow] = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.account, victim.account));
    const staff = await signInNewStaff(t.app, t.db, 'admin');
    admin = staff.token;
    const institution = expectSuccess<{ id: number }>(
      await staffCall(t.app, '/institutions/create', { name: 'Fuzz', code: 'FUZZ01' }, admin),
    );
    const halfway = await createStaffAccount(t.db, { account: 'fuzzpending', role: 'reviewer' });
    pending = expectSuccess<{ token: string }>(
      await staffCall(t.app, '/auth/login', {
        account: 'fuzzpending',
        password: halfway.oneTimePassword,
      }),
    ).token;
    Object.assign(preferred, {
      customerId: victimRow?.id,
      entityId: String(victimRow?.id),
      institutionId: institution.id,
      staffId: staff.id,
      photoId: ownPhoto,
      frontPhotoId: ownPhoto,
      backPhotoId: ownBack,
      code: t.demoCode,
      account: 'fuzz.account',
    });
  });
  afterAll(() => t.close());

  function headersFor(access: CallAccess): Record<string, string> {
    if (access === 'customer') {
      return { [TOKEN_HEADER]: customer.token, [ACCOUNT_HEADER]: customer.account };
    }
    const staff = staffAccessOf(access);
    if (staff === null) return {};
    return { [STAFF_TOKEN_HEADER]: staff === 'pending' ? pending : admin };
  }

  /** Each request from its own address, so per-address limits do not blur what is tested. */
  const nextAddress = () => {
    address += 1;
    return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
  };

  const stats = { requests: 0, serverErrors: 0, refused: 0, accepted: 0 };
  const problems: string[] = [];

  function check(what: string, response: LightMyRequestResponse, mayAccept: boolean): void {
    stats.requests += 1;
    if (response.statusCode >= 500) {
      stats.serverErrors += 1;
      problems.push(`${what}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      return;
    }
    let body: { status?: unknown; code?: unknown; msg?: unknown };
    try {
      body = response.json();
    } catch {
      problems.push(`${what}: not JSON: ${response.body.slice(0, 200)}`);
      return;
    }
    if (response.statusCode === 200 && body.status === 1) {
      stats.accepted += 1;
      if (!mayAccept) problems.push(`${what}: accepted a body the contract refuses`);
      return;
    }
    stats.refused += 1;
    if (
      response.statusCode < 400 ||
      body.status !== 0 ||
      typeof body.code !== 'string' ||
      !KNOWN_CODES.has(body.code) ||
      typeof body.msg !== 'string' ||
      body.msg.length === 0
    ) {
      problems.push(
        `${what}: not a coded refusal: ${response.statusCode} ${response.body.slice(0, 200)}`,
      );
    }
  }

  const sendJson = (call: DocumentCall, json: string) =>
    t.app.inject({
      method: 'POST',
      url: call.url,
      payload: json,
      remoteAddress: nextAddress(),
      headers: {
        'content-type': 'application/json',
        ...headersFor(call.access),
        ...keyHeaderFor(call),
      },
    });

  interface Mutation {
    json: string;
    name: string;
  }
  /** A call's mutations, by whether the contract accepts them. */
  interface Mutations {
    refused: Mutation[];
    accepted: Mutation[];
  }

  /** The call's mutations under `label`, split by whether the contract accepts them. */
  async function sortMutations(
    call: DocumentCall,
    label: string,
    bodies: unknown[],
    into: Mutations,
  ): Promise<void> {
    for (const [i, body] of bodies.entries()) {
      const json = toJson(body);
      const name = `${call.operationId} ${label} #${i}`;
      const value = parsed(json);
      const acceptable = typeof value !== 'symbol' && (await contractAccepts(call, value));
      (acceptable ? into.accepted : into.refused).push({ json, name });
    }
  }

  /**
   * Sends a call's mutations in two groups: those the contract refuses (one fingerprint before and
   * after the group: nothing may change) and then those it accepts (anything but a 5xx or a
   * malformed answer; they may write, like the call itself). One pair of fingerprints per call
   * rather than per field: they were over a third of the file's time, and a refusal that writes
   * is still named by its call and the tables it changed.
   */
  async function attack(call: DocumentCall, mutations: Mutations) {
    const before = await databaseFingerprint(t.db);
    for (const { json, name } of mutations.refused) check(name, await sendJson(call, json), false);
    const after = await databaseFingerprint(t.db);
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    if (changed.length > 0) {
      problems.push(`${call.operationId}: refused bodies changed ${changed.join(', ')}`);
    }
    for (const { json, name } of mutations.accepted) check(name, await sendJson(call, json), true);
  }

  it('answers every mutation of every field with a coded 4xx, never a 5xx, writing nothing', async () => {
    const calls = await documentCalls(t.app);
    expect(calls.length).toBeGreaterThan(40);
    // Customer calls first: a staff call may restrict the customers it acts on.
    const ordered = [
      ...calls.filter((c) => c.access !== 'public' && staffAccessOf(c.access) === null),
      ...calls.filter((c) => c.access === 'public'),
      ...calls.filter((c) => staffAccessOf(c.access) !== null),
    ];
    for (const call of ordered) {
      if (call.kind === 'binary') {
        await fuzzQuery(call);
        continue;
      }
      const valid = await validBody(call, preferred);
      const mutations: Mutations = { refused: [], accepted: [] };
      for (const field of Object.keys(call.schema.properties ?? {})) {
        const values = [...VALUE_MUTATIONS, ...around(valid[field])].map((value) => ({
          ...valid,
          [field]: value,
        }));
        const without = { ...valid };
        delete without[field];
        await sortMutations(call, field, [...values, without], mutations);
      }
      await sortMutations(call, 'body', bodyMutations(valid), mutations);
      await attack(call, mutations);
    }
    console.log(
      `fuzz (${kind}): ${stats.requests} requests over ${calls.length} calls, ${stats.serverErrors} × 5xx, ${stats.refused} refused, ${stats.accepted} accepted where the contract allows`,
    );
    expect(problems).toEqual([]);
    expect(stats.serverErrors).toBe(0);
    // About 9,200 requests over 105 calls: well over the default per-test timeout on two
    // shared cores (three minutes alone, more when other suites run beside it).
  }, 480_000);

  /** The photo upload takes raw bytes: its query string is what can be mutated. */
  async function fuzzQuery(call: DocumentCall): Promise<void> {
    const notAnImage = Buffer.from('not an image at all');
    const values = VALUE_MUTATIONS.filter((v): v is string => typeof v === 'string');
    const queries = [
      // A lone surrogate cannot be percent-encoded as UTF-8: its WTF-8 bytes are sent below.
      ...values.flatMap((v) => (hasInvalidCharacters(v) ? [] : [`side=${encodeURIComponent(v)}`])),
      'side=front&side=back',
      'side[]=front',
      'side[__proto__]=front',
      '__proto__=x&side=front',
      'constructor[prototype][x]=1&side=front',
      'side=front&extra=1',
      'side=%ED%A0%80',
      'side=%C0%80',
      'side=front%00',
      '',
      'side=front',
    ];
    const before = await databaseFingerprint(t.db);
    for (const query of queries) {
      const response = await t.app.inject({
        method: 'POST',
        url: `${call.url}?${query}`,
        payload: notAnImage,
        remoteAddress: nextAddress(),
        headers: { 'content-type': 'application/octet-stream', ...headersFor(call.access) },
      });
      // The bytes are no image, so even a valid query is refused (upload.unsupported_type).
      check(`${call.operationId} ?${query.slice(0, 40)}`, response, false);
    }
    const after = await databaseFingerprint(t.db);
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    if (changed.length > 0)
      problems.push(`${call.operationId} query: changed ${changed.join(', ')}`);
  }
});
