/**
 * The cost of posting a journal entry into an account with a long history (10^6 earlier
 * postings) against one with none, in the same run and database: the overdraft check reads the
 * account's stored balance, so the two should cost the same. PGlite always; PostgreSQL too when
 * DATABASE_URL is set (a scratch database, dropped after). The history is seeded with SQL (one
 * deposit entry per posting, stored balances kept consistent, as the audit at the end checks).
 */
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../server/db/connect';
import { customers, institutions, postings } from '../server/db/schema';
import {
  auditLedger,
  customerAccountId,
  houseAccountId,
  openCustomerAccounts,
  postEntry,
} from '../server/ledger';
import { openTestDatabase } from '../tests/support/test-app';
import type { DatabaseKind } from '../tests/support/test-app';

export interface LedgerPostingRow {
  database: DatabaseKind;
  earlierPostings: number;
  seedSeconds: number;
  /** Entries timed per account, alternating between the two. */
  entries: number;
  longHistoryP50Us: number;
  longHistoryP95Us: number;
  emptyP50Us: number;
  emptyP95Us: number;
  /** Median posting time into the long-history account over the empty one's (target ≤ 1.2). */
  ratio: number;
  /** What the previous check (sum of the account's postings) costs on the long history, once. */
  sumOfPostingsMs: number;
  auditSeconds: number;
  auditViolations: number;
}

export async function measureLedgerPosting(
  history = Number(process.env.LEDGER_BENCH_HISTORY ?? 1_000_000),
  entries = 2_000,
): Promise<LedgerPostingRow[]> {
  const kinds: DatabaseKind[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
  const rows: LedgerPostingRow[] = [];
  for (const kind of kinds) rows.push(await measureOn(kind, history, entries));
  return rows;
}

async function newCustomer(db: Database, n: number): Promise<number> {
  const [institution] = await db
    .insert(institutions)
    .values({ code: `BENCH${n}`, name: 'Ledger benchmark' })
    .returning();
  const [customer] = await db
    .insert(customers)
    .values({
      account: `bench${n}`,
      accountId: String(10_000_000 + n),
      passwordHash: 'x',
      institutionId: institution?.id ?? -1,
    })
    .returning();
  const id = customer?.id ?? -1;
  await openCustomerAccounts(db, id);
  return customerAccountId(db, id, 'KRW', 'available');
}

async function measureOn(
  kind: DatabaseKind,
  history: number,
  entries: number,
): Promise<LedgerPostingRow> {
  const handle = await openTestDatabase(kind);
  try {
    const db = handle.db;
    const long = await newCustomer(db, 1);
    const empty = await newCustomer(db, 2);
    const house = await houseAccountId(db, 'KRW', 'house_bank');

    const seedStart = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        with e as (
          insert into journal_entries (kind, reason, actor)
          select 'deposit', 'benchmark history', 'system' from generate_series(1, ${history})
          returning id
        )
        insert into postings (entry_id, account_id, amount)
        select id, ${long}::integer, 1000 from e
        union all
        select id, ${house}::integer, -1000 from e`);
      await tx.execute(sql`
        update ledger_accounts set balance = balance + case id
          when ${long}::integer then ${history * 1000}::bigint
          else ${-history * 1000}::bigint end
        where id in (${long}::integer, ${house}::integer)`);
    });
    await db.execute(sql`analyze`);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    // The empty account gets just enough to spend (its one earlier posting).
    await postEntry(db, {
      kind: 'deposit',
      reason: 'benchmark',
      actor: 'system',
      postings: [
        { accountId: house, amount: -10 * entries },
        { accountId: empty, amount: 10 * entries },
      ],
    });

    // Spend 1 from each account in turn, each entry with its own idempotency key as the API's
    // will; alternating spreads any slowdown of the machine over both sides.
    let key = 0;
    const spend = async (account: number): Promise<number> => {
      key += 1;
      const start = performance.now();
      await postEntry(db, {
        kind: 'withdrawal',
        reason: 'benchmark',
        actor: 'customer:bench',
        idempotencyKey: `bench-${key}`,
        postings: [
          { accountId: account, amount: -1 },
          { accountId: house, amount: 1 },
        ],
      });
      return performance.now() - start;
    };
    for (let i = 0; i < 200; i++) {
      await spend(long);
      await spend(empty);
    }
    const longTimes: number[] = [];
    const emptyTimes: number[] = [];
    for (let i = 0; i < entries; i++) {
      longTimes.push(await spend(long));
      emptyTimes.push(await spend(empty));
    }

    const sumStart = performance.now();
    await db
      .select({ sum: sql<string>`sum(${postings.amount})::text` })
      .from(postings)
      .where(eq(postings.accountId, long));
    const sumOfPostingsMs = performance.now() - sumStart;

    const auditStart = performance.now();
    const violations = await auditLedger(db);
    const auditSeconds = (performance.now() - auditStart) / 1000;

    const longP50 = quantile(longTimes, 0.5);
    const emptyP50 = quantile(emptyTimes, 0.5);
    return {
      database: kind,
      earlierPostings: history,
      seedSeconds: round(seedSeconds, 1),
      entries,
      longHistoryP50Us: Math.round(longP50 * 1000),
      longHistoryP95Us: Math.round(quantile(longTimes, 0.95) * 1000),
      emptyP50Us: Math.round(emptyP50 * 1000),
      emptyP95Us: Math.round(quantile(emptyTimes, 0.95) * 1000),
      ratio: round(longP50 / emptyP50, 2),
      sumOfPostingsMs: round(sumOfPostingsMs, 1),
      auditSeconds: round(auditSeconds, 1),
      auditViolations: violations.length,
    };
  } finally {
    await handle.close();
  }
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));
