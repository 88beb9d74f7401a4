import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../db/schema';
import { auditLedger, balancesOf, postEntry } from './index';
import { requestHash } from './request-hash';

const MIGRATIONS = fileURLToPath(new URL('../db/migrations', import.meta.url));

interface Journal {
  entries: { tag: string }[];
}

/** The migrations folder as it was before the ledger kept balances (up to the audit log's). */
function migrationsBeforeLedger(): string {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8'),
  ) as Journal;
  const last = journal.entries.findIndex((e) => e.tag.endsWith('_audit_append_only'));
  if (last < 0) throw new Error('no audit_append_only migration to stop at');
  const entries = journal.entries.slice(0, last + 1);
  const folder = mkdtempSync(join(tmpdir(), 'maru-ledger-migration-'));
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries)
    copyFileSync(join(MIGRATIONS, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  return folder;
}

describe('ledger migration of existing data', () => {
  let client: PGlite;
  let folder: string;

  beforeAll(async () => {
    client = await PGlite.create();
    folder = migrationsBeforeLedger();
  });
  afterAll(async () => {
    await client.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('renames the kinds, stores the balances and scopes and hashes the keys it finds', async () => {
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: folder });
    // A customer, their accounts and two entries, as the ledger wrote them before.
    await client.exec(`
      insert into institutions (id, code, name) values (1, 'OLD1', 'Old');
      insert into customers (id, account, account_id, password_hash, institution_id)
        values (7, 'olduser', '12345678', 'x', 1);
      insert into ledger_accounts (id, customer_id, currency, kind) values
        (1, 7, 'KRW', 'customer_cash'), (2, 7, 'KRW', 'customer_held'),
        (3, 7, 'USD', 'customer_cash'), (4, null, 'KRW', 'house_cash');
      insert into journal_entries (id, kind, reason, actor, idempotency_key) values
        (1, 'deposit', 'old deposit', 'customer:7', 'old-key'),
        (2, 'order_reserve', 'old reservation', 'system', null);
      insert into postings (entry_id, account_id, amount) values
        (1, 4, -1000), (1, 1, 1000), (2, 1, -300), (2, 2, 300);
      select setval('journal_entries_id_seq', 2);
    `);

    await migrate(db, { migrationsFolder: MIGRATIONS });

    const accounts = await client.query<{ id: number; kind: string; balance: string }>(
      'select id, kind, balance::text from ledger_accounts order by id',
    );
    expect(accounts.rows).toEqual([
      { id: 1, kind: 'available', balance: '700' },
      { id: 2, kind: 'held', balance: '300' },
      { id: 3, kind: 'available', balance: '0' },
      { id: 4, kind: 'house_bank', balance: '-1000' },
    ]);
    expect((await balancesOf(db, 7))[0]).toEqual({
      currency: 'KRW',
      total: 1000,
      available: 700,
      held: 300,
    });
    const entries = await client.query<{ id: number; scope: string | null; hash: string | null }>(
      'select id, idempotency_scope as scope, request_hash as hash from journal_entries order by id',
    );
    const legacyRequest = [
      { accountId: 4, amount: -1000 },
      { accountId: 1, amount: 1000 },
    ];
    // The migration's SQL builds the same hash as the code, so the old key still replays.
    expect(entries.rows).toEqual([
      { id: 1, scope: 'customer:7', hash: requestHash('deposit', null, legacyRequest) },
      { id: 2, scope: null, hash: null },
    ]);
    expect(
      await postEntry(db, {
        kind: 'deposit',
        reason: 'retried',
        actor: 'customer:7',
        idempotencyKey: 'old-key',
        postings: legacyRequest,
      }),
    ).toEqual({ entryId: 1, replayed: true });
    expect(await auditLedger(db)).toEqual([]);
    await expect(db.execute(sql`delete from postings`)).rejects.toThrow();
  });
});
