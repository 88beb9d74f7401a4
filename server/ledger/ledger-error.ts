export type LedgerErrorReason =
  | 'no_postings'
  | 'bad_amount'
  | 'unknown_account'
  | 'unbalanced'
  | 'insufficient_funds'
  | 'idempotency_mismatch'
  | 'unknown_entry'
  | 'already_reversed';

/**
 * A journal entry the ledger will not record. Services translate the reason into the customer's
 * error code (e.g. insufficient_funds → a withdrawal refusal, idempotency_mismatch → the request's
 * key was used for another request); it is never shown as is.
 */
export class LedgerError extends Error {
  constructor(
    readonly reason: LedgerErrorReason,
    detail: string,
  ) {
    super(`${reason}: ${detail}`);
    this.name = 'LedgerError';
  }
}
