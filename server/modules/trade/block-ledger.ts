import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { journalEntries, postings } from '../../db/schema';
import { customerAccountIds, LedgerError, postEntry } from '../../ledger';
import type { PostingInput } from '../../ledger';
import { Refusal } from '../../refusal';
import { availableBalance } from './order-ledger';

/**
 * The ledger side of a block-trade application (docs/trading.md "Block trades"): applying holds
 * its opening cost (`block_hold`: available → held), a rejection gives it back (`block_release`);
 * an approval turns it into the position's margin and fee through the order's `trade_fill`.
 */

const KRW = 'KRW' as const;
export const HOLD_KIND = 'block_hold';
export const RELEASE_KIND = 'block_release';

/** The application's number as journal entries name it. */
export const blockApplicationNo = (id: number) => `B${id}`;

interface Application {
  id: number;
  customerId: number;
}

const won = (amount: number) => amount.toLocaleString('en-US');

async function post(db: Database, app: Application, kind: string, postings: PostingInput[]) {
  await postEntry(db, {
    kind,
    reason: blockApplicationNo(app.id),
    actor: `customer:${app.customerId}`,
    postings,
  });
}

/** Holds `total` from available; an overdraft is refused as the ledger refuses it. */
export async function holdApplication(db: Database, app: Application, total: number) {
  const { available, held } = await customerAccountIds(db, app.customerId, KRW, [
    'available',
    'held',
  ]);
  try {
    await post(db, app, HOLD_KIND, [
      { accountId: available, amount: -total },
      { accountId: held, amount: total },
    ]);
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficient_funds') {
      throw new Refusal('trade.insufficient_margin', {
        needed: won(total),
        available: won(await availableBalance(db, app.customerId)),
      });
    }
    throw error;
  }
}

/**
 * What applying held, read from its `block_hold` entry: the decision moves exactly that, even if
 * an operator changed the product's commission since.
 */
export async function heldFor(db: Database, app: Application): Promise<number> {
  const { held } = await customerAccountIds(db, app.customerId, KRW, ['held']);
  const [row] = await db
    .select({ amount: postings.amount })
    .from(postings)
    .innerJoin(journalEntries, eq(journalEntries.id, postings.entryId))
    .where(
      and(
        eq(journalEntries.kind, HOLD_KIND),
        eq(journalEntries.reason, blockApplicationNo(app.id)),
        eq(postings.accountId, held),
        gt(postings.amount, 0),
      ),
    );
  if (!row) throw new Error(`block application ${app.id} has no hold`);
  return row.amount;
}

/** A rejected application: what was held goes back to available. */
export async function releaseApplication(db: Database, app: Application, actor: string) {
  const total = await heldFor(db, app);
  const { available, held } = await customerAccountIds(db, app.customerId, KRW, [
    'available',
    'held',
  ]);
  await postEntry(db, {
    kind: RELEASE_KIND,
    reason: blockApplicationNo(app.id),
    actor,
    postings: [
      { accountId: held, amount: -total },
      { accountId: available, amount: total },
    ],
  });
}
