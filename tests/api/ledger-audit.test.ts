import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers } from '../../server/db/schema';
import { customerAccountId, houseAccountId, postEntry } from '../../server/ledger';
import { ledgerAuditReport } from '../../scripts/ledger-audit';
import { buildTestApp, databaseKinds } from '../support/test-app';
import { newAccountName, registerCustomer } from './api-helpers';

describe.each(databaseKinds)('ledger audit of an API test on %s', (kind) => {
  it('fails TestApp.close when the ledger does not add up, and closes all the same', async () => {
    const t = await buildTestApp(kind);
    let closed = false;
    try {
      const account = newAccountName('audit');
      await registerCustomer(t.app, t.demoCode, account);
      const [customer] = await t.db.select().from(customers).where(eq(customers.account, account));
      const cash = await customerAccountId(t.db, customer?.id ?? -1, 'KRW', 'available');
      const house = await houseAccountId(t.db, 'KRW', 'house_bank');
      await postEntry(t.db, {
        kind: 'deposit',
        reason: 'test deposit',
        actor: 'system',
        postings: [
          { accountId: house, amount: -2_000 },
          { accountId: cash, amount: 2_000 },
        ],
      });
      expect(await ledgerAuditReport(t.db)).toEqual({
        ok: true,
        lines: ['Ledger audit: no violations.'],
      });

      // A balance changed behind the ledger's back.
      await t.db.execute(sql`update ledger_accounts set balance = balance + 5 where id = ${cash}`);
      expect(await ledgerAuditReport(t.db)).toEqual({
        ok: false,
        lines: [
          'Ledger audit: 1 violation(s):',
          `  account ${cash}: stored balance 2005 ≠ postings' sum 2000`,
        ],
      });
      closed = true;
      await expect(t.close()).rejects.toThrow(
        `ledger audit failed after this file:\naccount ${cash}: stored balance 2005`,
      );
      // The audit's failure did not keep the database open.
      await expect(t.db.execute(sql`select 1`)).rejects.toThrow();
    } finally {
      if (!closed) await t.close().catch(() => undefined);
    }
  });
});
