import { and, eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restrictionsOf } from '../../machines/account';
import {
  auditLog,
  customers,
  institutions,
  lifecycleTransitions,
  secretAttempts,
} from '../../server/db/schema';
import { createStaffAccount } from '../../server/modules/staff/accounts/create-staff-account';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { expectRefusal, expectSuccess, registerCustomer } from './api-helpers';
import type { SignedInStaff } from './identity-helpers';
import { secretOf, signInNewStaff, staffCall } from './identity-helpers';

/**
 * A staff action and its audit record are written in one transaction: when the record cannot be
 * written, the action does not happen either.
 */
describe.each(databaseKinds)('audit in the call transaction on %s', (kind) => {
  let t: TestApp;
  let admin: SignedInStaff;
  let operator: SignedInStaff;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await signInNewStaff(t.app, t.db, 'admin');
    operator = await signInNewStaff(t.app, t.db, 'operator');
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

  async function newInstitution() {
    const code = `AU${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    return expectSuccess<{ id: number }>(
      await staffCall(t.app, '/institutions/create', { name: 'Audit branch', code }, admin.token),
    );
  }

  const auditRows = (action: string, entity: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entity, entity)));

  async function customerState(id: number) {
    const [row] = await t.db
      .select({ state: customers.accountState })
      .from(customers)
      .where(eq(customers.id, id));
    const changes = await t.db
      .select()
      .from(lifecycleTransitions)
      .where(
        and(
          eq(lifecycleTransitions.entityType, 'account'),
          eq(lifecycleTransitions.entityId, String(id)),
        ),
      );
    return { frozen: row ? restrictionsOf(row.state).frozen : undefined, changes: changes.length };
  }

  async function institutionActive(id: number) {
    const [row] = await t.db
      .select({ active: institutions.active })
      .from(institutions)
      .where(eq(institutions.id, id));
    return row?.active;
  }

  it('refuses a reason the database cannot store at validation, before anything is done', async () => {
    const customer = await newCustomer();
    const institution = await newInstitution();
    // A lone surrogate or a NUL once reached the database and failed the audit insert; both are
    // now refused with a field code (the trigger below provokes the audit failure instead).
    expectRefusal(
      await staffCall(
        t.app,
        '/customers/setState',
        { customerId: customer.id, state: 'frozen', value: true, reason: 'x\ud800' },
        operator.token,
      ),
      'request.invalid_characters',
      400,
      'reason',
    );
    expectRefusal(
      await staffCall(
        t.app,
        '/institutions/disable',
        { institutionId: institution.id, reason: 'closed\u0000' },
        admin.token,
      ),
      'request.invalid_characters',
      400,
      'reason',
    );
    expect(await customerState(customer.id)).toEqual({ frozen: false, changes: 0 });
    expect(await auditRows('customerSetState', `customer:${customer.id}`)).toEqual([]);
    expect(await institutionActive(institution.id)).toBe(true);
    expect(await auditRows('institutionDisable', `institution:${institution.id}`)).toEqual([]);
  });

  describe('with an audit log that refuses every write of these calls', () => {
    beforeAll(async () => {
      await t.db.execute(sql`
        create function test_refuse_audit() returns trigger language plpgsql as $$
        begin raise exception 'audit refused for the test'; end $$`);
      await t.db.execute(sql`
        create trigger test_refuse_audit before insert on audit_log for each row
        when (new.action in ('customerSetState', 'institutionDisable'))
        execute function test_refuse_audit()`);
    });
    afterAll(async () => {
      await t.db.execute(sql`drop trigger test_refuse_audit on audit_log`);
      await t.db.execute(sql`drop function test_refuse_audit()`);
    });

    it('answers 500 system.busy and leaves the customer and the institution unchanged', async () => {
      const customer = await newCustomer();
      const institution = await newInstitution();
      expectRefusal(
        await staffCall(
          t.app,
          '/customers/setState',
          { customerId: customer.id, state: 'frozen', value: true, reason: 'Suspicious login' },
          operator.token,
        ),
        'system.busy',
        500,
      );
      expectRefusal(
        await staffCall(
          t.app,
          '/institutions/disable',
          { institutionId: institution.id, reason: 'Branch closed' },
          admin.token,
        ),
        'system.busy',
        500,
      );
      expect(await customerState(customer.id)).toEqual({ frozen: false, changes: 0 });
      expect(await institutionActive(institution.id)).toBe(true);
      // The customer was never frozen: their calls still work.
      expectSuccess(
        await t.app.inject({
          method: 'POST',
          url: '/api/vue/user/info',
          payload: {},
          headers: { token: customer.session.token, account: customer.session.account },
        }),
      );
    });
  });

  it('writes the action and its audit record together on the normal path', async () => {
    const customer = await newCustomer();
    const institution = await newInstitution();
    expectSuccess(
      await staffCall(
        t.app,
        '/customers/setState',
        { customerId: customer.id, state: 'frozen', value: true, reason: 'Suspicious login' },
        operator.token,
        { 'user-agent': 'AuditTx/1' },
      ),
    );
    expectSuccess(
      await staffCall(
        t.app,
        '/institutions/disable',
        { institutionId: institution.id, reason: 'Branch closed' },
        admin.token,
      ),
    );
    expect(await customerState(customer.id)).toEqual({ frozen: true, changes: 1 });
    expect(await institutionActive(institution.id)).toBe(false);
    const [setState] = await auditRows('customerSetState', `customer:${customer.id}`);
    expect(setState).toMatchObject({
      actorKind: 'staff',
      actorId: operator.id,
      detail: { state: 'frozen', value: true, reason: 'Suspicious login' },
      userAgent: 'AuditTx/1',
    });
    expect(setState?.ip.length).toBeGreaterThan(0);
    const disabled = await auditRows('institutionDisable', `institution:${institution.id}`);
    expect(disabled).toHaveLength(1);
    expect(disabled[0]).toMatchObject({ actorId: admin.id, detail: { reason: 'Branch closed' } });
  });

  it('keeps the failure count of a wrong TOTP code although the call is refused', async () => {
    const created = await createStaffAccount(t.db, {
      account: `lockcheck_${Math.random().toString(36).slice(2, 8)}`,
      role: 'reviewer',
    });
    const login = expectSuccess<{ token: string }>(
      await staffCall(t.app, '/auth/login', {
        account: created.account,
        password: created.oneTimePassword,
      }),
    );
    const enrol = expectSuccess<{ otpauthUri: string }>(
      await staffCall(t.app, '/auth/enrol', {}, login.token),
    );
    const right = await generate({ secret: secretOf(enrol.otpauthUri) });
    const wrong = String((Number(right) + 500_000) % 1_000_000).padStart(6, '0');
    expectRefusal(
      await staffCall(t.app, '/auth/verify', { code: wrong }, login.token),
      'staff.wrong_code',
      400,
    );
    const [row] = await t.db
      .select({ failures: secretAttempts.failures })
      .from(secretAttempts)
      .where(
        and(
          eq(secretAttempts.kind, 'staff_totp'),
          eq(secretAttempts.account, String(created.id)),
          eq(secretAttempts.source, ''),
        ),
      );
    expect(row?.failures).toBe(1);
    // The refused call itself is not an action: no audit record for it.
    const verifies = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'verify'), eq(auditLog.actorId, created.id)));
    expect(verifies).toEqual([]);
  });
});
