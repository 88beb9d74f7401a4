import { ACCOUNT_MAX_LENGTH, ACCOUNT_MIN_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { MAX_SUBSCRIPTIONS_PER_CONNECTION } from './market-socket';

/**
 * Every refusal the API can give, by stable code. The text for each code lives in
 * locales/<lang>/errors.json; parameters named in braces there come from the refusal's `params`.
 */
export const ERROR_CODES = [
  // The request itself
  'request.malformed',
  'request.invalid',
  'request.required',
  'request.too_long',
  'request.too_short',
  'request.wrong_type',
  'request.unknown_field',
  'request.invalid_characters',
  'request.too_large',
  'request.not_found',
  'request.too_often',
  'request.unsupported_media',
  'request.idempotency_key_invalid',
  'request.idempotency_key_required',
  'request.idempotency_mismatch',
  // Sessions
  'auth.required',
  // Accounts
  'account.not_found',
  'account.wrong_credentials',
  'account.exists',
  'account.invalid_name',
  'account.inviter_unknown',
  'account.password_mismatch',
  'account.password_too_short',
  'account.password_common',
  'account.password_same',
  'account.wrong_original_password',
  'account.locked',
  'account.agreement_required',
  'account.registration_failed',
  'account.frozen',
  'account.disabled',
  'account.login_banned',
  'account.trading_barred',
  'account.withdrawal_barred',
  'account.reason_required',
  'account.state_already_set',
  'account.state_not_set',
  // Market data and the watchlist
  'market.unknown_symbol',
  'market.no_data',
  'watchlist.full',
  // Market channels (the /market socket and the snapshot call)
  'realtime.unknown_channel',
  'realtime.too_many_subscriptions',
  // Lifecycles (machines/): an event the current state does not accept; a concurrent change
  'lifecycle.not_allowed',
  'lifecycle.conflict',
  // Real-name verification
  'kyc.not_under_review',
  'kyc.already_under_review',
  'kyc.reason_required',
  'kyc.already_verified',
  'kyc.already_overdue',
  'kyc.invalid_name',
  'kyc.invalid_id_number',
  'kyc.photo_not_found',
  'kyc.required',
  // Photo uploads
  'upload.unsupported_type',
  'upload.too_large',
  'upload.too_many_pixels',
  'upload.unreadable',
  // Fund password
  'fund_password.invalid',
  'fund_password.mismatch',
  'fund_password.not_set',
  'fund_password.already_set',
  'fund_password.wrong',
  'fund_password.locked',
  'fund_password.same',
  'fund_password.identity_mismatch',
  // Bank cards and wallets (docs/money.md)
  'bank_card.not_found',
  'bank_card.exists',
  'bank_card.holder_mismatch',
  'bank_card.invalid_number',
  'bank_card.invalid_bank_code',
  'bank_card.too_many',
  'bank_card.withdrawal_pending',
  'wallet.not_found',
  'wallet.exists',
  'wallet.invalid_address',
  'wallet.too_many',
  'wallet.withdrawal_pending',
  // Deposits, withdrawals, exchange (docs/money.md)
  'money.invalid_amount',
  'money.unsupported_currency',
  'money.insufficient',
  'fund_order.not_found',
  'fund_order.pending_exists',
  'fund_order.not_pending',
  'fund_order.closed',
  'deposit.pending_exists',
  'deposit.below_min',
  'deposit.above_max',
  'deposit.voucher_not_found',
  'deposit.no_channel',
  'deposit.reason_required',
  'deposit.already_overdue',
  'withdrawal.below_min',
  'withdrawal.above_max',
  'withdrawal.insufficient',
  'withdrawal.destination_required',
  'withdrawal.destination_not_found',
  'withdrawal.destination_mismatch',
  'withdrawal.not_found',
  'withdrawal.not_pending',
  'withdrawal.not_approved',
  'withdrawal.already_overdue',
  'withdrawal.reason_required',
  'four_eyes.same_staff',
  'proposal.not_found',
  'proposal.not_pending',
  'channel.not_found',
  'exchange.same_currency',
  'exchange.quote_not_found',
  'exchange.quote_expired',
  'exchange.too_small',
  'exchange.no_rate',
  // Trading (docs/trading.md)
  'trade.not_pending',
  'trade.not_holding',
  'trade.sell_locked',
  'trade.already_unlocked',
  'trade.invalid_fill',
  'trade.price_unavailable',
  'trade.not_found',
  'trade.closed',
  'trade.product_unavailable',
  'trade.price_required',
  'trade.invalid_price',
  'trade.price_not_on_tick',
  'trade.price_limit',
  'trade.invalid_lots',
  'trade.invalid_leverage',
  'trade.below_min_open',
  'trade.insufficient_margin',
  'trade.market_price_not_allowed',
  'block.not_found',
  'block.closed',
  'block.below_min_shares',
  'block.not_pending',
  'block.reason_required',
  'block.invalid_window',
  // IPO subscriptions (issue 12)
  'ipo.not_subscribing',
  'ipo.not_drawn_yet',
  'ipo.invalid_draw',
  'ipo.already_drawn',
  'ipo.not_pending_payment',
  'ipo.not_paid',
  // Back office
  'staff.wrong_credentials',
  'staff.locked',
  'staff.wrong_code',
  'staff.forbidden',
  'staff.password_change_required',
  'staff.exists',
  'staff.not_found',
  'staff.already_enrolled',
  'institution.exists',
  'institution.not_found',
  'job.not_found',
  'job.not_retryable',
  // Anything else
  'system.busy',
  // Message centre (docs/messages.md)
  'message.not_found',
  'announcement.no_recipients',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type ErrorParams = Record<string, string | number>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Parameters a code always carries, for texts shown before any request is made (form errors on
 * the client); a server refusal carries the same ones in `params`.
 */
export const DEFAULT_ERROR_PARAMS: Partial<Record<ErrorCode, ErrorParams>> = {
  'account.invalid_name': { min: ACCOUNT_MIN_LENGTH, max: ACCOUNT_MAX_LENGTH },
  'account.password_too_short': { min: PASSWORD_MIN_LENGTH },
  'realtime.too_many_subscriptions': { max: MAX_SUBSCRIPTIONS_PER_CONNECTION },
};
