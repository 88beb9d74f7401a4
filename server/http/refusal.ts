import type { ApiRefusal as RefusalBody, ErrorCode, ErrorParams, Locale } from '../../contract';
import { DEFAULT_ERROR_PARAMS } from '../../contract';
import { formatErrorMessage } from '../../locales';

/**
 * HTTP status per code, where it is not 400. The envelope's code is what clients act on; the
 * status lets proxies, logs and the client's 401 handler tell kinds of refusal apart.
 */
const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  'auth.required': 401,
  'account.frozen': 403,
  'account.disabled': 403,
  'account.login_banned': 403,
  'account.trading_barred': 403,
  'account.withdrawal_barred': 403,
  'request.not_found': 404,
  'account.exists': 409,
  'request.too_large': 413,
  'request.unsupported_media': 415,
  'request.idempotency_mismatch': 422,
  'request.too_often': 429,
  'system.busy': 500,
};

export function httpStatusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code] ?? 400;
}

/**
 * A refusal a handler throws; the error handler turns it into the translated envelope. Throwing
 * (rather than returning) also rolls back any transaction the handler is inside, unless the
 * refusal keeps writes (below).
 */
export class ApiRefusal extends Error {
  readonly params: ErrorParams;
  readonly httpStatus: number;
  /**
   * Whether the call's transaction commits what the handler wrote before refusing: a wrong
   * password or code counted toward a lock must stick although the call is refused. Set with
   * keepingWrites(); only for refusals thrown outside any nested transaction of the handler.
   */
  keepsWrites = false;

  constructor(
    readonly code: ErrorCode,
    params: ErrorParams = {},
    httpStatus: number = httpStatusOf(code),
  ) {
    super(code);
    this.name = 'ApiRefusal';
    this.params = { ...DEFAULT_ERROR_PARAMS[code], ...params };
    this.httpStatus = httpStatus;
  }

  /** Marks the refusal as keeping the handler's writes (see keepsWrites); returns it. */
  keepingWrites(): this {
    this.keepsWrites = true;
    return this;
  }
}

export function refusalBody(locale: Locale, code: ErrorCode, params: ErrorParams): RefusalBody {
  return { status: 0, code, params, msg: formatErrorMessage(locale, code, params) };
}
