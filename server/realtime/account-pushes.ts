/**
 * What the `/account` namespace pushes, and when: once a transaction has committed
 * (server/db/after-commit.ts), its notes are turned into pushes to the customers' rooms.
 * - `balances`: a journal entry touched the customer's accounts (noted by the ledger's
 *   writeEntry) → the `/user/balances` answer, read afresh.
 * - `fundOrder`: a lifecycle of one of PUSHED_LIFECYCLES moved (noted by the engine for every
 *   transition) → the order as its kind's service details it.
 * - `order`: a trading order's lifecycle moved → the order as `/trade/order` answers it.
 * - `messages`: a message arrived or was read (noted by the message centre) → `{unread}`.
 * - an `account` transition or a revoked session → the customer's sockets are checked again.
 * Reads happen after the commit, so a push never shows what was rolled back; pushes to one
 * customer go out one at a time, in commit order.
 */
import type { FundOrderKind } from '../../contract';
import { ACCOUNT_EVENTS, FUND_ORDER_KINDS } from '../../contract';
import type { CommitNote } from '../db/after-commit';
import { onCommitted } from '../db/after-commit';
import type { Database } from '../db/connect';
import { customerBalances } from '../modules/money/balances';
import { unreadCount } from '../modules/messages/read-messages';
import type { FundOrderKindService } from '../modules/money/fund-orders';
import { customerRoom } from './account-namespace';

/**
 * The lifecycle types whose transitions are pushed as `fundOrder`: the fund-order kinds, whose
 * lifecycle types carry the same names. The one list to extend.
 */
export const PUSHED_LIFECYCLES: readonly FundOrderKind[] = FUND_ORDER_KINDS;

const isPushed = (type: string): type is FundOrderKind =>
  (PUSHED_LIFECYCLES as readonly string[]).includes(type);

export interface AccountPushDeps {
  db: Database;
  /** Emits an event to a room (on every process, through the adapter). */
  emit: (room: string, event: string, payload: unknown) => void;
  /** False when nobody can be listening in the room (skips the read); true when unsure. */
  mayListen: (room: string) => boolean;
  fundOrders: readonly FundOrderKindService[];
  recheckCustomer: (customerId: number) => Promise<void>;
  /** A trading order's owner and its answer (server/modules/trade/order-push.ts). */
  orderPush: (id: number) => Promise<{ customerId: number; order: unknown } | null>;
  /** The app's clock: what is withdrawable depends on it (unsettled profits). */
  now: () => Date;
  onError: (error: unknown) => void;
}

/** Starts pushing; the answer stops it. */
export function startAccountPushes(deps: AccountPushDeps): () => void {
  const { db } = deps;
  // One chain per customer, so pushes leave in the order the commits were noted.
  const chains = new Map<number, Promise<void>>();
  const inOrder = (customerId: number, work: () => Promise<void>) => {
    const previous = chains.get(customerId) ?? Promise.resolve();
    const next = previous.then(work).catch(deps.onError);
    chains.set(customerId, next);
    void next.then(() => {
      if (chains.get(customerId) === next) chains.delete(customerId);
    });
  };

  const pushBalances = (customerId: number) => {
    const room = customerRoom(customerId);
    if (!deps.mayListen(room)) return;
    inOrder(customerId, async () => {
      deps.emit(room, ACCOUNT_EVENTS.balances, await customerBalances(db, customerId, deps.now()));
    });
  };

  const pushMessages = (customerId: number) => {
    const room = customerRoom(customerId);
    if (!deps.mayListen(room)) return;
    inOrder(customerId, async () => {
      deps.emit(room, ACCOUNT_EVENTS.messages, { unread: await unreadCount(db, customerId) });
    });
  };

  const pushFundOrder = async (kind: FundOrderKind, id: number) => {
    const service = deps.fundOrders.find((s) => s.kind === kind);
    if (!service) return;
    const customerId = await service.customerOf(db, id);
    if (customerId === null) return;
    const room = customerRoom(customerId);
    if (!deps.mayListen(room)) return;
    inOrder(customerId, async () => {
      const detail = await service.detail(db, customerId, id);
      if (detail) deps.emit(room, ACCOUNT_EVENTS.fundOrder, detail.order);
    });
  };

  const pushOrder = (id: number) => {
    inOrderById(id, async () => {
      const pushed = await deps.orderPush(id);
      if (!pushed) return;
      const room = customerRoom(pushed.customerId);
      if (deps.mayListen(room)) deps.emit(room, ACCOUNT_EVENTS.order, pushed.order);
    });
  };
  // An order's owner is known only once it is read: its pushes are chained per order instead.
  const orderChains = new Map<number, Promise<void>>();
  const inOrderById = (id: number, work: () => Promise<void>) => {
    const next = (orderChains.get(id) ?? Promise.resolve()).then(work).catch(deps.onError);
    orderChains.set(id, next);
    void next.then(() => {
      if (orderChains.get(id) === next) orderChains.delete(id);
    });
  };

  const handle = (note: CommitNote) => {
    switch (note.topic) {
      case 'balances':
        return pushBalances(note.customerId);
      case 'access':
        return void deps.recheckCustomer(note.customerId).catch(deps.onError);
      case 'messages':
        return pushMessages(note.customerId);
      case 'lifecycle':
        if (note.type === 'account') {
          return void deps.recheckCustomer(note.id).catch(deps.onError);
        }
        if (isPushed(note.type)) {
          return void pushFundOrder(note.type, note.id).catch(deps.onError);
        }
        if (note.type === 'order') return pushOrder(note.id);
    }
  };

  return onCommitted(db, (notes) => {
    for (const note of notes) handle(note);
  });
}
