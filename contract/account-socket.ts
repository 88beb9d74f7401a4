/**
 * The wire protocol of the socket.io namespace `/account`: a signed-in customer's own live
 * updates. The client connects with its session (`auth: {token, account}`, the same two values
 * the HTTP calls send as headers) and is put in its customer's room; it sends nothing. The
 * server pushes, after the change has committed:
 * - `balances`: the `/user/balances` answer, whenever a journal entry touched the customer's
 *   accounts;
 * - `fundOrder`: the deposit or withdrawal as `/user/recharge`, `/user/cashOut` answer it,
 *   whenever its lifecycle moved (compare `version` to keep the newest);
 * - `order`: a trading order or position as `/trade/order` answers its `order`, whenever its
 *   lifecycle moved (placed, filled, unlocked, closed, cancelled; compare `version`);
 * - `messages`: `{unread}` whenever a message arrived for the customer or one was read
 *   (the badge; the message itself is read with `/user/msgList`, in the reader's language);
 * - `e`: `{code, params}` just before the server closes the connection for good (the session
 *   ended: `auth.required`; the account was frozen, disabled or banned from login).
 * A refused handshake fails with `connect_error` whose `data` is `{code, params}`.
 */
import type { ErrorCode, ErrorParams } from './errors';
import type { FundOrderDto } from './schemas/funds';
import type { BalanceRowDto } from './schemas/money';
import type { TradeOrderDto } from './schemas/trade';

export const ACCOUNT_NAMESPACE = '/account';

export const ACCOUNT_EVENTS = {
  /** server → client: {@link BalancesPush}. */
  balances: 'balances',
  /** server → client: {@link FundOrderPush}. */
  fundOrder: 'fundOrder',
  /** server → client: {@link OrderPush}. */
  order: 'order',
  /** server → client: {@link AccountSocketError}, the last word before a disconnect. */
  error: 'e',
  /** server → client: {@link MessagesPush}, the message centre's unread count (docs/messages.md). */
  messages: 'messages',
} as const;

export type BalancesPush = BalanceRowDto[];
export type FundOrderPush = FundOrderDto;
export type OrderPush = TradeOrderDto;
/** A message arrived or was read: `/user/msgUnread`'s answer; refetch the list to see it. */
export type MessagesPush = { unread: number };

/** What the handshake carries (socket.io's `auth` option). */
export interface AccountSocketAuth {
  token: string;
  account: string;
}

export interface AccountSocketError {
  code: ErrorCode;
  params: ErrorParams;
}
