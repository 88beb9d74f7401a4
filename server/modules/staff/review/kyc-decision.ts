import type { KycEvent } from '../../../../machines/kyc';
import type { Database } from '../../../db/connect';
import { applyEvent, kycLifecycle, statusOf } from '../../../lifecycle';
import type { LifecycleStatus } from '../../../lifecycle';

export type KycDecision =
  | { kind: 'approve'; customerId: number; version?: number | null }
  | { kind: 'reject'; customerId: number; version?: number | null; reason: string };

/**
 * A reviewer's decision, applied through the lifecycle: the machine refuses a case that is not
 * under review (or a rejection without a reason), and the optimistic lock lets only one of two
 * reviewers deciding at once win.
 */
export async function decideKyc(
  db: Database,
  staffId: number,
  decision: KycDecision,
  now: Date,
): Promise<LifecycleStatus> {
  const event: KycEvent =
    decision.kind === 'approve'
      ? { type: 'review.approve' }
      : { type: 'review.reject', reason: decision.reason };
  const applied = await applyEvent(db, {
    lifecycle: kycLifecycle,
    id: decision.customerId,
    event,
    actor: { kind: 'staff', id: staffId },
    reason: decision.kind === 'reject' ? decision.reason.trim() : null,
    expectedVersion: decision.version ?? null,
    now,
  });
  return statusOf(kycLifecycle, { state: applied.to, ...applied });
}
