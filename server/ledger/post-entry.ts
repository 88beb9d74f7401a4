import { asc, eq, inArray, sql } from 'drizzle-orm';
import { noteForCommit } from '../db/after-commit';
import type { Database, Transaction } from '../db/connect';
import { journalEntries, ledgerAccounts, postings } from '../db/schema';
import type { LedgerAccountKind } from '../db/schema';
import { balanceAllowed } from './accounts';
import { recordOnce } from './idempotency';
import type { KeyedRequest, PostedEntry } from './idempotency';
import { LedgerError } from './ledger-error';
import { requestHash } from './request-hash';

export interface PostingInput {
  accountId: number;
  /** Minor units of the account's currency; positive adds to the account. */
  amount: number;
}

export interface EntryInput {
  kind: string;
  reason: string;
  /** Who asks: 'system', 'customer:<id>', 'staff:<id>'. */
  actor: string;
  /**
   * The request's Idempotency-Key: the entry is recorded once per scope and key, and a repeat
   * must ask for the same postings and kind (else LedgerError 'idempotency_mismatch').
   */
  idempotencyKey?: string | null;
  /**
   * Whose keys this key is among; the actor unless given (e.g. a job posting for a customer's
   * request passes 'customer:<id>' with actor 'system').
   */
  idempotencyScope?: string;
  postings: PostingInput[];
}

/**
 * Records a journal entry, or refuses it whole. Its postings must sum to zero in each currency,
 * and no customer account may end beyond its sign (below zero; above zero for loan_principal).
 * It runs in its own transaction, or as a savepoint of the caller's, so a refusal leaves the
 * caller's other writes untouched until it decides.
 */
export async function postEntry(db: Database, entry: EntryInput): Promise<PostedEntry> {
  checkAmounts(entry.postings);
  return recordOnce(db, keyedRequest(entry, null), (tx) => writeEntry(tx, entry, null));
}

/** The entry's key, scope and request hash, or null when it carries no key. */
export function keyedRequest(
  entry: Pick<EntryInput, 'kind' | 'actor' | 'idempotencyKey' | 'idempotencyScope' | 'postings'>,
  reversesEntryId: number | null,
): KeyedRequest | null {
  if (!entry.idempotencyKey) return null;
  return {
    scope: entry.idempotencyScope ?? entry.actor,
    key: entry.idempotencyKey,
    hash: requestHash(entry.kind, reversesEntryId, entry.postings),
  };
}

/**
 * Writes the entry, its postings and the accounts' new balances. The touched accounts are locked
 * in id order first (PostgreSQL), which serialises concurrent entries on the same accounts
 * without deadlocks; the stored balances read under that lock are then exact, so the overdraft
 * check costs one row per account however many postings came before.
 */
export async function writeEntry(
  tx: Transaction,
  entry: EntryInput,
  reversesEntryId: number | null,
): Promise<number> {
  const accountIds = [...new Set(entry.postings.map((p) => p.accountId))].sort((a, b) => a - b);
  const accounts = await tx
    .select({
      id: ledgerAccounts.id,
      currency: ledgerAccounts.currency,
      kind: ledgerAccounts.kind,
      customerId: ledgerAccounts.customerId,
      balance: sql<string>`${ledgerAccounts.balance}::text`,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds))
    .orderBy(asc(ledgerAccounts.id))
    .for('update');
  if (accounts.length !== accountIds.length) {
    const known = new Set(accounts.map((a) => a.id));
    throw new LedgerError(
      'unknown_account',
      `accounts ${accountIds.filter((id) => !known.has(id)).join(', ')}`,
    );
  }
  if (reversesEntryId !== null) await checkNotReversed(tx, reversesEntryId);
  checkBalanced(entry.postings, new Map(accounts.map((a) => [a.id, a.currency])));
  const deltas = new Map<number, bigint>();
  for (const p of entry.postings) {
    deltas.set(p.accountId, (deltas.get(p.accountId) ?? 0n) + BigInt(p.amount));
  }
  for (const account of accounts) checkNewBalance(account, deltas.get(account.id) ?? 0n);

  const scope = keyedRequest(entry, reversesEntryId);
  // The entry, its postings and the balances in one statement: the accounts stay locked until the
  // commit, and the house's (fees, banks) are shared by every customer's entries, so each round
  // trip saved here is time every other entry on them waits less. The postings' reference to the
  // entry is checked at the statement's end, when the entry's row exists.
  const values = entry.postings.map(
    (p) => sql`(${p.accountId}::integer, ${BigInt(p.amount).toString()}::bigint)`,
  );
  const changes = [...deltas].filter(([, delta]) => delta !== 0n);
  const balances =
    changes.length === 0
      ? sql``
      : sql`, balances as (
          update ${ledgerAccounts} set balance = balance + d.delta
          from (values ${sql.join(
            changes.map(([id, delta]) => sql`(${id}::integer, ${delta.toString()}::bigint)`),
            sql`, `,
          )}) as d(id, delta)
          where ${ledgerAccounts.id} = d.id)`;
  const result = await tx.execute(
    sql`with entry as (
          insert into ${journalEntries}
            (kind, reason, actor, idempotency_scope, idempotency_key, request_hash, reverses_entry_id)
          values (${entry.kind}, ${entry.reason}, ${entry.actor}, ${scope?.scope ?? null},
            ${scope?.key ?? null}, ${scope?.hash ?? null}, ${reversesEntryId}::bigint)
          returning id),
        lines as (
          insert into ${postings} (entry_id, account_id, amount)
          select entry.id, p.account_id, p.amount
          from entry, (values ${sql.join(values, sql`, `)}) as p(account_id, amount))${balances}
        select id::text as id from entry`,
  );
  const created = (result as { rows: { id: string }[] }).rows[0];
  if (!created) throw new Error('journal entry insert returned no row');
  // The owners' live balances are pushed once this commits (server/realtime/account-pushes.ts).
  for (const customerId of new Set(accounts.map((a) => a.customerId))) {
    if (customerId !== null) noteForCommit(tx, { topic: 'balances', customerId });
  }
  return Number(created.id);
}

/**
 * Looked up under the account locks: a reversal racing this one touches the same accounts, so by
 * now it has committed (and is seen) or has not started; an unseen one still meets the unique
 * reverses_entry_id.
 */
async function checkNotReversed(tx: Transaction, entryId: number): Promise<void> {
  const [earlier] = await tx
    .select({ id: journalEntries.id })
    .from(journalEntries)
    .where(eq(journalEntries.reversesEntryId, entryId));
  if (earlier) {
    throw new LedgerError('already_reversed', `entry ${entryId} was reversed by ${earlier.id}`);
  }
}

function checkNewBalance(
  account: { id: number; kind: LedgerAccountKind; balance: string },
  delta: bigint,
): void {
  const next = BigInt(account.balance) + delta;
  if (next > BigInt(Number.MAX_SAFE_INTEGER) || next < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new LedgerError('bad_amount', `account ${account.id} would leave the safe integer range`);
  }
  if (!balanceAllowed(account.kind, next)) {
    throw new LedgerError(
      'insufficient_funds',
      `account ${account.id} (${account.kind}) would go to ${next}`,
    );
  }
}

export function checkAmounts(list: readonly PostingInput[]): void {
  if (list.length < 2) throw new LedgerError('no_postings', 'an entry needs at least two postings');
  for (const p of list) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0) {
      throw new LedgerError('bad_amount', `account ${p.accountId}: ${p.amount}`);
    }
  }
}

function checkBalanced(list: readonly PostingInput[], currencyOf: Map<number, string>): void {
  const sums = new Map<string, bigint>();
  for (const p of list) {
    const currency = currencyOf.get(p.accountId) ?? '';
    sums.set(currency, (sums.get(currency) ?? 0n) + BigInt(p.amount));
  }
  const unbalanced = [...sums].filter(([, sum]) => sum !== 0n);
  if (unbalanced.length > 0) {
    throw new LedgerError('unbalanced', unbalanced.map(([c, s]) => `${c} ${s}`).join(', '));
  }
}
