import type { Database } from '../../db/connect';
import { heldAmount, holdDeposit, releaseDeposit } from './held-deposit';
import type { HeldDeposit } from './held-deposit';

/**
 * The ledger side of a block-trade application (docs/trading.md "Block trades"): applying holds
 * its opening cost (`block_hold`: available → held), a rejection gives it back (`block_release`);
 * an approval turns it into the position's margin and fee through the order's `trade_fill`.
 * The hold itself is the shared held deposit (held-deposit.ts).
 */

export const HOLD_KIND = 'block_hold';
export const RELEASE_KIND = 'block_release';

/** The application's number as journal entries name it. */
export const blockApplicationNo = (id: number) => `B${id}`;

interface Application {
  id: number;
  customerId: number;
}

const depositOf = (app: Application): HeldDeposit => ({
  customerId: app.customerId,
  no: blockApplicationNo(app.id),
  holdKind: HOLD_KIND,
  releaseKind: RELEASE_KIND,
});

/** Holds `total` from available; an overdraft is refused as the ledger refuses it. */
export function holdApplication(db: Database, app: Application, total: number) {
  return holdDeposit(db, depositOf(app), total);
}

/**
 * What applying held, read from its `block_hold` entry: the decision moves exactly that, even if
 * an operator changed the product's commission since.
 */
export function heldFor(db: Database, app: Application): Promise<number> {
  return heldAmount(db, depositOf(app));
}

/** A rejected application: what was held goes back to available. */
export function releaseApplication(db: Database, app: Application, actor: string) {
  return releaseDeposit(db, depositOf(app), actor);
}
