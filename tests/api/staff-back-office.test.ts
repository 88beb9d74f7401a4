import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../server/db/schema';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from './api-helpers';
import { GOOD_PASSWORD, call, expectRefusal, expectSuccess, registerCustomer } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { signInNewStaff, staffCall, submitKyc } from './identity-helpers';

describe.each(databaseKinds)('back office on %s', (kind) => {
  let t: TestApp;
  let admin: SignedInStaff;
  let operator: SignedInStaff;
  let reviewer: SignedInStaff;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await signInNewStaff(t.app, t.db, 'admin');
    operator = await signInNewStaff(t.app, t.db, 'operator');
    reviewer = await signInNewStaff(t.app, t.db, 'reviewer');
  });
  afterAll(() => t.close());

  async function idOf(session: Session) {
    const [row] = await t.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.account, session.account));
    return row?.id ?? 0;
  }

  it('sets and clears account states with a reason; each takes effect at once', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    const customerId = await idOf(session);
    const set = (state: string, value: boolean) =>
      staffCall(
        t.app,
        '/customers/setState',
        { customerId, state, value, reason: 'Suspicious login' },
        operator.token,
      );
    expectSuccess(await set('frozen', true));
    expectRefusal(await call(t.app, '/user/info', {}, { session }), 'account.frozen', 403);
    expectRefusal(await call(t.app, '/kyc/status', {}, { session }), 'account.frozen', 403);
    const detail = expectSuccess<{ states: { frozen: boolean }; stateChanges: unknown[] }>(
      await set('frozen', false),
    );
    expect(detail.states.frozen).toBe(false);
    expect(detail.stateChanges).toHaveLength(2);
    expectSuccess(await call(t.app, '/user/info', {}, { session }));
    expectSuccess(await set('loginBanned', true));
    expectRefusal(
      await call(t.app, '/user/login', { account: session.account, password: GOOD_PASSWORD }),
      'account.login_banned',
      403,
    );
    expectRefusal(
      await staffCall(
        t.app,
        '/customers/setState',
        { customerId, state: 'frozen', value: true, reason: 'x' },
        reviewer.token,
      ),
      'staff.forbidden',
      403,
    );
  });

  it('searches customers and shows the entity page with chart and history', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    const customerId = await idOf(session);
    expectSuccess((await submitKyc(t.app, session)).response);
    const queue = expectSuccess<{ items: { customerId: number }[] }>(
      await staffCall(t.app, '/kyc/queue', { state: 'under_review' }, reviewer.token),
    );
    expect(queue.items.map((i) => i.customerId)).toContain(customerId);
    expectSuccess(
      await staffCall(
        t.app,
        '/kyc/reject',
        { customerId, reason: 'Photo is blurred' },
        reviewer.token,
      ),
    );
    const status = expectSuccess<{ state: string; rejectionReason: string }>(
      await call(t.app, '/kyc/status', {}, { session }),
    );
    expect(status).toMatchObject({ state: 'rejected', rejectionReason: 'Photo is blurred' });
    const found = expectSuccess<{ items: { id: number }[] }>(
      await staffCall(t.app, '/customers/search', { query: '홍길' }, operator.token),
    );
    expect(found.items.map((i) => i.id)).toContain(customerId);
    const page = expectSuccess<{ state: string; chartSvg: string; transitions: unknown[] }>(
      await staffCall(
        t.app,
        '/entities/view',
        { entityType: 'kyc', entityId: String(customerId) },
        operator.token,
      ),
    );
    expect(page.state).toBe('rejected');
    expect(page.chartSvg).toMatch(/^<svg/);
    // The chart marks where the customer is and words the steps in the request's language (ko).
    expect(page.chartSvg).toContain('<g data-state="rejected" data-current="true">');
    expect(page.chartSvg).toMatch(
      /data-edge="under_review\|review.reject\|rejected" data-taken="true"/,
    );
    expect(page.chartSvg).toContain('심사 반려 (review.reject) [hasReason]');
    expect(page.transitions).toMatchObject([
      {
        from: 'unverified',
        event: 'kyc.submit',
        to: 'under_review.waiting',
        actor: { kind: 'customer', id: customerId, name: session.account, role: null },
      },
      {
        from: 'under_review.waiting',
        event: 'review.reject',
        to: 'rejected',
        reason: 'Photo is blurred',
        actor: { kind: 'staff', id: reviewer.id, role: 'reviewer' },
      },
    ]);
  });

  it('refuses a decision on a stale version', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    const customerId = await idOf(session);
    expectSuccess((await submitKyc(t.app, session)).response);
    expectRefusal(
      await staffCall(t.app, '/kyc/approve', { customerId, version: 0 }, reviewer.token),
      'lifecycle.conflict',
      409,
    );
    expectSuccess(
      await staffCall(t.app, '/kyc/approve', { customerId, version: 1 }, reviewer.token),
    );
  });

  it('manages institutions: create, list with counts, disable stops registration', async () => {
    const created = expectSuccess<{ id: number; code: string }>(
      await staffCall(
        t.app,
        '/institutions/create',
        { name: 'Busan branch', code: 'BUSAN1' },
        admin.token,
      ),
    );
    expectRefusal(
      await staffCall(
        t.app,
        '/institutions/create',
        { name: 'Again', code: 'BUSAN1' },
        admin.token,
      ),
      'institution.exists',
      400,
    );
    await registerCustomer(t.app, 'BUSAN1');
    const members = expectSuccess<{ total: number }>(
      await staffCall(
        t.app,
        '/institutions/customers',
        { institutionId: created.id },
        operator.token,
      ),
    );
    expect(members.total).toBe(1);
    expectSuccess(
      await staffCall(
        t.app,
        '/institutions/disable',
        { institutionId: created.id, reason: 'Branch closed' },
        admin.token,
      ),
    );
    expectRefusal(
      await call(t.app, '/user/register', {
        account: 'late_comer',
        password: GOOD_PASSWORD,
        confirmPassword: GOOD_PASSWORD,
        code: 'BUSAN1',
        agree: true,
      }),
      'account.inviter_unknown',
      400,
    );
  });

  it('keeps an append-only audit log of staff actions with IP and user agent', async () => {
    await staffCall(t.app, '/customers/search', {}, operator.token, {
      'user-agent': 'AuditTest/1',
    });
    const log = expectSuccess<{
      items: { action: string; staff: string; userAgent: string; ip: string }[];
    }>(await staffCall(t.app, '/audit/search', { staffId: operator.id }, admin.token));
    expect(log.items[0]).toMatchObject({
      action: 'customerSearch',
      staff: operator.account,
      userAgent: 'AuditTest/1',
    });
    expect(log.items[0]?.ip).toBeTruthy();
    await expect(t.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });

  it.skipIf(kind === 'pglite')(
    'lets exactly one of two reviewers deciding at once win',
    async () => {
      const other = await signInNewStaff(t.app, t.db, 'reviewer');
      for (let round = 0; round < 5; round++) {
        const session = await registerCustomer(t.app, t.demoCode);
        const customerId = await idOf(session);
        expectSuccess((await submitKyc(t.app, session)).response);
        const answers = await Promise.all([
          staffCall(t.app, '/kyc/approve', { customerId }, reviewer.token),
          staffCall(t.app, '/kyc/reject', { customerId, reason: 'Mismatch' }, other.token),
        ]);
        const codes = answers.map((a) => a.json<{ status: number; code?: string }>());
        expect(codes.filter((c) => c.status === 1)).toHaveLength(1);
        const loser = codes.find((c) => c.status === 0);
        expect(['lifecycle.conflict', 'kyc.not_under_review']).toContain(loser?.code);
        const page = expectSuccess<{ transitions: unknown[] }>(
          await staffCall(
            t.app,
            '/entities/view',
            { entityType: 'kyc', entityId: String(customerId) },
            admin.token,
          ),
        );
        expect(page.transitions).toHaveLength(2);
      }
    },
  );
});
