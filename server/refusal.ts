import type { ErrorCode, ErrorParams } from '../contract';
import { DEFAULT_ERROR_PARAMS } from '../contract';

/**
 * A domain refusal: the stable code the customer or staff member sees and its parameters. Thrown
 * by services, the lifecycle engine and the job runner alike; it knows nothing of HTTP. At a call
 * boundary the error handler picks the status from the code (server/http/refusal.ts); a job
 * records the code as the reason it did not apply. Throwing also rolls back the transaction.
 */
export class Refusal extends Error {
  readonly params: ErrorParams;

  constructor(
    readonly code: ErrorCode,
    params: ErrorParams = {},
  ) {
    super(code);
    this.name = 'Refusal';
    this.params = { ...DEFAULT_ERROR_PARAMS[code], ...params };
  }
}
