import type { ApiRefusal as RefusalBody, ErrorCode, ErrorParams, Locale } from '../../contract';
import { formatErrorMessage } from '../../locales';
import { Refusal } from '../refusal';

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
  'account.locked': 403,
  'fund_password.locked': 403,
  'staff.locked': 403,
  'request.not_found': 404,
  'account.not_found': 404,
  'job.not_found': 404,
  'bank_card.not_found': 404,
  'wallet.not_found': 404,
  'exchange.quote_not_found': 404,
  'proposal.not_found': 404,
  'fund_order.not_found': 404,
  'deposit.voucher_not_found': 404,
  'channel.not_found': 404,
  'withdrawal.not_found': 404,
  'withdrawal.destination_not_found': 404,
  'trade.not_found': 404,
  'block.not_found': 404,
  'account.exists': 409,
  'lifecycle.conflict': 409,
  'bank_card.exists': 409,
  'bank_card.withdrawal_pending': 409,
  'wallet.exists': 409,
  'wallet.withdrawal_pending': 409,
  'proposal.not_pending': 409,
  'block.not_pending': 409,
  'four_eyes.same_staff': 409,
  'fund_order.pending_exists': 409,
  'deposit.pending_exists': 409,
  'request.too_large': 413,
  'request.unsupported_media': 415,
  'request.idempotency_mismatch': 422,
  'request.too_often': 429,
  'system.busy': 500,
  // Corporate actions (docs/corporate-actions.md)
  'corporate.not_found': 404,
  'corporate.not_editable': 409,
  // IPO subscriptions (issue 12)
  'ipo.not_found': 404,
  'ipo.subscription_not_found': 404,
  // Service (issue 13)
  'signin.already_today': 409,
  'signin.reward_not_found': 404,
  'signin.coupon_taken': 409,
  'seat.already_seat': 409,
  'seat.already_applied': 409,
  'seat.not_pending': 409,
  'seat.not_found': 404,
  // Message centre
  'message.not_found': 404,
  // News (issue 13)
  'news.not_found': 404,
  'news.image_not_found': 404,
  'news.not_draft': 409,
  'news.not_scheduled': 409,
  'news.not_published': 409,
  'news.already_published': 409,
  'news.already_scheduled': 409,
  'news.withdrawn': 409,
  'news.schedule_changed': 409,
  // Customer service (issue 13, docs/support.md)
  'support.not_found': 404,
  'support.message_not_found': 404,
  'support.canned_not_found': 404,
  'support.not_assigned': 409,
  'support.not_closed': 409,
  'support.already_assigned': 409,
  'support.closed': 409,
  'support.no_agent': 409,
  'support.not_yours': 409,
  'support.off_shift': 409,
};

export function httpStatusOf(code: ErrorCode): number {
  return STATUS_BY_CODE[code] ?? 400;
}

/**
 * A refusal a route handler throws when the HTTP status must differ from the code's usual one;
 * otherwise any domain `Refusal` will do. The error handler turns both into the translated
 * envelope. Throwing (rather than returning) also rolls back any transaction it is inside, unless the
 * refusal keeps writes (below).
 */
export class ApiRefusal extends Refusal {
  readonly httpStatus: number;
  /**
   * Whether the call's transaction commits what the handler wrote before refusing: a wrong
   * password or code counted toward a lock must stick although the call is refused. Set with
   * keepingWrites(); only for refusals thrown outside any nested transaction of the handler.
   */
  keepsWrites = false;

  constructor(code: ErrorCode, params: ErrorParams = {}, httpStatus: number = httpStatusOf(code)) {
    super(code, params);
    this.name = 'ApiRefusal';
    this.httpStatus = httpStatus;
  }

  /** Marks the refusal as keeping the handler's writes (see keepsWrites); returns it. */
  keepingWrites(): this {
    this.keepsWrites = true;
    return this;
  }
}

/** The HTTP status a refusal is answered with: its own when it names one, else its code's. */
export function httpStatusOfRefusal(refusal: Refusal): number {
  return refusal instanceof ApiRefusal ? refusal.httpStatus : httpStatusOf(refusal.code);
}

export function refusalBody(locale: Locale, code: ErrorCode, params: ErrorParams): RefusalBody {
  return { status: 0, code, params, msg: formatErrorMessage(locale, code, params) };
}
