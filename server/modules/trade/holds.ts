import { and, eq, gt, inArray, sum } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { journalEntries, postings } from '../../db/schema';
import { customerAccountIds, LedgerError, postEntry } from '../../ledger';
import { Refusal } from '../../refusal';
import { availableBalance } from './order-ledger';

/**
 * Money set aside for something staff or the clock decide later (docs/money.md): a block-trade
 * application, a rights-issue application, a placement deposit, an auction bid. Holding moves
 * available → held under a journal kind and the entity's number (`reason`); releasing moves it
 * back; what a hold holds is read from its own entries, so a decision moves exactly what was held
 * even if the terms (a product's commission) changed since. This is the one module for it: each
 * entity only names its `HoldRef` (block-ledger.ts, placement-ledger.ts, auction bids, rights).
 */

const KRW = 'KRW' as const;
const won = (amount: number) => amount.toLocaleString('en-US');

/** One entity's holds: who, under which kinds, by which number. */
export interface HoldRef {
  customerId: number;
  holdKind: string;
  releaseKind: string;
  /** The entity's number as journal entries name it (B12, P3, A7). */
  reason: string;
}

/** Holds `total` from available; an overdraft is refused as the ledger refuses it. */
export async function holdFunds(db: Database, ref: HoldRef, total: number, actor?: string) {
  const { available, held } = await customerAccountIds(db, ref.customerId, KRW, [
    'available',
    'held',
  ]);
  try {
    await postEntry(db, {
      kind: ref.holdKind,
      reason: ref.reason,
      actor: actor ?? `customer:${ref.customerId}`,
      postings: [
        { accountId: available, amount: -total },
        { accountId: held, amount: total },
      ],
    });
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficient_funds') {
      throw new Refusal('trade.insufficient_margin', {
        needed: won(total),
        available: won(await availableBalance(db, ref.customerId)),
      });
    }
    throw error;
  }
}

/**
 * What the entity's holds put into `held`, all of them (a top-up is a second hold entry). An
 * entity that never held anything is a bug in its caller: it throws.
 */
export async function heldBy(db: Database, ref: HoldRef): Promise<number> {
  const { held } = await customerAccountIds(db, ref.customerId, KRW, ['held']);
  const [row] = await db
    .select({ amount: sum(postings.amount).mapWith(Number) })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(
      and(
        eq(journalEntries.kind, ref.holdKind),
        eq(journalEntries.reason, ref.reason),
        eq(postings.accountId, held),
        gt(postings.amount, 0),
      ),
    );
  if (row?.amount == null) throw new Error(`${ref.reason} has no ${ref.holdKind}`);
  return row.amount;
}

/** Gives `amount` of the hold back to available (nothing when it is 0). */
export async function releaseFunds(db: Database, ref: HoldRef, amount: number, actor: string) {
  if (amount <= 0) return;
  const { available, held } = await customerAccountIds(db, ref.customerId, KRW, [
    'available',
    'held',
  ]);
  await postEntry(db, {
    kind: ref.releaseKind,
    reason: ref.reason,
    actor,
    postings: [
      { accountId: held, amount: -amount },
      { accountId: available, amount },
    ],
  });
}

/** A refused, rejected or lapsed entity: everything its holds held goes back to available. */
export async function releaseHeld(db: Database, ref: HoldRef, actor: string) {
  await releaseFunds(db, ref, await heldBy(db, ref), actor);
}

/** What the entity still holds: its holds less its releases (a fill's own entries not counted). */
export async function stillHeld(db: Database, ref: HoldRef): Promise<number> {
  const { held } = await customerAccountIds(db, ref.customerId, KRW, ['held']);
  const [row] = await db
    .select({ amount: sum(postings.amount).mapWith(Number) })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(
      and(
        inArray(journalEntries.kind, [ref.holdKind, ref.releaseKind]),
        eq(journalEntries.reason, ref.reason),
        eq(postings.accountId, held),
      ),
    );
  return row?.amount ?? 0;
}
