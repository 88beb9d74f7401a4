import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type {
  CashOutInfoDto,
  FundCurrency,
  FundOrderDto,
  FundQueueItemDto,
  RechargeChannelDto,
} from '../../contract';
import { FUND_CURRENCIES } from '../../contract';
import { toWon } from '../../server/modules/money/fund-limits';
import { call, expectSuccess } from './api-helpers';
import { uploadVoucher } from './deposit-helpers';
import { staffCall } from './identity-helpers';
import type { ModelOrder, World } from './money-property-world';
import { customerOf, isRefusal, modelOf, refused } from './money-property-world';
import { FUND } from './withdrawal-helpers';

/**
 * The fund-order operations of the money property test: deposits (recharge with a voucher,
 * staff approve or reject), withdrawals (cashOut to a card or wallet, staff approve with four
 * eyes above the threshold, reject, paid) and the customer's cancel. Each predicts from the
 * model whether the server accepts or refuses, and with which code, then checks the answer and
 * moves the model. The server's order of checks is part of the prediction (docs/money.md).
 */

export interface Operation {
  describe: string;
  run(world: World): Promise<void>;
}

/** An id no order has: what "no such order" answers. */
const NO_ORDER = 2_000_000_000;

/** True one time in seven: a stale version, sent now and then. */
const rarely = fc.oneof(
  { arbitrary: fc.constant(false), weight: 6 },
  { arbitrary: fc.constant(true), weight: 1 },
);

const customerIndex = (count: number) => fc.nat({ max: count - 1 });
const fundCurrency = fc.constantFrom(...FUND_CURRENCIES);

/**
 * Where in the limits an amount falls. KRW limits are exact; another currency's come from the
 * feed's FX rate, which may move between reading the limits and the call, so its amounts keep
 * 3 % away from the ends.
 */
type Pick = { at: 'below' | 'min' | 'max' | 'above' } | { at: 'in'; f: number };
const pick: fc.Arbitrary<Pick> = fc.oneof(
  {
    arbitrary: fc.double({ min: 0, max: 1, noNaN: true }).map((f): Pick => ({ at: 'in', f })),
    weight: 6,
  },
  {
    arbitrary: fc.constantFrom<Pick>(
      { at: 'below' },
      { at: 'min' },
      { at: 'max' },
      { at: 'above' },
    ),
    weight: 2,
  },
);

function amountAt(p: Pick, currency: FundCurrency, min: number, max: number, inRange: number) {
  const exact = currency === 'KRW';
  switch (p.at) {
    case 'below':
      return exact ? min - 1 : Math.max(1, Math.floor(min * 0.5));
    case 'min':
      return exact ? min : Math.ceil(min * 1.03);
    case 'max':
      return exact ? max : Math.floor(max * 0.97);
    case 'above':
      return exact ? max + 1 : max * 2;
    case 'in':
      return Math.min(
        exact ? max : Math.floor(max * 0.97),
        Math.max(exact ? min : Math.ceil(min * 1.03), inRange),
      );
  }
}

/** Keeps an amount of a currency priced at the feed's rate 3 % away from a limit. */
function awayFromLimits(currency: FundCurrency, amount: number, min: number, max: number) {
  if (currency === 'KRW') return amount;
  if (Math.abs(amount - min) < min * 0.03) return Math.ceil(min * 1.03);
  if (Math.abs(amount - max) < max * 0.03) return Math.floor(max * 0.97);
  return amount;
}

/**
 * The customer a staff decision is about: mostly one whose open order is of the desk's kind (so
 * decisions reach later states), now and then the generated one whatever it has.
 */
function focusOn(w: World, c: number, kind: ModelOrder['kind'], focus: boolean): number {
  if (!focus || modelOf(w, c).open?.kind === kind) return c;
  const other = w.model.findIndex((m) => m.open?.kind === kind);
  return other === -1 ? c : other;
}

/** The order a staff or cancel call acts on: the open one, else the latest of the kind. */
function targetOf(w: World, c: number, kind: ModelOrder['kind'] | null): ModelOrder | null {
  const model = modelOf(w, c);
  if (kind === null) {
    if (model.open) return model.open;
    const { deposit, withdrawal } = model.last;
    if (deposit && withdrawal) return deposit.id > withdrawal.id ? deposit : withdrawal;
    return deposit ?? withdrawal;
  }
  if (model.open?.kind === kind) return model.open;
  return model.last[kind];
}

function close(w: World, c: number, order: ModelOrder) {
  order.state = 'closed';
  const model = modelOf(w, c);
  if (model.open?.id === order.id) model.open = null;
}

function expectOrderAnswer(
  answer: { id: number; state: string; version: number },
  order: ModelOrder,
  state: string,
) {
  expect({ id: answer.id, state: answer.state, version: answer.version }).toEqual({
    id: order.id,
    state,
    version: order.version,
  });
}

const deposit = (customers: number): fc.Arbitrary<Operation> =>
  fc.record({ c: customerIndex(customers), cur: fundCurrency, p: pick }).map(({ c, cur, p }) => ({
    describe: `deposit ${c} ${cur} ${p.at}${p.at === 'in' ? ` ${p.f.toFixed(2)}` : ''}`,
    async run(w) {
      const { session } = customerOf(w, c);
      const model = modelOf(w, c);
      const limits = expectSuccess<RechargeChannelDto>(
        await call(w.t.app, '/user/rechargeChannel', { currency: cur }, { session }),
      );
      const amount = amountAt(
        p,
        cur,
        limits.min,
        limits.max,
        limits.min + Math.floor((p.at === 'in' ? p.f : 0) * limits.min * 100),
      );
      const voucherId = await uploadVoucher(w.t.app, session);
      const answer = await call(
        w.t.app,
        '/user/recharge',
        { currency: cur, amount, voucherId },
        { session },
      );
      // Checked in this order: limits, voucher, then the one open order.
      if (amount < limits.min) return void refused(answer, 'deposit.below_min', 'amount');
      if (amount > limits.max) return void refused(answer, 'deposit.above_max', 'amount');
      if (model.open) {
        return void refused(
          answer,
          model.open.kind === 'deposit' ? 'deposit.pending_exists' : 'fund_order.pending_exists',
        );
      }
      const order = expectSuccess<FundOrderDto>(answer);
      const opened: ModelOrder = {
        kind: 'deposit',
        id: order.id,
        currency: cur,
        amount,
        version: 0,
        state: 'pending',
        approvers: [],
      };
      expect(order).toMatchObject({
        kind: 'deposit',
        currency: cur,
        amount,
        state: 'pending.waiting',
        version: 0,
      });
      model.open = opened;
      model.last.deposit = opened;
    },
  }));

/** A staff decision call, with a stale version when asked (a conflict, whatever the state). */
const decide = (
  w: World,
  path: string,
  token: string,
  target: ModelOrder | null,
  stale: boolean,
  extra: object = {},
) =>
  staffCall(
    w.t.app,
    path,
    { id: target?.id ?? NO_ORDER, version: (target?.version ?? 0) + (stale ? 1 : 0), ...extra },
    token,
  );

const depositDecision = (customers: number): fc.Arbitrary<Operation> =>
  fc
    .record({
      generated: customerIndex(customers),
      approve: fc.boolean(),
      stale: rarely,
      r: fc.nat({ max: 1 }),
      focus: fc.nat({ max: 3 }),
    })
    .map(({ generated, approve, stale, r, focus }) => ({
      describe: `staff ${approve ? 'approve' : 'reject'} deposit of ${focus > 0 ? 'a pending one, else ' : ''}${generated}${stale ? ' (stale)' : ''}`,
      async run(w) {
        const c = focusOn(w, generated, 'deposit', focus > 0);
        const target = targetOf(w, c, 'deposit');
        const staff = w.reviewers[r === 0 ? 0 : 1];
        const answer = await decide(
          w,
          approve ? '/deposits/approve' : '/deposits/reject',
          staff.token,
          target,
          stale,
          approve ? {} : { reason: 'Property test: no transfer seen' },
        );
        if (!target) return void refused(answer, 'fund_order.not_found', 'id');
        if (stale) return void refused(answer, 'lifecycle.conflict');
        if (target.state !== 'pending') return void refused(answer, 'fund_order.not_pending');
        const item = expectSuccess<FundQueueItemDto>(answer);
        target.version += 1;
        expectOrderAnswer(item, target, approve ? 'credited' : 'rejected');
        if (approve) modelOf(w, c).pots[target.currency].available += target.amount;
        close(w, c, target);
      },
    }));

const cancel = (customers: number): fc.Arbitrary<Operation> =>
  customerIndex(customers).map((c) => ({
    describe: `cancel ${c}'s fund order`,
    async run(w) {
      const { session } = customerOf(w, c);
      const target = targetOf(w, c, null);
      const answer = await call(
        w.t.app,
        '/user/fundOrder/cancel',
        { id: target?.id ?? NO_ORDER },
        { session },
      );
      if (!target) return void refused(answer, 'fund_order.not_found', 'id');
      if (target.state !== 'pending') return void refused(answer, 'fund_order.not_pending');
      const order = expectSuccess<FundOrderDto>(answer);
      target.version += 1;
      expectOrderAnswer(order, target, 'cancelled');
      if (target.kind === 'withdrawal') {
        const pot = modelOf(w, c).pots[target.currency];
        pot.held -= target.amount;
        pot.available += target.amount;
      }
      close(w, c, target);
    },
  }));

type Destination = 'own' | 'mismatch' | 'foreign';

/**
 * A withdrawal amount from a share: up to 1 it falls between the minimum and what is free (when
 * that much is free), so most withdrawals can go through; above 1 it asks for more than is free.
 */
function withdrawAmount(available: number, share: number, limits: { min: number; max: number }) {
  if (share > 1 || available < limits.min) return Math.max(1, Math.floor(available * share));
  const top = Math.min(available, limits.max);
  return limits.min + Math.floor((top - limits.min) * share);
}

const withdraw = (customers: number): fc.Arbitrary<Operation> =>
  fc
    .record({
      c: customerIndex(customers),
      cur: fundCurrency,
      share: fc.oneof(
        { arbitrary: fc.double({ min: 0.01, max: 1.3, noNaN: true }), weight: 6 },
        { arbitrary: fc.constantFrom(-1, -2), weight: 1 },
      ),
      dest: fc.oneof(
        { arbitrary: fc.constant<Destination>('own'), weight: 8 },
        { arbitrary: fc.constantFrom<Destination>('mismatch', 'foreign'), weight: 2 },
      ),
    })
    .map(({ c, cur, share, dest }) => ({
      describe: `withdraw ${c} ${cur} ${share === -1 ? 'below min' : share === -2 ? 'above max' : share.toFixed(2)} to ${dest}`,
      async run(w) {
        const me = customerOf(w, c);
        const other = customerOf(w, (c + 1) % w.customers.length);
        const model = modelOf(w, c);
        const pot = model.pots[cur];
        const info = expectSuccess<CashOutInfoDto>(
          await call(w.t.app, '/user/cashOut/info', { currency: cur }, { session: me.session }),
        );
        expect(info.withdrawable).toBe(pot.available);
        const amount =
          share === -1
            ? amountAt({ at: 'below' }, cur, info.min, info.max, 0)
            : share === -2
              ? amountAt({ at: 'above' }, cur, info.min, info.max, 0)
              : awayFromLimits(cur, withdrawAmount(pot.available, share, info), info.min, info.max);
        const usesWallet = (cur === 'USDT') !== (dest === 'mismatch');
        const owner = dest === 'foreign' ? other : me;
        const field = usesWallet ? 'walletId' : 'cardId';
        const answer = await call(
          w.t.app,
          '/user/cashOut',
          {
            currency: cur,
            amount,
            [field]: usesWallet ? owner.wallet.id : owner.card.id,
            fundPassword: FUND,
          },
          { session: me.session },
        );
        // The server's order: the open order, the destination, the limits, what is free.
        if (model.open) return void refused(answer, 'fund_order.pending_exists');
        if (dest === 'foreign')
          return void refused(answer, 'withdrawal.destination_not_found', field);
        if (dest === 'mismatch')
          return void refused(answer, 'withdrawal.destination_mismatch', field);
        if (amount < info.min) return void refused(answer, 'withdrawal.below_min');
        if (amount > info.max) return void refused(answer, 'withdrawal.above_max');
        if (amount > pot.available) return void refused(answer, 'withdrawal.insufficient');
        const order = expectSuccess<FundOrderDto>(answer);
        expect(order).toMatchObject({
          kind: 'withdrawal',
          currency: cur,
          amount,
          state: 'pending.waiting',
          version: 0,
        });
        const opened: ModelOrder = {
          kind: 'withdrawal',
          id: order.id,
          currency: cur,
          amount,
          version: 0,
          state: 'pending',
          approvers: [],
        };
        pot.available -= amount;
        pot.held += amount;
        model.open = opened;
        model.last.withdrawal = opened;
      },
    }));

/**
 * The withdrawal desk acts on the open withdrawal, else the latest one; with neither, on an
 * open deposit's id (the wrong desk: not a withdrawal) or an id nobody has.
 */
function withdrawalTarget(w: World, c: number): { order: ModelOrder | null; id: number } {
  const order = targetOf(w, c, 'withdrawal');
  if (order) return { order, id: order.id };
  return { order: null, id: modelOf(w, c).open?.id ?? NO_ORDER };
}

const withdrawalDecision = (customers: number): fc.Arbitrary<Operation> =>
  fc
    .record({
      generated: customerIndex(customers),
      action: fc.constantFrom('approve', 'approve', 'reject', 'paid'),
      stale: rarely,
      r: fc.nat({ max: 1 }),
      focus: fc.nat({ max: 3 }),
    })
    .map(({ generated, action, stale, r, focus }) => ({
      describe: `staff ${action} withdrawal of ${focus > 0 ? 'an open one, else ' : ''}${generated}${action === 'approve' ? ` by reviewer ${r}` : ''}${stale ? ' (stale)' : ''}`,
      async run(w) {
        const c = focusOn(w, generated, 'withdrawal', focus > 0);
        const { order, id } = withdrawalTarget(w, c);
        const reviewer = w.reviewers[r === 0 ? 0 : 1];
        const token = action === 'paid' ? w.payer.token : reviewer.token;
        const extra =
          action === 'reject'
            ? { reason: 'Property test: account check failed' }
            : action === 'paid'
              ? { reference: `PT-${id}` }
              : {};
        const above = () =>
          order ? toWon(w.t.app.maru, order.currency, order.amount) > w.fourEyesAbove : false;
        const aboveBefore = above();
        const answer = await staffCall(
          w.t.app,
          `/withdrawals/${action}`,
          { id, version: (order?.version ?? 0) + (stale ? 1 : 0), ...extra },
          token,
        );
        if (!order) return void refused(answer, 'withdrawal.not_found', 'id');
        if (stale) return void refused(answer, 'lifecycle.conflict');
        const pot = modelOf(w, c).pots[order.currency];
        if (action === 'paid') {
          if (order.state !== 'approved') return void refused(answer, 'withdrawal.not_approved');
          order.version += 1;
          expectOrderAnswer(expectSuccess<FundQueueItemDto>(answer), order, 'paid');
          pot.held -= order.amount;
          return close(w, c, order);
        }
        if (order.state !== 'pending' && !(action === 'reject' && order.state === 'approved')) {
          return void refused(answer, 'withdrawal.not_pending');
        }
        if (action === 'reject') {
          order.version += 1;
          expectOrderAnswer(expectSuccess<FundQueueItemDto>(answer), order, 'rejected');
          pot.held -= order.amount;
          pot.available += order.amount;
          return close(w, c, order);
        }
        // Approve. Four eyes is decided at approval time in won at the feed's rate; when the rate
        // crossed the threshold during the call (rare), the answer says which side it took.
        const fourEyes =
          aboveBefore === above()
            ? aboveBefore
            : !isApprovedAnswer(answer) || order.approvers.length > 0;
        if (fourEyes && order.approvers.includes(r))
          return void refused(answer, 'four_eyes.same_staff');
        const item = expectSuccess<FundQueueItemDto>(answer);
        order.version += 1;
        if (fourEyes && order.approvers.length === 0) {
          order.approvers.push(r);
          return expectOrderAnswer(item, order, 'pending.waiting');
        }
        order.state = 'approved';
        expectOrderAnswer(item, order, 'approved');
      },
    }));

function isApprovedAnswer(answer: LightMyRequestResponse): boolean {
  return (
    !isRefusal(answer, 'four_eyes.same_staff') &&
    answer.json<{ data?: { state?: string } }>().data?.state === 'approved'
  );
}

/**
 * Every fund-order operation, for a world of `customers` customers (at least two), weighted so
 * that withdrawals reach their later states (two approvals, paid) often.
 */
export function fundOrderOperations(
  customers: number,
): { arbitrary: fc.Arbitrary<Operation>; weight: number }[] {
  return [
    { arbitrary: deposit(customers), weight: 2 },
    { arbitrary: depositDecision(customers), weight: 2 },
    { arbitrary: cancel(customers), weight: 1 },
    { arbitrary: withdraw(customers), weight: 3 },
    { arbitrary: withdrawalDecision(customers), weight: 5 },
  ];
}
