import type { EventObject } from 'xstate';

/**
 * What the reviewed lifecycles (KYC, deposits, withdrawals) share about a staff rejection: it must
 * carry a reason the customer can read (one they cannot read would leave them unable to act on
 * it), and the context keeps that reason trimmed.
 */
type MaybeReject = EventObject & { reason?: unknown };

/** Guard: the event is a rejection with a non-blank reason. */
export function hasRejectReason({ event }: { event: MaybeReject }): boolean {
  return (
    event.type === 'review.reject' && typeof event.reason === 'string' && event.reason.trim() !== ''
  );
}

/** The rejection's reason as the context keeps it; only for a `review.reject` event. */
export function rejectReasonOf({ event }: { event: MaybeReject }): string {
  if (event.type !== 'review.reject' || typeof event.reason !== 'string') {
    throw new Error(`Expected a review.reject event with a reason, got "${event.type}"`);
  }
  return event.reason.trim();
}
