import type { ErrorParams } from '../../contract/errors';

/**
 * A call that did not succeed: a refusal from the server, a dead session, or no answer at all.
 * `message` is already translated and has already been toasted; callers only decide what to do.
 */
export class ApiError extends Error {
  constructor(
    /** An ErrorCode from the contract, or whatever unknown code a newer server sent. */
    readonly code: string,
    readonly params: ErrorParams,
    message: string,
    readonly httpStatus: number | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}
