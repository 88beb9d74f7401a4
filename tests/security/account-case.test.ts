import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { asc, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords';
import * as schema from '../../server/db/schema';
import { customers, institutions, staffAccounts } from '../../server/db/schema';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import {
  GOOD_PASSWORD,
  call,
  envelope,
  expectRefusal,
  expectSuccess,
  registerCustomer,
} from '../api/api-helpers';

/** Issue 8, item 8: account names are unique regardless of case, and login ignores case. */

const MIGRATIONS = fileURLToPath(new URL('../../server/db/migrations', import.meta.url));

interface Journal {
  entries: { tag: string }[];
}

/** A copy of the migrations folder that stops before the migration whose tag ends in `suffix`. */
function migrationsBefore(suffix: string): string {
  const folder = join(mkdtempSync(join(tmpdir(), 'maru-migrations-')), 'migrations');
  cpSync(MIGRATIONS, folder, { recursive: true });
  const path = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8')) as Journal;
  const stop = journal.entries.findIndex((e) => e.tag.endsWith(suffix));
  if (stop < 0) throw new Error(`no migration ending in ${suffix}`);
  journal.entries = journal.entries.slice(0, stop);
  writeFileSync(path, JSON.stringify(journal));
  return folder;
}

describe('the migration to case-insensitive names', () => {
  it('keeps every existing account that differs only in case, and refuses new ones', async () => {
    const client = await PGlite.create();
    try {
      const db = drizzle({ client, schema });
      await migrate(db, { migrationsFolder: migrationsBefore('_account_case_duplicates') });
      const [institution] = await db
        .insert(institutions)
        .values({ code: 'CASE01', name: 'Case branch' })
        .returning();
      const names = ['Ida.Kim', 'ida.kim', 'IDA.KIM', 'other.one'];
      for (const [i, account] of names.entries()) {
        await db.insert(customers).values({
          account,
          accountId: String(10_000_000 + i),
          passwordHash: 'x',
          institutionId: institution?.id ?? 0,
        });
      }
      for (const account of ['boss', 'Boss']) {
        await db.insert(staffAccounts).values({ account, role: 'admin', passwordHash: 'x' });
      }

      await migrate(db, { migrationsFolder: MIGRATIONS });

      const rows = await db
        .select({ account: customers.account, legacy: customers.legacyCaseDuplicate })
        .from(customers)
        .orderBy(asc(customers.id));
      // Nothing renamed or removed; the oldest of each group keeps the name, the others are flagged.
      expect(rows).toEqual([
        { account: 'Ida.Kim', legacy: false },
        { account: 'ida.kim', legacy: true },
        { account: 'IDA.KIM', legacy: true },
        { account: 'other.one', legacy: false },
      ]);
      const staff = await db
        .select({ account: staffAccounts.account, legacy: staffAccounts.legacyCaseDuplicate })
        .from(staffAccounts)
        .orderBy(asc(staffAccounts.id));
      expect(staff).toEqual([
        { account: 'boss', legacy: false },
        { account: 'Boss', legacy: true },
      ]);
      await expect(
        db.insert(customers).values({
          account: 'iDa.KiM',
          accountId: '20000000',
          passwordHash: 'x',
          institutionId: institution?.id ?? 0,
        }),
      ).rejects.toThrow();
      await expect(
        db.insert(staffAccounts).values({ account: 'BOSS', role: 'admin', passwordHash: 'x' }),
      ).rejects.toThrow();
    } finally {
      await client.close();
    }
  });
});

describe.each(databaseKinds)('account names regardless of case on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const register = (account: string) =>
    call(t.app, '/user/register', {
      account,
      password: GOOD_PASSWORD,
      confirmPassword: GOOD_PASSWORD,
      code: t.demoCode,
      agree: true,
    });

  it('refuses a name that differs only in case and signs in whatever the case', async () => {
    const session = await registerCustomer(t.app, t.demoCode, 'CaseUser.One');
    expectRefusal(await register('caseuser.one'), 'account.exists', 409, 'account');
    expectRefusal(await register('CASEUSER.ONE'), 'account.exists', 409, 'account');
    const signedIn = expectSuccess<{ account: string }>(
      await call(t.app, '/user/login', { account: 'cAsEuSeR.oNe', password: GOOD_PASSWORD }),
    );
    // The session names the account as registered, which is what the headers must carry.
    expect(signedIn.account).toBe(session.account);
  });

  it('registers one of ten names racing that differ only in case, never answering 500', async () => {
    const variants = ['RaceName', 'racename', 'RACENAME', 'raceName', 'Racename'];
    const answers = await Promise.all([...variants, ...variants].map((name) => register(name)));
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    for (const answer of answers) {
      if (answer.statusCode !== 200) expect(envelope(answer).code).toBe('account.exists');
    }
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(sql`lower(${customers.account}) = 'racename'`);
    expect(row?.n).toBe(1);
  });

  it('signs a legacy duplicate in by its exact name', async () => {
    const original = await registerCustomer(t.app, t.demoCode, 'Legacy.Name');
    const [first] = await t.db
      .select()
      .from(customers)
      .where(eq(customers.account, original.account));
    if (!first) throw new Error('no customer');
    // As the migration leaves an account registered before the rule: its own name and password.
    await t.db.insert(customers).values({
      account: 'legacy.name',
      accountId: '98765432',
      passwordHash: await hashPassword('older-password-1'),
      institutionId: first.institutionId,
      legacyCaseDuplicate: true,
    });
    const legacy = expectSuccess<{ account: string }>(
      await call(t.app, '/user/login', { account: 'legacy.name', password: 'older-password-1' }),
    );
    expect(legacy.account).toBe('legacy.name');
    const modern = expectSuccess<{ account: string }>(
      await call(t.app, '/user/login', { account: 'LEGACY.NAME', password: GOOD_PASSWORD }),
    );
    expect(modern.account).toBe('Legacy.Name');
  });
});
