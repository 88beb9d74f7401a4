import { TransactionRollbackError, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/connect';
import { customers, institutions, journalEntries, ledgerAccounts, postings } from '../db/schema';
import { openTestDatabase, databaseKinds } from '../../tests/support/test-app';
import {
  LedgerError,
  auditLedger,
  balancesOf,
  customerAccountId,
  houseAccountId,
  openCustomerAccounts,
  postEntry,
  reverseEntry,
} from './index';
import type { EntryInput, LedgerViolation } from './index';

/** Every message down an error's cause chain (drizzle wraps the driver's error). */
function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    parts.push(e instanceof Error ? e.message : JSON.stringify(e));
    e = (e as { cause?: unknown }).cause;
  }
  return parts.join(' | ');
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
}

/** A fresh customer with an institution, their registration accounts opened. */
async function newCustomer(db: Database) {
  const n = 10_000_000 + Math.floor(Math.random() * 89_999_999);
  const [institution] = await db
    .insert(institutions)
    .values({ code: `L${n}`, name: 'Ledger test' })
    .returning();
  const [customer] = await db
    .insert(customers)
    .values({
      account: `ledger${n}`,
      accountId: String(n),
      passwordHash: 'x',
      institutionId: institution?.id ?? -1,
    })
    .returning();
  const id = customer?.id ?? -1;
  await openCustomerAccounts(db, id);
  return {
    id,
    actor: `customer:${id}`,
    krw: await customerAccountId(db, id, 'KRW', 'available'),
    krwHeld: await customerAccountId(db, id, 'KRW', 'held'),
    usd: await customerAccountId(db, id, 'USD', 'available'),
  };
}

const entry = (list: EntryInput['postings'], extra: Partial<EntryInput> = {}): EntryInput => ({
  kind: 'test',
  reason: 'ledger test',
  actor: 'system',
  postings: list,
  ...extra,
});

/** A deposit from the house's bank account into a customer account. */
const deposit = (house: number, account: number, amount: number, extra: Partial<EntryInput> = {}) =>
  entry(
    [
      { accountId: house, amount: -amount },
      { accountId: account, amount },
    ],
    { kind: 'deposit', ...extra },
  );

async function storedBalance(db: Database, accountId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return row?.balance;
}

describe.each(databaseKinds)('ledger on %s', (kind) => {
  let handle: DatabaseHandle;
  let db: Database;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    db = handle.db;
  });
  afterAll(async () => {
    try {
      // Whatever the tests did through the API, the ledger still adds up.
      expect(await auditLedger(db)).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  const entryCount = async () => (await db.select({ n: count() }).from(journalEntries))[0]?.n;

  /** The attempt fails with the reason and records no entry. */
  async function expectRefused(attempt: () => Promise<unknown>, reason: LedgerError['reason']) {
    const before = await entryCount();
    const error = await failure(attempt());
    expect(error).toBeInstanceOf(LedgerError);
    expect((error as LedgerError).reason).toBe(reason);
    expect(await entryCount()).toBe(before);
  }
  const refused = (input: EntryInput, reason: LedgerError['reason']) =>
    expectRefused(() => postEntry(db, input), reason);

  it('keeps each account balance in step with its postings and reports them per currency', async () => {
    const c = await newCustomer(db);
    const house = await houseAccountId(db, 'KRW', 'house_bank');
    const houseUsd = await houseAccountId(db, 'USD', 'house_bank');
    expect(await balancesOf(db, c.id)).toEqual([
      { currency: 'KRW', total: 0, available: 0, held: 0 },
      { currency: 'USD', total: 0, available: 0, held: 0 },
      { currency: 'USDT', total: 0, available: 0, held: 0 },
    ]);
    const houseBefore = (await storedBalance(db, house)) ?? 0;
    await postEntry(db, deposit(house, c.krw, 500_000));
    await postEntry(
      db,
      entry([
        { accountId: c.krw, amount: -120_000 },
        { accountId: c.krwHeld, amount: 120_000 },
      ]),
    );
    // Two postings to one account in one entry add up.
    await postEntry(
      db,
      entry([
        { accountId: c.krw, amount: -1_000 },
        { accountId: c.krw, amount: -500 },
        { accountId: house, amount: 1_500 },
      ]),
    );
    await postEntry(db, deposit(houseUsd, c.usd, 1_999));
    expect(await storedBalance(db, c.krw)).toBe(378_500);
    expect(await storedBalance(db, c.krwHeld)).toBe(120_000);
    expect(await storedBalance(db, house)).toBe(houseBefore - 498_500);
    expect(await balancesOf(db, c.id)).toEqual([
      { currency: 'KRW', total: 498_500, available: 378_500, held: 120_000 },
      { currency: 'USD', total: 1_999, available: 1_999, held: 0 },
      { currency: 'USDT', total: 0, available: 0, held: 0 },
    ]);
    const sums = await db
      .select({ accountId: postings.accountId, sum: sql<string>`sum(${postings.amount})::text` })
      .from(postings)
      .where(sql`${postings.accountId} in (${c.krw}, ${c.krwHeld}, ${c.usd})`)
      .groupBy(postings.accountId);
    for (const s of sums) expect(await storedBalance(db, s.accountId)).toBe(Number(s.sum));
  });

  it('opens the less common kinds on first use, once, and counts what the customer owns', async () => {
    const c = await newCustomer(db);
    const margin = await customerAccountId(db, c.id, 'KRW', 'position_margin');
    expect(await customerAccountId(db, c.id, 'KRW', 'position_margin')).toBe(margin);
    expect(margin).not.toBe(c.krw);
    const ipo = await customerAccountId(db, c.id, 'KRW', 'ipo_deposit');
    const loan = await customerAccountId(db, c.id, 'KRW', 'loan_principal');
    const house = await houseAccountId(db, 'KRW', 'house_bank');
    await postEntry(db, deposit(house, c.krw, 10_000));
    await postEntry(
      db,
      entry([
        { accountId: c.krw, amount: -3_000 },
        { accountId: margin, amount: 2_000 },
        { accountId: ipo, amount: 1_000 },
      ]),
    );
    // A loan: what the customer owes is a balance below zero, the cash above.
    await postEntry(
      db,
      entry([
        { accountId: loan, amount: -5_000 },
        { accountId: c.krw, amount: 5_000 },
      ]),
    );
    expect((await balancesOf(db, c.id))[0]).toEqual({
      currency: 'KRW',
      total: 15_000,
      available: 12_000,
      held: 0,
    });
    // Repaying more than is owed is refused like an overdraft; repaying it all is fine.
    await refused(
      entry([
        { accountId: c.krw, amount: -5_001 },
        { accountId: loan, amount: 5_001 },
      ]),
      'insufficient_funds',
    );
    await postEntry(
      db,
      entry([
        { accountId: c.krw, amount: -5_000 },
        { accountId: loan, amount: 5_000 },
      ]),
    );
    expect(await storedBalance(db, loan)).toBe(0);
  });

  it('opens each house account once per currency and kind', async () => {
    const fees = await houseAccountId(db, 'USDT', 'house_fees');
    expect(await houseAccountId(db, 'USDT', 'house_fees')).toBe(fees);
    expect(await houseAccountId(db, 'USDT', 'house_taxes')).not.toBe(fees);
    expect(await houseAccountId(db, 'USD', 'house_fees')).not.toBe(fees);
  });

  it('refuses postings that do not sum to zero per currency', async () => {
    const c = await newCustomer(db);
    const house = await houseAccountId(db, 'KRW', 'house_bank');
    const houseUsd = await houseAccountId(db, 'USD', 'house_bank');
    await refused(
      entry([
        { accountId: house, amount: -100 },
        { accountId: c.krw, amount: 99 },
      ]),
      'unbalanced',
    );
    // Zero overall but across two currencies is still unbalanced.
    await refused(
      entry([
        { accountId: house, amount: -100 },
        { accountId: c.usd, amount: 100 },
      ]),
      'unbalanced',
    );
    await refused(
      entry([
        { accountId: houseUsd, amount: -100 },
        { accountId: c.krw, amount: 100 },
      ]),
      'unbalanced',
    );
  });

  it('refuses an entry that would take a customer account below zero, and writes nothing', async () => {
    const c = await newCustomer(db);
    const house = await houseAccountId(db, 'KRW', 'house_bank');
    await postEntry(db, deposit(house, c.krw, 1_000));
    const postingsBefore = (await db.select({ n: count() }).from(postings))[0]?.n;
    const houseBefore = await storedBalance(db, house);
    await refused(
      entry([
        { accountId: c.krw, amount: -1_001 },
        { accountId: house, amount: 1_001 },
      ]),
      'insufficient_funds',
    );
    await refused(
      entry([
        { accountId: c.krwHeld, amount: -1 },
        { accountId: c.krw, amount: 1 },
      ]),
      'insufficient_funds',
    );
    expect((await db.select({ n: count() }).from(postings))[0]?.n).toBe(postingsBefore);
    expect(await storedBalance(db, c.krw)).toBe(1_000);
    expect(await storedBalance(db, house)).toBe(houseBefore);
    // Spending exactly the balance is fine; the house account may go either way.
    await postEntry(
      db,
      entry([
        { accountId: c.krw, amount: -1_000 },
        { accountId: house, amount: 1_000 },
      ]),
    );
    expect((await balancesOf(db, c.id))[0]).toEqual({
      currency: 'KRW',
      total: 0,
      available: 0,
      held: 0,
    });
  });

  it('has the database refuse a customer balance beyond its sign, whatever the code does', async () => {
    const c = await newCustomer(db);
    const loan = await customerAccountId(db, c.id, 'USD', 'loan_principal');
    const setBalance = (id: number, balance: number) =>
      db.update(ledgerAccounts).set({ balance }).where(eq(ledgerAccounts.id, id));
    expect(errorText(await failure(setBalance(c.krw, -1)))).toMatch(
      /ledger_accounts_customer_balance_sign/,
    );
    expect(errorText(await failure(setBalance(loan, 1)))).toMatch(
      /ledger_accounts_customer_balance_sign/,
    );
    expect(await storedBalance(db, c.krw)).toBe(0);
  });

  it('refuses empty, single-sided, fractional, unsafe and zero amounts, and unknown accounts', async () => {
    const c = await newCustomer(db);
    const house = await houseAccountId(db, 'KRW', 'house_bank');
    await refused(entry([]), 'no_postings');
    await refused(entry([{ accountId: house, amount: 0 }]), 'no_postings');
    await refused(
      entry([
        { accountId: house, amount: -1.5 },
        { accountId: c.krw, amount: 1.5 },
      ]),
      'bad_amount',
    );
    await refused(
      entry([
        { accountId: house, amount: -(2 ** 60) },
        { accountId: c.krw, amount: 2 ** 60 },
      ]),
      'bad_amount',
    );
    await refused(
      entry([
        { accountId: house, amount: 0 },
        { accountId: c.krw, amount: 0 },
      ]),
      'bad_amount',
    );
    await refused(
      entry([
        { accountId: house, amount: -5 },
        { accountId: 987_654, amount: 5 },
      ]),
      'unknown_account',
    );
  });

  it('refuses an entry that would take a balance past the safe integer range', async () => {
    const taxes = await houseAccountId(db, 'USDT', 'house_taxes');
    const fx = await houseAccountId(db, 'USDT', 'house_fx');
    const big = Number.MAX_SAFE_INTEGER - 10;
    const move = (amount: number) =>
      entry([
        { accountId: taxes, amount: -amount },
        { accountId: fx, amount },
      ]);
    await postEntry(db, move(big));
    await refused(move(big), 'bad_amount');
    await postEntry(db, move(-big));
    expect(await storedBalance(db, fx)).toBe(0);
  });

  it('keeps postings and journal entries append-only', async () => {
    const c = await newCustomer(db);
    const house = await houseAccountId(db, 'KRW', 'house_bank');
    const { entryId } = await postEntry(db, deposit(house, c.krw, 700));
    const attempts = [
      sql`update postings set amount = amount + 1 where entry_id = ${entryId}`,
      sql`delete from postings where entry_id = ${entryId}`,
      sql`truncate postings`,
      sql`update journal_entries set reason = 'edited' where id = ${entryId}`,
      sql`delete from journal_entries where id = ${entryId}`,
      sql`truncate journal_entries cascade`,
    ];
    for (const attempt of attempts) {
      expect(errorText(await failure(db.execute(attempt)))).toMatch(/is append-only/);
    }
    const rows = await db.select().from(postings).where(eq(postings.entryId, entryId));
    expect(rows.map((r) => r.amount).sort((a, b) => a - b)).toEqual([-700, 700]);
    const [stored] = await db.select().from(journalEntries).where(eq(journalEntries.id, entryId));
    expect(stored?.reason).toBe('ledger test');
  });

  describe('reversing entries', () => {
    it('posts the negation, linked to the original, and restores the balances', async () => {
      const c = await newCustomer(db);
      const house = await houseAccountId(db, 'KRW', 'house_bank');
      const original = await postEntry(db, deposit(house, c.krw, 4_000));
      const houseAfter = await storedBalance(db, house);
      const reversal = await reverseEntry(db, {
        entryId: original.entryId,
        reason: 'deposit credited twice',
        actor: 'staff:1',
      });
      expect(reversal.replayed).toBe(false);
      const [row] = await db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.id, reversal.entryId));
      expect(row).toMatchObject({
        kind: 'reversal',
        reason: 'deposit credited twice',
        actor: 'staff:1',
        reversesEntryId: original.entryId,
      });
      const lines = await db
        .select({ accountId: postings.accountId, amount: postings.amount })
        .from(postings)
        .where(eq(postings.entryId, reversal.entryId));
      expect(lines.sort((a, b) => a.accountId - b.accountId)).toEqual(
        [
          { accountId: house, amount: 4_000 },
          { accountId: c.krw, amount: -4_000 },
        ].sort((a, b) => a.accountId - b.accountId),
      );
      expect(await storedBalance(db, c.krw)).toBe(0);
      expect(await storedBalance(db, house)).toBe((houseAfter ?? 0) + 4_000);
    });

    it('reverses an entry once, and a reversal can itself be reversed', async () => {
      const c = await newCustomer(db);
      const house = await houseAccountId(db, 'KRW', 'house_bank');
      const original = await postEntry(db, deposit(house, c.krw, 300));
      const reverse = (entryId: number) =>
        reverseEntry(db, { entryId, reason: 'mistake', actor: 'staff:1' });
      const first = await reverse(original.entryId);
      await expectRefused(() => reverse(original.entryId), 'already_reversed');
      await reverse(first.entryId);
      expect(await storedBalance(db, c.krw)).toBe(300);
      await expectRefused(() => reverse(987_654_321), 'unknown_entry');
    });

    it('refuses a reversal that would overdraw a customer account', async () => {
      const c = await newCustomer(db);
      const house = await houseAccountId(db, 'KRW', 'house_bank');
      const credited = await postEntry(db, deposit(house, c.krw, 1_000));
      await postEntry(
        db,
        entry([
          { accountId: c.krw, amount: -600 },
          { accountId: c.krwHeld, amount: 600 },
        ]),
      );
      await expectRefused(
        () => reverseEntry(db, { entryId: credited.entryId, reason: 'wrong', actor: 'staff:1' }),
        'insufficient_funds',
      );
      expect(await storedBalance(db, c.krw)).toBe(400);
    });

    it('replays a reversal with the same key and refuses the key for another entry', async () => {
      const c = await newCustomer(db);
      const house = await houseAccountId(db, 'KRW', 'house_bank');
      const a = await postEntry(db, deposit(house, c.krw, 10));
      const b = await postEntry(db, deposit(house, c.krw, 10));
      const input = { entryId: a.entryId, reason: 'r', actor: 'staff:2', idempotencyKey: 'rev-1' };
      const first = await reverseEntry(db, input);
      expect(await reverseEntry(db, input)).toEqual({ entryId: first.entryId, replayed: true });
      // Same postings, another entry: the reversed entry is part of the request.
      await expectRefused(
        () => reverseEntry(db, { ...input, entryId: b.entryId }),
        'idempotency_mismatch',
      );
      expect(await storedBalance(db, c.krw)).toBe(10);
    });
  });

  describe('idempotency keys', () => {
    it('replays the same request: one effect, the first entry', async () => {
      const c = await newCustomer(db);
      const house = await houseAccountId(db, 'KRW', 'house_bank');
      const request = deposit(house, c.krw, 7_000, {
        actor: c.actor,
        idempotencyKey: 'dep-1',
      });
      const first = await postEntry(db, request);
      const before = await entryCount();
      expect(first.replayed).toBe(false);
      expect(await postEntry(db, request)).toEqual({ entryId: first.entryId, replayed: true });
      // The same postings listed in another order, with other words, are the same request.
      expect(
        await postEntry(db, {
          ...request,
          reason: 'retried',
          postings: [...request.postings].reverse(),
        }),
      ).toEqual({ entryId: first.entryId, replayed: true });
      expect(await entryCount()).toBe(before);
      expect(await storedBalance(db, c.krw)).toBe(7_000);
    });

    it('refuses the same key for another request, and writes nothing', async () => {
      const c = await newCustomer(db);
      const house = await houseAccountId(db, 'KRW', 'house_bank');
      const request = deposit(house, c.krw, 7_000, { actor: c.actor, idempotencyKey: 'dep-2' });
      await postEntry(db, request);
      await refused(
        { ...request, postings: deposit(house, c.krw, 7_001).postings },
        'idempotency_mismatch',
      );
      await refused({ ...request, kind: 'bonus' }, 'idempotency_mismatch');
      expect(await storedBalance(db, c.krw)).toBe(7_000);
    });

    it('scopes keys per actor, or per the scope the caller names', async () => {
      const a = await newCustomer(db);
      const b = await newCustomer(db);
      const house = await houseAccountId(db, 'KRW', 'house_bank');
      const forA = await postEntry(
        db,
        deposit(house, a.krw, 5, { actor: a.actor, idempotencyKey: 'k' }),
      );
      // Another customer's same key, even for a different request, is theirs alone.
      const forB = await postEntry(
        db,
        deposit(house, b.krw, 6, { actor: b.actor, idempotencyKey: 'k' }),
      );
      expect(forB.replayed).toBe(false);
      expect(forB.entryId).not.toBe(forA.entryId);
      // The system applying A's request in A's scope meets A's key.
      expect(
        await postEntry(
          db,
          deposit(house, a.krw, 5, {
            actor: 'system',
            idempotencyScope: a.actor,
            idempotencyKey: 'k',
          }),
        ),
      ).toEqual({ entryId: forA.entryId, replayed: true });
      const [row] = await db
        .select()
        .from(journalEntries)
        .where(eq(journalEntries.id, forA.entryId));
      expect(row).toMatchObject({ idempotencyScope: a.actor, idempotencyKey: 'k' });
      expect(row?.requestHash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('replays inside a caller transaction and rolls back with the caller', async () => {
      const c = await newCustomer(db);
      const house = await houseAccountId(db, 'KRW', 'house_bank');
      const request = deposit(house, c.krw, 50, { idempotencyKey: `tx-${c.id}` });
      await db
        .transaction(async (tx) => {
          const first = await postEntry(tx, request);
          expect(await postEntry(tx, request)).toEqual({
            entryId: first.entryId,
            replayed: true,
          });
          throw new Error('caller gives up');
        })
        .catch(() => undefined);
      expect(await storedBalance(db, c.krw)).toBe(0);
      const rows = await db.select().from(postings).where(eq(postings.accountId, c.krw));
      expect(rows).toHaveLength(0);
      // The key was rolled back with everything else: it is free again.
      expect((await postEntry(db, request)).replayed).toBe(false);
      expect(await storedBalance(db, c.krw)).toBe(50);
    });
  });

  describe.runIf(kind === 'postgres')('concurrency (PostgreSQL)', () => {
    const outcome = (attempt: Promise<{ replayed: boolean }>) =>
      attempt.then(
        (r) => (r.replayed ? 'replayed' : 'ok'),
        (e: unknown) => (e instanceof LedgerError ? e.reason : `other: ${errorText(e)}`),
      );

    it('lets parallel entries spend one balance: exactly the affordable ones succeed', async () => {
      const c = await newCustomer(db);
      const house = await houseAccountId(db, 'KRW', 'house_bank');
      await postEntry(db, deposit(house, c.krw, 1_000));
      const spend = () =>
        outcome(
          postEntry(
            db,
            entry([
              { accountId: c.krw, amount: -70 },
              { accountId: house, amount: 70 },
            ]),
          ),
        );
      const results = await Promise.all(Array.from({ length: 20 }, spend));
      expect(results.filter((r) => r === 'ok')).toHaveLength(14);
      expect(results.filter((r) => r === 'insufficient_funds')).toHaveLength(6);
      expect(await storedBalance(db, c.krw)).toBe(20);
    });

    it('applies parallel identical keyed requests once: every other one replays', async () => {
      const c = await newCustomer(db);
      const house = await houseAccountId(db, 'KRW', 'house_bank');
      const request = deposit(house, c.krw, 900, { actor: c.actor, idempotencyKey: 'same' });
      const before = await entryCount();
      const results = await Promise.all(Array.from({ length: 12 }, () => postEntry(db, request)));
      expect(results.filter((r) => !r.replayed)).toHaveLength(1);
      expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
      expect(await entryCount()).toBe((before ?? 0) + 1);
      expect(await storedBalance(db, c.krw)).toBe(900);
    });

    it('refuses the losers of a race of one key for different requests, never with a 500', async () => {
      const c = await newCustomer(db);
      const house = await houseAccountId(db, 'KRW', 'house_bank');
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          outcome(
            postEntry(db, deposit(house, c.krw, 100 + i, { actor: c.actor, idempotencyKey: 'k' })),
          ),
        ),
      );
      expect(results.filter((r) => r === 'ok')).toHaveLength(1);
      expect(results.filter((r) => r === 'idempotency_mismatch')).toHaveLength(7);
    });

    it('reverses an entry once when reversals race', async () => {
      const c = await newCustomer(db);
      const house = await houseAccountId(db, 'KRW', 'house_bank');
      const { entryId } = await postEntry(db, deposit(house, c.krw, 100));
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          outcome(reverseEntry(db, { entryId, reason: 'race', actor: `staff:${i}` })),
        ),
      );
      expect(results.filter((r) => r === 'ok')).toHaveLength(1);
      expect(results.filter((r) => r === 'already_reversed')).toHaveLength(7);
      expect(await storedBalance(db, c.krw)).toBe(0);
    });
  });
});

describe.each(databaseKinds)('ledger audit on %s', (kind) => {
  let handle: DatabaseHandle;
  let db: Database;
  let c: Awaited<ReturnType<typeof newCustomer>>;
  let house: number;
  let depositId: number;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    db = handle.db;
    c = await newCustomer(db);
    house = await houseAccountId(db, 'KRW', 'house_bank');
    depositId = (await postEntry(db, deposit(house, c.krw, 1_000))).entryId;
    await postEntry(
      db,
      entry([
        { accountId: c.krw, amount: -400 },
        { accountId: c.krwHeld, amount: 400 },
      ]),
    );
  });
  afterAll(() => handle.close());

  /** The audit of the ledger after `tamper`, all inside a transaction that is rolled back. */
  async function auditAfter(
    tamper: (tx: Database) => Promise<unknown>,
  ): Promise<LedgerViolation[]> {
    let found: LedgerViolation[] = [];
    await db
      .transaction(async (tx) => {
        await tamper(tx);
        found = await auditLedger(tx);
        tx.rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof TransactionRollbackError)) throw e;
      });
    return found;
  }
  const unlocked = (tx: Database) =>
    tx.execute(sql`alter table postings disable trigger postings_no_update_delete`);

  it('finds nothing wrong in a ledger only the ledger wrote', async () => {
    expect(await auditLedger(db)).toEqual([]);
  });

  it('finds a stored balance that is not the sum of its postings', async () => {
    const found = await auditAfter((tx) =>
      tx.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${c.krw}`),
    );
    expect(found).toEqual([
      { check: 'balance_mismatch', accountId: c.krw, stored: '601', postings: '600' },
    ]);
  });

  it('finds an entry whose postings do not sum to zero, and the currency with it', async () => {
    const found = await auditAfter(async (tx) => {
      await unlocked(tx);
      // The stored balance follows, so only the entry and the currency are wrong.
      await tx.execute(
        sql`update postings set amount = amount + 5 where entry_id = ${depositId} and account_id = ${c.krw}`,
      );
      await tx.execute(sql`update ledger_accounts set balance = balance + 5 where id = ${c.krw}`);
    });
    expect(found).toEqual([
      { check: 'entry_unbalanced', entryId: depositId, currency: 'KRW', sum: '5' },
      { check: 'currency_unbalanced', currency: 'KRW', credits: '1405', debits: '1400' },
    ]);
  });

  it('finds an entry with fewer than two postings', async () => {
    let entryId = -1;
    const found = await auditAfter(async (tx) => {
      const [row] = await tx
        .insert(journalEntries)
        .values({ kind: 'test', reason: 'empty', actor: 'system' })
        .returning({ id: journalEntries.id });
      entryId = row?.id ?? -1;
    });
    expect(found).toEqual([{ check: 'entry_too_few_postings', entryId, postings: 0 }]);
  });

  it('finds a customer account beyond its sign', async () => {
    const other = await newCustomer(db);
    const loan = await customerAccountId(db, other.id, 'KRW', 'loan_principal');
    const found = await auditAfter(async (tx) => {
      await tx.execute(
        sql`alter table ledger_accounts drop constraint ledger_accounts_customer_balance_sign`,
      );
      // Balanced entries the ledger would refuse: the cash below zero, the loan above.
      const [row] = await tx
        .insert(journalEntries)
        .values({ kind: 'test', reason: 'overdraft', actor: 'system' })
        .returning({ id: journalEntries.id });
      await tx.insert(postings).values([
        { entryId: row?.id ?? -1, accountId: other.krw, amount: -30 },
        { entryId: row?.id ?? -1, accountId: loan, amount: 30 },
      ]);
      await tx.execute(sql`update ledger_accounts set balance = -30 where id = ${other.krw}`);
      await tx.execute(sql`update ledger_accounts set balance = 30 where id = ${loan}`);
    });
    expect(found).toEqual(
      [
        { check: 'customer_overdrawn', accountId: other.krw, kind: 'available', balance: '-30' },
        { check: 'customer_overdrawn', accountId: loan, kind: 'loan_principal', balance: '30' },
      ].sort((a, b) => a.accountId - b.accountId),
    );
  });

  it('finds a deleted posting in every way it shows', async () => {
    const found = await auditAfter(async (tx) => {
      await unlocked(tx);
      await tx.execute(
        sql`delete from postings where entry_id = ${depositId} and account_id = ${house}`,
      );
    });
    expect(found.map((v) => v.check).sort()).toEqual([
      'balance_mismatch',
      'currency_unbalanced',
      'entry_too_few_postings',
      'entry_unbalanced',
    ]);
    expect(found).toContainEqual({
      check: 'balance_mismatch',
      accountId: house,
      stored: '-1000',
      postings: '0',
    });
  });

  it('leaves the rolled-back tampering behind', async () => {
    expect(await auditLedger(db)).toEqual([]);
  });
});
