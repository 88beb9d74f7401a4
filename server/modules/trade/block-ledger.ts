import type { HoldRef } from './holds';

/**
 * The ledger side of a block-trade application (docs/trading.md "Block trades"): applying holds
 * its opening cost (`block_hold`: available → held), a rejection gives it back (`block_release`);
 * an approval turns it into the position's margin and fee through the order's `trade_fill`. The
 * moves themselves are holds.ts's.
 */

/** The application's number as journal entries name it. */
export const blockApplicationNo = (id: number) => `B${id}`;

export const blockHoldRef = (row: { id: number; customerId: number }): HoldRef => ({
  customerId: row.customerId,
  holdKind: 'block_hold',
  releaseKind: 'block_release',
  reason: blockApplicationNo(row.id),
});
