import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { number, object, string } from 'yup';
import type { CallCatalogue } from '../../contract';
import { API_BASE, STAFF_API_BASE } from '../../contract';
import { strictObject } from '../../contract/schemas/fields';
import { recordAudit } from '../../server/audit';
import { auditLog, customers, idempotencyKeys, secretAttempts } from '../../server/db/schema';
import { defineCall } from '../../server/http/define-call';
import { IDEMPOTENCY_KEEP_MS, sweepIdempotencyKeys } from '../../server/http/idempotency';
import { ApiRefusal } from '../../server/http/refusal';
import { verifyFundPassword } from '../../server/modules/fund-password';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from './api-helpers';
import { call, expectRefusal, expectSuccess, registerCustomer } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall } from './identity-helpers';

const effectRequest = strictObject({
  note: string().required(),
  amount: number().integer().required(),
});
const effectResponse = object({ nonce: string().required(), note: string().required() });

/** Calls that exist only in this test app: each run writes one 'test.effect' row. */
const TEST_API = {
  base: API_BASE,
  tag: 'test',
  operationPrefix: 'test.',
  calls: {
    effect: {
      path: '/test/effect',
      access: 'customer',
      summary: 'Test: one effect per run',
      request: effectRequest,
      response: effectResponse,
      audit: true,
      idempotent: true,
    },
    effectKeyed: {
      path: '/test/effectKeyed',
      access: 'customer',
      summary: 'Test: one effect per run, key required',
      request: effectRequest,
      response: effectResponse,
      idempotent: 'required',
    },
    guarded: {
      path: '/test/guarded',
      access: 'customer',
      summary: 'Test: an effect behind the fund password, as a withdrawal will be',
      request: strictObject({ fundPassword: string().required(), note: string().required() }),
      response: effectResponse,
      idempotent: true,
    },
  },
} as const satisfies CallCatalogue;

const TEST_STAFF_API = {
  base: STAFF_API_BASE,
  tag: 'test',
  operationPrefix: 'test.staff.',
  calls: {
    staffEffect: {
      path: '/test/effect',
      access: { staff: 'any' },
      summary: 'Test: one effect per run by a staff member',
      request: effectRequest,
      response: effectResponse,
      idempotent: true,
    },
  },
} as const satisfies CallCatalogue;

/** Notes that make the handler refuse after writing its effect (which must then roll back). */
const refuseNotes = new Set<string>();

function registerTestCalls(app: FastifyInstance): void {
  const effect = async (
    db: Parameters<typeof recordAudit>[0],
    request: Parameters<typeof recordAudit>[1],
    actor: { kind: 'customer' | 'staff'; id: number },
    note: string,
  ) => {
    await recordAudit(db, request, { actor, action: 'test.effect', detail: { note } });
    if (refuseNotes.delete(note)) throw new ApiRefusal('request.invalid', { field: 'note' });
    return { nonce: randomUUID(), note };
  };
  defineCall(app, TEST_API, 'effect', ({ db, request, session, body }) =>
    effect(db, request, { kind: 'customer', id: session.customer.id }, body.note),
  );
  defineCall(app, TEST_API, 'effectKeyed', ({ db, request, session, body }) =>
    effect(db, request, { kind: 'customer', id: session.customer.id }, body.note),
  );
  defineCall(app, TEST_API, 'guarded', async ({ db, request, session, body }) => {
    await verifyFundPassword(db, session.customer.id, body.fundPassword);
    return effect(db, request, { kind: 'customer', id: session.customer.id }, body.note);
  });
  defineCall(app, TEST_STAFF_API, 'staffEffect', ({ db, request, staff, body }) =>
    effect(db, request, { kind: 'staff', id: staff.staff.id }, body.note),
  );
}

describe.each(databaseKinds)('Idempotency-Key on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, {}, { extend: registerTestCalls });
  });
  afterAll(() => t.close());

  async function newCustomer() {
    const session = await registerCustomer(t.app, t.demoCode);
    const [row] = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.account, session.account));
    if (!row) throw new Error('no customer');
    return { session, id: row.id };
  }

  const send = (
    path: string,
    session: Session,
    body: Record<string, unknown>,
    key?: string,
  ): Promise<LightMyRequestResponse> =>
    call(t.app, path, body, {
      session,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });

  /** Effects the handler wrote for an actor, and the call's own audit records. */
  async function effects(kind: 'customer' | 'staff', id: number) {
    const rows = await t.db
      .select({ action: auditLog.action, n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.actorKind, kind), eq(auditLog.actorId, id)))
      .groupBy(auditLog.action);
    const of = (action: string) => rows.find((r) => r.action === action)?.n ?? 0;
    return { effects: of('test.effect'), audits: of('effect') };
  }

  async function keysOf(scope: string) {
    return t.db
      .select({ key: idempotencyKeys.key, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scope, scope));
  }

  it('replays the first answer for the same key and body, with one effect', async () => {
    const { session, id } = await newCustomer();
    const body = { note: 'first', amount: 5 };
    const first = expectSuccess<{ nonce: string }>(
      await send('/test/effect', session, body, 'k-1'),
    );
    const again = expectSuccess(await send('/test/effect', session, body, 'k-1'));
    // The same body with its keys in another order is the same request.
    const reordered = expectSuccess(
      await send('/test/effect', session, { amount: 5, note: 'first' }, 'k-1'),
    );
    expect(again).toEqual(first);
    expect(reordered).toEqual(first);
    expect(await effects('customer', id)).toEqual({ effects: 1, audits: 1 });
    expect(await keysOf(`customer:${id}`)).toEqual([{ key: 'k-1', response: { data: first } }]);
  });

  it('runs every time without a key, and refuses a missing key where one is required', async () => {
    const { session, id } = await newCustomer();
    const body = { note: 'plain', amount: 1 };
    const a = expectSuccess<{ nonce: string }>(await send('/test/effect', session, body));
    const b = expectSuccess<{ nonce: string }>(await send('/test/effect', session, body));
    expect(a.nonce).not.toBe(b.nonce);
    expectRefusal(
      await send('/test/effectKeyed', session, body),
      'request.idempotency_key_required',
      400,
    );
    expectSuccess(await send('/test/effectKeyed', session, body, 'needed'));
    expect((await effects('customer', id)).effects).toBe(3);
    expect(await keysOf(`customer:${id}`)).toHaveLength(1);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(129)],
    ['not ASCII', 'clé-1'],
    ['a control character', 'a\tb'],
  ])('refuses a key that is %s and writes nothing', async (_what, key) => {
    const { session, id } = await newCustomer();
    expectRefusal(
      await send('/test/effect', session, { note: 'x', amount: 1 }, key),
      'request.idempotency_key_invalid',
      400,
    );
    expect(await effects('customer', id)).toEqual({ effects: 0, audits: 0 });
    expect(await keysOf(`customer:${id}`)).toEqual([]);
  });

  it('accepts a key of 128 printable characters', async () => {
    const { session } = await newCustomer();
    const key = `${'~ '.repeat(63)}!z`;
    expect(key).toHaveLength(128);
    const first = expectSuccess(await send('/test/effect', session, { note: 'y', amount: 1 }, key));
    expect(
      expectSuccess(await send('/test/effect', session, { note: 'y', amount: 1 }, key)),
    ).toEqual(first);
  });

  it('refuses the same key with another body (422) and writes nothing', async () => {
    const { session, id } = await newCustomer();
    const first = expectSuccess(
      await send('/test/effect', session, { note: 'one', amount: 1 }, 'reused'),
    );
    expectRefusal(
      await send('/test/effect', session, { note: 'one', amount: 2 }, 'reused'),
      'request.idempotency_mismatch',
      422,
    );
    // The same key on another call is another request too.
    expectRefusal(
      await send('/test/effectKeyed', session, { note: 'one', amount: 1 }, 'reused'),
      'request.idempotency_mismatch',
      422,
    );
    expect(await effects('customer', id)).toEqual({ effects: 1, audits: 1 });
    expect(await keysOf(`customer:${id}`)).toEqual([{ key: 'reused', response: { data: first } }]);
  });

  it('keeps keys per customer: another customer with the same key string is independent', async () => {
    const alice = await newCustomer();
    const bob = await newCustomer();
    const body = { note: 'shared', amount: 3 };
    const a = expectSuccess<{ nonce: string }>(
      await send('/test/effect', alice.session, body, 'same'),
    );
    const b = expectSuccess<{ nonce: string }>(
      await send('/test/effect', bob.session, body, 'same'),
    );
    expect(a.nonce).not.toBe(b.nonce);
    // And with another body, no mismatch across customers either.
    expectSuccess(await send('/test/effect', bob.session, { ...body, amount: 4 }, 'other'));
    expectSuccess(await send('/test/effect', alice.session, { ...body, amount: 9 }, 'other'));
    expect((await effects('customer', alice.id)).effects).toBe(2);
    expect((await effects('customer', bob.id)).effects).toBe(2);
  });

  it('does not store a refusal: the effect rolls back and a retry with the key runs', async () => {
    const { session, id } = await newCustomer();
    const body = { note: `refuse-${id}`, amount: 1 };
    refuseNotes.add(body.note);
    expectRefusal(await send('/test/effect', session, body, 'retry-me'), 'request.invalid', 400);
    expect(await effects('customer', id)).toEqual({ effects: 0, audits: 0 });
    expect(await keysOf(`customer:${id}`)).toEqual([]);
    const retried = expectSuccess(await send('/test/effect', session, body, 'retry-me'));
    expect(expectSuccess(await send('/test/effect', session, body, 'retry-me'))).toEqual(retried);
    expect(await effects('customer', id)).toEqual({ effects: 1, audits: 1 });
  });

  it('counts a wrong fund password inside the call and lets the key be used again', async () => {
    const { session, id } = await newCustomer();
    expectSuccess(
      await call(
        t.app,
        '/user/fundPassword/set',
        { fundPassword: '135790', confirmFundPassword: '135790' },
        { session },
      ),
    );
    const wrong = await send('/test/guarded', session, { fundPassword: '000000', note: 'w' }, 'g');
    expect(expectRefusal(wrong, 'fund_password.wrong', 400).params?.attemptsLeft).toBe(4);
    const [after] = await t.db
      .select({ failures: secretAttempts.failures })
      .from(secretAttempts)
      .where(
        and(
          eq(secretAttempts.kind, 'fund_password'),
          eq(secretAttempts.account, String(id)),
          eq(secretAttempts.source, ''),
        ),
      );
    // The count committed although the call was refused; nothing else did.
    expect(after?.failures).toBe(1);
    expect((await effects('customer', id)).effects).toBe(0);
    expect(await keysOf(`customer:${id}`)).toEqual([]);
    // The key was given back: the right password with the same key runs once, then replays.
    const right = { fundPassword: '135790', note: 'w' };
    const done = expectSuccess(await send('/test/guarded', session, right, 'g'));
    expect(expectSuccess(await send('/test/guarded', session, right, 'g'))).toEqual(done);
    expect((await effects('customer', id)).effects).toBe(1);
  });

  it('scopes staff keys to the staff member and replays their answers too', async () => {
    const staff: SignedInStaff = await signInNewStaff(t.app, t.db, 'reviewer');
    const body = { note: 'staff', amount: 1 };
    const headers = { 'idempotency-key': 'staff-key' };
    const first = expectSuccess(await staffCall(t.app, '/test/effect', body, staff.token, headers));
    const again = expectSuccess(await staffCall(t.app, '/test/effect', body, staff.token, headers));
    expect(again).toEqual(first);
    expect((await effects('staff', staff.id)).effects).toBe(1);
    expect(await keysOf(`staff:${staff.id}`)).toHaveLength(1);
  });

  it('gives 50 parallel requests with one key one effect and the same answer, never a 500', async () => {
    const { session, id } = await newCustomer();
    const body = { note: 'race', amount: 50 };
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => send('/test/effect', session, body, 'race-key')),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    const answers = responses.map((r) => expectSuccess<{ nonce: string }>(r));
    expect(new Set(answers.map((a) => a.nonce)).size).toBe(1);
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(await effects('customer', id)).toEqual({ effects: 1, audits: 1 });
  });

  it('sweeps keys older than a day and keeps newer ones', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - IDEMPOTENCY_KEEP_MS - 60_000);
    const recent = new Date(now.getTime() - IDEMPOTENCY_KEEP_MS + 60_000);
    await t.db.insert(idempotencyKeys).values([
      { scope: 'sweep:1', key: 'old', requestHash: 'h', response: { data: 1 }, createdAt: old },
      {
        scope: 'sweep:1',
        key: 'recent',
        requestHash: 'h',
        response: { data: 2 },
        createdAt: recent,
      },
    ]);
    expect(await sweepIdempotencyKeys(t.db, now)).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(like(idempotencyKeys.scope, 'sweep:%'));
    expect(left).toEqual([{ key: 'recent' }]);
  });
});
