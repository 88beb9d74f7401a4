import type { HoldRef } from '../trade/holds';

/**
 * The ledger side of a placement application (docs/placements.md): applying holds the deposit
 * (`placement_hold`: available → held); the allotment releases what the allotted shares do not
 * need (`placement_release`); paying up holds the rest of their cost and the position takes it
 * all (`trade_fill`); a cancelled or empty application gets its hold back.
 */
export const placementApplicationNo = (id: number) => `P${id}`;

export const placementHoldRef = (row: { id: number; customerId: number }): HoldRef => ({
  customerId: row.customerId,
  holdKind: 'placement_hold',
  releaseKind: 'placement_release',
  reason: placementApplicationNo(row.id),
});
