import type { Database } from '../../db/connect';
<<<<<<< HEAD
import { heldAmount, holdDeposit, releaseDeposit } from './held-deposit';
import type { HeldDeposit } from './held-deposit';
=======
import type { HoldRef } from './holds';
import { heldBy, holdFunds, releaseFunds } from './holds';
>>>>>>> placement

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

<<<<<<< HEAD
const depositOf = (app: Application): HeldDeposit => ({
  customerId: app.customerId,
  no: blockApplicationNo(app.id),
  holdKind: HOLD_KIND,
  releaseKind: RELEASE_KIND,
});

/** Holds `total` from available; an overdraft is refused as the ledger refuses it. */
export function holdApplication(db: Database, app: Application, total: number) {
  return holdDeposit(db, depositOf(app), total);
=======
const refOf = (app: Application): HoldRef => ({
  customerId: app.customerId,
  holdKind: HOLD_KIND,
  releaseKind: RELEASE_KIND,
  reason: blockApplicationNo(app.id),
});

/** Holds `total` from available; an overdraft is refused as the ledger refuses it. */
export async function holdApplication(db: Database, app: Application, total: number) {
  await holdFunds(db, refOf(app), total);
>>>>>>> placement
}

/**
 * What applying held, read from its `block_hold` entry: the decision moves exactly that, even if
 * an operator changed the product's commission since.
 */
<<<<<<< HEAD
export function heldFor(db: Database, app: Application): Promise<number> {
  return heldAmount(db, depositOf(app));
}

/** A rejected application: what was held goes back to available. */
export function releaseApplication(db: Database, app: Application, actor: string) {
  return releaseDeposit(db, depositOf(app), actor);
=======
export async function heldFor(db: Database, app: Application): Promise<number> {
  const total = await heldBy(db, refOf(app));
  if (total <= 0) throw new Error(`block application ${app.id} has no hold`);
  return total;
}

/** A rejected application: what was held goes back to available. */
export async function releaseApplication(db: Database, app: Application, actor: string) {
  await releaseFunds(db, refOf(app), await heldFor(db, app), actor);
>>>>>>> placement
}
