import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { io } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { setup } from 'xstate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountSocketError, BalancesPush, FundOrderDto, FundOrderPush } from '../../contract';
import { ACCOUNT_EVENTS, ACCOUNT_NAMESPACE } from '../../contract';
import { defineLifecycleMachine } from '../../machines/lifecycle';
import { noteForCommit } from '../../server/db/after-commit';
import { customers, sessions } from '../../server/db/schema';
import { customerAccountId, houseAccountId, postEntry } from '../../server/ledger';
import { accountLifecycle, applyEvent, kycLifecycle, tableStorage } from '../../server/lifecycle';
import type { Lifecycle } from '../../server/lifecycle';
import { statusOf } from '../../server/lifecycle/status';
import type { FundOrderKindService } from '../../server/modules/money/fund-orders';
import type { TestApp } from '../support/test-app';
import { buildTestApp, databaseKinds } from '../support/test-app';
import type { Session } from './api-helpers';
import { call, customerIdOf, expectSuccess, registerCustomer } from './api-helpers';

/**
 * The `/account` socket against the whole server: the handshake checks the session like an HTTP
 * call; each customer hears only their own room; balances are pushed after a journal entry
 * commits (never for one rolled back), fund orders after a deposit or withdrawal transition
 * commits (a test `deposit` lifecycle stands in for the deposit helper's, through the same
 * FundOrderKindService list); a logout, a freeze or an expired session closes the socket.
 */

// The fund-order kinds are registered by their own modules; this file brings a stand-in.
const registry = vi.hoisted(() => ({ services: [] as FundOrderKindService[] }));
vi.mock('../../server/modules/money/fund-order-services', () => ({
  FUND_ORDER_SERVICES: registry.services,
  FUND_RECORD_SOURCES: [],
}));

/** A stand-in deposit table and machine: pending → credited | cancelled. */
const testOrders = pgTable('live_test_orders', {
  id: serial('id').primaryKey(),
  customerId: integer('customer_id').notNull(),
  amount: integer('amount').notNull(),
  state: text('state').notNull().default('pending'),
  context: jsonb('context').notNull().default({}),
  version: integer('version').notNull().default(0),
});
type TestEvent = { type: 'deposit.cancel' } | { type: 'review.approve' };
const testMachine = setup({ types: {} }).createMachine({
  id: 'deposit',
  initial: 'pending',
  states: {
    pending: { on: { 'deposit.cancel': 'cancelled', 'review.approve': 'credited' } },
    credited: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
const testDeposit: Lifecycle<Record<string, never>, TestEvent> = {
  type: 'deposit',
  definition: defineLifecycleMachine<TestEvent>({
    machine: testMachine,
    version: 1,
    sampleEvents: [{ type: 'deposit.cancel' }, { type: 'review.approve' }],
  }),
  storage: tableStorage(testOrders, {
    id: testOrders.id,
    state: testOrders.state,
    context: testOrders.context,
    version: testOrders.version,
  }),
  notFound: 'fund_order.not_found',
};

registry.services.push({
  kind: 'deposit',
  async customerOf(db, id) {
    const [row] = await db.select().from(testOrders).where(eq(testOrders.id, id));
    return row?.customerId ?? null;
  },
  async detail(db, customerId, id) {
    const [row] = await db.select().from(testOrders).where(eq(testOrders.id, id));
    if (!row || row.customerId !== customerId) return null;
    const status = statusOf(testDeposit, { state: row.state, context: {}, version: row.version });
    const order: FundOrderDto = {
      id: row.id,
      kind: 'deposit',
      orderNo: `D${row.id}`,
      currency: 'KRW',
      amount: row.amount,
      ...status,
      reason: null,
      expectedArrival: null,
      destination: null,
      reference: null,
      createdAt: new Date(0).toISOString(),
      updatedAt: new Date(0).toISOString(),
    };
    return { order, history: [] };
  },
  cancel: () => Promise.resolve(null),
  countOpen: () => Promise.resolve(0),
  openOrderId: () => Promise.resolve(null),
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
}

describe.each(databaseKinds)('the /account socket on %s', (kind) => {
  let t: TestApp;
  let url: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await buildTestApp(kind);
    await t.db.execute(sql`create table live_test_orders (
      id serial primary key, customer_id integer not null, amount integer not null,
      state text not null default 'pending', context jsonb not null default '{}',
      version integer not null default 0)`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${ACCOUNT_NAMESPACE}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await t.close();
  });

  const open = (auth: Record<string, unknown>) => {
    const socket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth,
    });
    sockets.push(socket);
    return socket;
  };

  /** A connected socket, with everything it hears recorded. */
  const connect = async (session: Session) => {
    const socket = open({ token: session.token, account: session.account });
    const heard = {
      balances: [] as BalancesPush[],
      orders: [] as FundOrderPush[],
      errors: [] as AccountSocketError[],
      disconnected: null as string | null,
    };
    socket.on(ACCOUNT_EVENTS.balances, (b: BalancesPush) => heard.balances.push(b));
    socket.on(ACCOUNT_EVENTS.fundOrder, (o: FundOrderPush) => heard.orders.push(o));
    socket.on(ACCOUNT_EVENTS.error, (e: AccountSocketError) => heard.errors.push(e));
    socket.on('disconnect', (reason) => (heard.disconnected = reason));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return { socket, heard };
  };

  const refusedWith = (auth: Record<string, unknown>) =>
    new Promise<unknown>((resolve, reject) => {
      const socket = open(auth);
      socket.once('connect', () => reject(new Error('connected')));
      socket.once('connect_error', (error: Error & { data?: unknown }) => resolve(error.data));
    });

  const deposit = async (customerId: number, amount: number) => {
    const house = await houseAccountId(t.db, 'KRW', 'house_bank');
    const cash = await customerAccountId(t.db, customerId, 'KRW', 'available');
    return {
      kind: 'deposit',
      reason: 'test deposit',
      actor: 'system',
      postings: [
        { accountId: house, amount: -amount },
        { accountId: cash, amount },
      ],
    };
  };

  it('refuses a handshake without a live session, with the HTTP code', async () => {
    const session = await registerCustomer(t.app, t.demoCode);
    expect(await refusedWith({})).toEqual({ code: 'auth.required', params: {} });
    expect(await refusedWith({ token: 'x'.repeat(43), account: session.account })).toEqual({
      code: 'auth.required',
      params: {},
    });
    expect(await refusedWith({ token: session.token, account: 'someone-else' })).toMatchObject({
      code: 'auth.required',
    });
    expect(await refusedWith({ token: session.token, account: 7 })).toMatchObject({
      code: 'auth.required',
    });
  });

  it('pushes balances to the customer only, after the entry commits', async () => {
    const alice = await registerCustomer(t.app, t.demoCode);
    const bob = await registerCustomer(t.app, t.demoCode);
    const a = await connect(alice);
    const b = await connect(bob);
    const aliceId = await customerIdOf(t.db, alice);

    await postEntry(t.db, await deposit(aliceId, 50_000));
    await until(() => a.heard.balances.length === 1);
    const krw = a.heard.balances[0]?.find((row) => row.currency === 'KRW');
    expect(krw).toMatchObject({ total: 50_000, available: 50_000, held: 0, withdrawable: 50_000 });
    // What the push says is what the call answers.
    const answered = expectSuccess<BalancesPush>(
      await call(t.app, '/user/balances', {}, { session: alice }),
    );
    expect(a.heard.balances[0]).toEqual(answered);
    await sleep(100);
    expect(b.heard.balances).toEqual([]);
  });

  it('waits for the commit, and says nothing for an entry rolled back', async () => {
    const carol = await registerCustomer(t.app, t.demoCode);
    const c = await connect(carol);
    const id = await customerIdOf(t.db, carol);
    // Built first: on PGlite the root database waits while a transaction is open.
    const entry = await deposit(id, 7_000);
    const undone = await deposit(id, 1);

    await t.db
      .transaction(async (tx) => {
        await postEntry(tx, entry);
        await sleep(150);
        // Posted but not committed: nothing may have been pushed yet.
        expect(c.heard.balances).toEqual([]);
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    await sleep(150);
    expect(c.heard.balances).toEqual([]);

    // A savepoint rolled back inside a transaction that commits: only the kept entry is heard.
    await t.db.transaction(async (tx) => {
      await tx
        .transaction(async (savepoint) => {
          await postEntry(savepoint, undone);
          throw new Error('undo');
        })
        .catch(() => undefined);
      await sleep(100);
      expect(c.heard.balances).toEqual([]);
      await postEntry(tx, entry);
    });
    await until(() => c.heard.balances.length === 1);
    expect(c.heard.balances[0]?.find((r) => r.currency === 'KRW')?.available).toBe(7_000);
  });

  it('pushes a fund order after each transition of a deposit, and nothing for KYC', async () => {
    const dave = await registerCustomer(t.app, t.demoCode);
    const erin = await registerCustomer(t.app, t.demoCode);
    const d = await connect(dave);
    const e = await connect(erin);
    const daveId = await customerIdOf(t.db, dave);
    const [row] = await t.db
      .insert(testOrders)
      .values({ customerId: daveId, amount: 120_000 })
      .returning({ id: testOrders.id });
    if (!row) throw new Error('no order');

    await applyEvent(t.db, {
      lifecycle: testDeposit,
      id: row.id,
      event: { type: 'review.approve' },
      actor: { kind: 'system', id: null },
    });
    await until(() => d.heard.orders.length === 1);
    expect(d.heard.orders[0]).toMatchObject({
      id: row.id,
      kind: 'deposit',
      orderNo: `D${row.id}`,
      state: 'credited',
      version: 1,
      accepts: [],
      amount: 120_000,
    });

    // KYC is a lifecycle too, but not a fund order: nothing is pushed for it.
    await t.db
      .update(customers)
      .set({ kycState: 'under_review.waiting' })
      .where(eq(customers.id, daveId));
    await applyEvent(t.db, {
      lifecycle: kycLifecycle,
      id: daveId,
      event: { type: 'review.approve' },
      actor: { kind: 'system', id: null },
    }).catch(() => undefined);
    await sleep(150);
    expect(d.heard.orders).toHaveLength(1);
    expect(e.heard.orders).toEqual([]);
  });

  it('closes the socket when its session is logged out, and not the others', async () => {
    const frank = await registerCustomer(t.app, t.demoCode);
    const first = await connect(frank);
    const other = await connect(frank);
    // A second session of the same customer, on another device.
    const second = expectSuccess<Session>(
      await call(t.app, '/user/login', { account: frank.account, password: 'blue-harbour-42' }),
    );
    const third = await connect(second);

    expectSuccess(await call(t.app, '/user/logout', {}, { session: frank }));
    await until(() => first.heard.disconnected !== null && other.heard.disconnected !== null);
    expect(first.heard.errors).toEqual([{ code: 'auth.required', params: {} }]);
    expect(first.heard.disconnected).toBe('io server disconnect');
    expect(third.socket.connected).toBe(true);
    expect(await refusedWith({ token: frank.token, account: frank.account })).toMatchObject({
      code: 'auth.required',
    });
  });

  it('closes the sockets of an account frozen by staff, and refuses it at the handshake', async () => {
    const gina = await registerCustomer(t.app, t.demoCode);
    const g = await connect(gina);
    const id = await customerIdOf(t.db, gina);
    await applyEvent(t.db, {
      lifecycle: accountLifecycle,
      id,
      event: { type: 'account.freeze', reason: 'Suspicious activity' },
      actor: { kind: 'system', id: null },
    });
    await until(() => g.heard.disconnected !== null);
    expect(g.heard.errors).toEqual([{ code: 'account.frozen', params: {} }]);
    expect(await refusedWith({ token: gina.token, account: gina.account })).toMatchObject({
      code: 'account.frozen',
    });
  });

  it('closes a socket whose session has expired when the customer is checked again', async () => {
    const hana = await registerCustomer(t.app, t.demoCode);
    const h = await connect(hana);
    const id = await customerIdOf(t.db, hana);
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(sessions.customerId, id));
    noteForCommit(t.db, { topic: 'access', customerId: id });
    await until(() => h.heard.disconnected !== null);
    expect(h.heard.errors).toEqual([{ code: 'auth.required', params: {} }]);
  });

  it('ignores what a client sends', async () => {
    const ivan = await registerCustomer(t.app, t.demoCode);
    const v = await connect(ivan);
    v.socket.emit('balances', { currency: 'KRW' });
    v.socket.emit('join', 'customer:1');
    await sleep(100);
    expect(v.socket.connected).toBe(true);
    expect(v.heard.balances).toEqual([]);
  });
});
