/**
 * The signed-in customer's live updates: one socket.io connection to `/account`
 * (contract/account-socket.ts), beside the `/market` one and opened the same way (WebSocket
 * only, socket.io-client's reconnection with the backoff of streams/reconnect.ts). It opens when
 * the first view listens while a session exists (Mine's balance card, the fund records, the
 * positions), never
 * at start-up, and closes when the last view leaves or the session changes. After a reconnect,
 * views are told to refetch (`onReconnect`): pushes sent while it was away are lost. A server
 * disconnect (the session ended, the account was restricted) is final until the session changes.
 */
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import type { AccountSocketAuth, BalancesPush, FundOrderPush } from '../../../contract';
import { ACCOUNT_EVENTS, ACCOUNT_NAMESPACE } from '../../../contract/account-socket';
import type { MessagesPush, OrderPush } from '../../../contract/account-socket';
import { DEFAULT_BACKOFF } from '../../../streams/reconnect';
import { sessionStore } from '../../session/sessionStore';

/** The part of a socket.io-client Socket this layer uses (a fake in tests). */
export type AccountSocket = Pick<Socket, 'on' | 'disconnect'>;

type Listener<T> = (value: T) => void;

const listeners = {
  balances: new Set<Listener<BalancesPush>>(),
  fundOrder: new Set<Listener<FundOrderPush>>(),
  order: new Set<Listener<OrderPush>>(),
  messages: new Set<Listener<MessagesPush>>(),
  reconnect: new Set<Listener<void>>(),
};

const defaultConnect = (auth: AccountSocketAuth): AccountSocket =>
  io(ACCOUNT_NAMESPACE, {
    transports: ['websocket'],
    auth: { ...auth },
    reconnectionDelay: DEFAULT_BACKOFF.initialMs,
    reconnectionDelayMax: DEFAULT_BACKOFF.maxMs,
    randomizationFactor: DEFAULT_BACKOFF.jitter,
  });

let connect = defaultConnect;
let socket: AccountSocket | null = null;
/** The session the socket was opened with: another one (or none) closes it. */
let openedFor: string | null = null;
let unsubscribeSession: (() => void) | null = null;

const listenerCount = () =>
  listeners.balances.size +
  listeners.fundOrder.size +
  listeners.order.size +
  listeners.messages.size;

function close(): void {
  socket?.disconnect();
  socket = null;
  openedFor = null;
}

function open(): void {
  const { token, account } = sessionStore.get();
  if (!token || !account || listenerCount() === 0) return;
  const opened = connect({ token, account });
  socket = opened;
  openedFor = `${account}\n${token}`;
  let connectedBefore = false;
  opened.on('connect', () => {
    if (connectedBefore) for (const listener of listeners.reconnect) listener();
    connectedBefore = true;
  });
  opened.on(ACCOUNT_EVENTS.balances, (rows: BalancesPush) => {
    if (Array.isArray(rows)) for (const listener of listeners.balances) listener(rows);
  });
  opened.on(ACCOUNT_EVENTS.fundOrder, (order: FundOrderPush) => {
    if (order && typeof order.id === 'number') {
      for (const listener of listeners.fundOrder) listener(order);
    }
  });
  opened.on(ACCOUNT_EVENTS.messages, (push: MessagesPush) => {
    if (push && typeof push.unread === 'number') {
      for (const listener of listeners.messages) listener(push);
    }
  });
  opened.on(ACCOUNT_EVENTS.order, (order: OrderPush) => {
    if (order && typeof order.id === 'number' && typeof order.version === 'number') {
      for (const listener of listeners.order) listener(order);
    }
  });
}

function sync(): void {
  const { token, account } = sessionStore.get();
  if (listenerCount() === 0) {
    unsubscribeSession?.();
    unsubscribeSession = null;
  } else {
    unsubscribeSession ??= sessionStore.subscribe(sync);
  }
  const wanted = token && account && listenerCount() > 0 ? `${account}\n${token}` : null;
  if (wanted === openedFor) return;
  close();
  if (wanted) open();
}

function listen<T>(set: Set<Listener<T>>, listener: Listener<T>): () => void {
  set.add(listener);
  sync();
  return () => {
    set.delete(listener);
    sync();
  };
}

/** Calls `listener` with every balances push; the answer stops it. */
export const onLiveBalances = (listener: Listener<BalancesPush>) =>
  listen(listeners.balances, listener);

/** Calls `listener` with every deposit or withdrawal that changed. */
export const onLiveFundOrder = (listener: Listener<FundOrderPush>) =>
  listen(listeners.fundOrder, listener);

/** Calls `listener` with every trading order or position whose lifecycle moved. */
export const onLiveOrder = (listener: Listener<OrderPush>) => listen(listeners.order, listener);

/** Calls `listener` with the message centre's unread count whenever a message arrives or is read. */
export const onLiveMessages = (listener: Listener<MessagesPush>) =>
  listen(listeners.messages, listener);

/** Calls `listener` after the connection came back: refetch what may have been missed. */
export function onLiveReconnect(listener: () => void): () => void {
  listeners.reconnect.add(listener);
  return () => listeners.reconnect.delete(listener);
}

/** Tests replace the connection (a fake socket); the open one is closed. */
export function configureAccountLive(
  override: ((auth: AccountSocketAuth) => AccountSocket) | null,
) {
  close();
  connect = override ?? defaultConnect;
  sync();
}
