import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { journalEntries, postings } from '../../db/schema';
import { customerAccountIds, LedgerError, postEntry } from '../../ledger';
import { Refusal } from '../../refusal';
import { availableBalance } from './order-ledger';

/**
 * A sum held for an application until a decision turns it into a position or gives it back:
 * block-trade applications (block-ledger.ts) and rights-issue applications
 * (server/modules/corporate). Holding posts `holdKind` (available → held) with the application's
 * number as the reason; the release posts `releaseKind` (held → available); `heldAmount` reads
 * back what the hold took, so a decision moves exactly that.
 */
export interface HeldDeposit {
  customerId: number;
  /** The application's number as journal entries name it (`B12`, `R7`). */
  no: string;
  holdKind: string;
  releaseKind: string;
}

const KRW = 'KRW' as const;
const won = (amount: number) => amount.toLocaleString('en-US');

/** Holds `total` from available; an overdraft is refused as the ledger refuses it. */
export async function holdDeposit(db: Database, deposit: HeldDeposit, total: number) {
  const { available, held } = await customerAccountIds(db, deposit.customerId, KRW, [
    'available',
    'held',
  ]);
  try {
    await postEntry(db, {
      kind: deposit.holdKind,
      reason: deposit.no,
      actor: `customer:${deposit.customerId}`,
      postings: [
        { accountId: available, amount: -total },
        { accountId: held, amount: total },
      ],
    });
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficient_funds') {
      throw new Refusal('trade.insufficient_margin', {
        needed: won(total),
        available: won(await availableBalance(db, deposit.customerId)),
      });
    }
    throw error;
  }
}

/** What the hold took, read from its entry (a later change of terms does not move it). */
export async function heldAmount(db: Database, deposit: HeldDeposit): Promise<number> {
  const { held } = await customerAccountIds(db, deposit.customerId, KRW, ['held']);
  const [row] = await db
    .select({ amount: postings.amount })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(
      and(
        eq(journalEntries.kind, deposit.holdKind),
        eq(journalEntries.reason, deposit.no),
        eq(postings.accountId, held),
        gt(postings.amount, 0),
      ),
    );
  if (!row) throw new Error(`application ${deposit.no} has no hold`);
  return row.amount;
}

/** What was held goes back to available. */
export async function releaseDeposit(db: Database, deposit: HeldDeposit, actor: string) {
  const total = await heldAmount(db, deposit);
  const { available, held } = await customerAccountIds(db, deposit.customerId, KRW, [
    'available',
    'held',
  ]);
  await postEntry(db, {
    kind: deposit.releaseKind,
    reason: deposit.no,
    actor,
    postings: [
      { accountId: held, amount: -total },
      { accountId: available, amount: total },
    ],
  });
}
