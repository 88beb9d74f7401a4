import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/connect';
import { customers, institutions, journalEntries, postings } from '../db/schema';
import { openTestDatabase, databaseKinds } from '../../tests/support/test-app';
import {
  LedgerError,
  balancesOf,
  customerAccountId,
  houseCashAccountId,
  openCustomerAccounts,
  postEntry,
} from './index';
import type { EntryInput } from './index';

describe.each(databaseKinds)('ledger on %s', (kind) => {
  let handle: DatabaseHandle;
  let nextAccountId = 10_000_000;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle.close());

  async function newCustomer() {
    const db = handle.db;
    const [institution] = await db
      .insert(institutions)
      .values({ code: `L${nextAccountId}`, name: 'Ledger test' })
      .returning();
    nextAccountId += 1;
    const [customer] = await db
      .insert(customers)
      .values({
        account: `ledger${nextAccountId}`,
        accountId: String(nextAccountId),
        passwordHash: 'x',
        institutionId: institution?.id ?? -1,
      })
      .returning();
    const id = customer?.id ?? -1;
    await openCustomerAccounts(db, id);
    return {
      id,
      krwCash: await customerAccountId(db, id, 'KRW', 'customer_cash'),
      krwHeld: await customerAccountId(db, id, 'KRW', 'customer_held'),
      usdCash: await customerAccountId(db, id, 'USD', 'customer_cash'),
    };
  }

  const entry = (
    postingsList: EntryInput['postings'],
    extra: Partial<EntryInput> = {},
  ): EntryInput => ({
    kind: 'test',
    reason: 'ledger test',
    actor: 'system',
    postings: postingsList,
    ...extra,
  });

  const entryCount = async () =>
    (await handle.db.select({ n: count() }).from(journalEntries))[0]?.n;

  async function expectRefused(input: EntryInput, reason: LedgerError['reason']) {
    const before = await entryCount();
    const error = await postEntry(handle.db, input).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(LedgerError);
    expect((error as LedgerError).reason).toBe(reason);
    expect(await entryCount()).toBe(before);
  }

  it('derives balances per account currency from postings', async () => {
    const c = await newCustomer();
    const house = await houseCashAccountId(handle.db, 'KRW');
    const houseUsd = await houseCashAccountId(handle.db, 'USD');
    expect(await balancesOf(handle.db, c.id)).toEqual([
      { currency: 'KRW', total: 0, available: 0 },
      { currency: 'USD', total: 0, available: 0 },
      { currency: 'USDT', total: 0, available: 0 },
    ]);
    await postEntry(
      handle.db,
      entry([
        { accountId: house, amount: -500_000 },
        { accountId: c.krwCash, amount: 500_000 },
      ]),
    );
    await postEntry(
      handle.db,
      entry([
        { accountId: c.krwCash, amount: -120_000 },
        { accountId: c.krwHeld, amount: 120_000 },
      ]),
    );
    await postEntry(
      handle.db,
      entry([
        { accountId: houseUsd, amount: -1_999 },
        { accountId: c.usdCash, amount: 1_999 },
      ]),
    );
    expect(await balancesOf(handle.db, c.id)).toEqual([
      { currency: 'KRW', total: 500_000, available: 380_000 },
      { currency: 'USD', total: 1_999, available: 1_999 },
      { currency: 'USDT', total: 0, available: 0 },
    ]);
  });

  it('opens each house account once', async () => {
    expect(await houseCashAccountId(handle.db, 'USDT')).toBe(
      await houseCashAccountId(handle.db, 'USDT'),
    );
  });

  it('refuses postings that do not sum to zero per currency', async () => {
    const c = await newCustomer();
    const house = await houseCashAccountId(handle.db, 'KRW');
    const houseUsd = await houseCashAccountId(handle.db, 'USD');
    await expectRefused(
      entry([
        { accountId: house, amount: -100 },
        { accountId: c.krwCash, amount: 99 },
      ]),
      'unbalanced',
    );
    // Zero overall but across two currencies is still unbalanced.
    await expectRefused(
      entry([
        { accountId: house, amount: -100 },
        { accountId: c.usdCash, amount: 100 },
      ]),
      'unbalanced',
    );
    await expectRefused(
      entry([
        { accountId: houseUsd, amount: -100 },
        { accountId: c.krwCash, amount: 100 },
      ]),
      'unbalanced',
    );
  });

  it('refuses an entry that would take a customer account below zero, and writes nothing', async () => {
    const c = await newCustomer();
    const house = await houseCashAccountId(handle.db, 'KRW');
    await postEntry(
      handle.db,
      entry([
        { accountId: house, amount: -1_000 },
        { accountId: c.krwCash, amount: 1_000 },
      ]),
    );
    const postingsBefore = (await handle.db.select({ n: count() }).from(postings))[0]?.n;
    await expectRefused(
      entry([
        { accountId: c.krwCash, amount: -1_001 },
        { accountId: house, amount: 1_001 },
      ]),
      'insufficient_funds',
    );
    await expectRefused(
      entry([
        { accountId: c.krwHeld, amount: -1 },
        { accountId: c.krwCash, amount: 1 },
      ]),
      'insufficient_funds',
    );
    expect((await handle.db.select({ n: count() }).from(postings))[0]?.n).toBe(postingsBefore);
    // Spending exactly the balance is fine; the house account may go negative.
    await postEntry(
      handle.db,
      entry([
        { accountId: c.krwCash, amount: -1_000 },
        { accountId: house, amount: 1_000 },
      ]),
    );
    expect((await balancesOf(handle.db, c.id))[0]).toEqual({
      currency: 'KRW',
      total: 0,
      available: 0,
    });
  });

  it('refuses empty, single-sided, fractional, unsafe and zero amounts, and unknown accounts', async () => {
    const c = await newCustomer();
    const house = await houseCashAccountId(handle.db, 'KRW');
    await expectRefused(entry([]), 'no_postings');
    await expectRefused(entry([{ accountId: house, amount: 0 }]), 'no_postings');
    await expectRefused(
      entry([
        { accountId: house, amount: -1.5 },
        { accountId: c.krwCash, amount: 1.5 },
      ]),
      'bad_amount',
    );
    await expectRefused(
      entry([
        { accountId: house, amount: -(2 ** 60) },
        { accountId: c.krwCash, amount: 2 ** 60 },
      ]),
      'bad_amount',
    );
    await expectRefused(
      entry([
        { accountId: house, amount: 0 },
        { accountId: c.krwCash, amount: 0 },
      ]),
      'bad_amount',
    );
    await expectRefused(
      entry([
        { accountId: house, amount: -5 },
        { accountId: 987_654, amount: 5 },
      ]),
      'unknown_account',
    );
  });

  it('applies an idempotency key once', async () => {
    const c = await newCustomer();
    const house = await houseCashAccountId(handle.db, 'KRW');
    const deposit = entry(
      [
        { accountId: house, amount: -7_000 },
        { accountId: c.krwCash, amount: 7_000 },
      ],
      { idempotencyKey: `dep-${c.id}` },
    );
    const first = await postEntry(handle.db, deposit);
    const again = await postEntry(handle.db, deposit);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ entryId: first.entryId, replayed: true });
    expect((await balancesOf(handle.db, c.id))[0]?.available).toBe(7_000);
  });

  it('rolls back with the caller when used inside a transaction', async () => {
    const c = await newCustomer();
    const house = await houseCashAccountId(handle.db, 'KRW');
    await handle.db
      .transaction(async (tx) => {
        await postEntry(
          tx,
          entry([
            { accountId: house, amount: -50 },
            { accountId: c.krwCash, amount: 50 },
          ]),
        );
        throw new Error('caller gives up');
      })
      .catch(() => undefined);
    expect((await balancesOf(handle.db, c.id))[0]?.available).toBe(0);
    const rows = await handle.db.select().from(postings).where(eq(postings.accountId, c.krwCash));
    expect(rows).toHaveLength(0);
  });

  it.runIf(kind === 'postgres')(
    'does not let two concurrent entries spend the same balance',
    async () => {
      const c = await newCustomer();
      const house = await houseCashAccountId(handle.db, 'KRW');
      await postEntry(
        handle.db,
        entry([
          { accountId: house, amount: -100 },
          { accountId: c.krwCash, amount: 100 },
        ]),
      );
      const spend = () =>
        postEntry(
          handle.db,
          entry([
            { accountId: c.krwCash, amount: -80 },
            { accountId: house, amount: 80 },
          ]),
        ).then(
          () => 'ok',
          (e: unknown) => (e instanceof LedgerError ? e.reason : 'other'),
        );
      const results = await Promise.all([spend(), spend(), spend()]);
      expect(results.filter((r) => r === 'ok')).toHaveLength(1);
      expect(results.filter((r) => r === 'insufficient_funds')).toHaveLength(2);
      expect((await balancesOf(handle.db, c.id))[0]?.available).toBe(20);
    },
  );
});
