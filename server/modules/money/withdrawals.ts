import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type {
  CashOutInfoDto,
  CashOutRequest,
  Currency,
  FundCurrency,
  FundOrderDetailDto,
  FundOrderDto,
  FundRecordRowDto,
} from '../../../contract';
import { CURRENCIES } from '../../../contract';
import type { WithdrawalContext } from '../../../machines/withdrawal';
import type { AppContext } from '../../app-context';
import type { LiveSession } from '../../auth/sessions';
import type { Database, Transaction } from '../../db/connect';
import { bankCards, wallets, withdrawals } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';
import {
  availableOf,
  customerAccountIds,
  houseAccountId,
  LedgerError,
  postEntry,
} from '../../ledger';
import { applyEvent, statusOf, withdrawalLifecycle } from '../../lifecycle';
import { scheduleJob } from '../../lifecycle/jobs';
import { MINUTE_MS } from '../../market/seoul-time';
import { Refusal } from '../../refusal';
import { readSettings } from '../../settings';
import { assertMayWithdraw } from '../customers/restrictions';
import { verifyFundPassword } from '../fund-password';
import { fundWindow, fundWindowOf, limitIn, refuseIfClosed } from './fund-limits';
import type { FundOrderKindService, FundRecordSource } from './fund-orders';
import { fundOrderHistory, openFundOrderId, refuseIfFundOrderOpen } from './fund-orders';
import { verifiedName } from './verified-name';
import { latestArrival } from './withdrawal-arrival';
import { notWithdrawable } from './pending-withdrawals';

/**
 * Withdrawals, customer side (docs/money.md "Withdrawals"): asking for one (the amount is held at
 * once), the screen's limits, cancel, detail and the records tab. Staff decisions are in
 * server/modules/staff/review/withdrawal-review.ts; both post through the ledger in the
 * transaction of the lifecycle's transition.
 */

export type WithdrawalRow = typeof withdrawals.$inferSelect;

/** The states a withdrawal is still open in: the amount is held and the destination in use. */
export const OPEN_WITHDRAWAL_STATES = ['pending.waiting', 'pending.overdue', 'approved'] as const;

export const orderNoOf = (id: number) => `W${id}`;

/** Minor units as the refusal's words show them: `100,000 KRW`, `73.50 USD`. */
export function formatMoney(currency: Currency, minor: number): string {
  const digits = CURRENCIES[currency].minorDigits;
  const major = (minor / 10 ** digits).toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return `${major} ${currency}`;
}

export function toFundOrderDto(row: WithdrawalRow): FundOrderDto {
  const loaded = { state: row.state, context: row.context, version: row.version };
  return {
    id: row.id,
    kind: 'withdrawal',
    orderNo: orderNoOf(row.id),
    currency: row.currency as Currency,
    amount: row.amount,
    ...statusOf(withdrawalLifecycle, loaded),
    reason: row.context.rejectionReason,
    expectedArrival: row.expectedArrival.toISOString(),
    destination:
      row.cardId !== null
        ? { type: 'card', id: row.cardId, label: row.destinationLabel }
        : { type: 'wallet', id: row.walletId ?? 0, label: row.destinationLabel },
    reference: row.context.reference,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The customer's withdrawal with this id, or null (another customer's reads as none). */
export async function customerWithdrawal(
  db: Database | Transaction,
  customerId: number,
  id: number,
): Promise<WithdrawalRow | null> {
  const [row] = await db
    .select()
    .from(withdrawals)
    .where(and(eq(withdrawals.id, id), eq(withdrawals.customerId, customerId)));
  return row ?? null;
}

export async function withdrawalById(
  db: Database | Transaction,
  id: number,
): Promise<WithdrawalRow | null> {
  const [row] = await db.select().from(withdrawals).where(eq(withdrawals.id, id));
  return row ?? null;
}

// ---- Limits --------------------------------------------------------------------------------

const LIMIT_KEYS = ['fund.withdrawMin', 'fund.withdrawMax'] as const;

/** The limits in minor units of `currency`, from the `fund.withdrawMin/Max` won settings. */
function limitsFrom(
  maru: AppContext,
  currency: FundCurrency,
  won: { 'fund.withdrawMin': number; 'fund.withdrawMax': number },
) {
  return {
    min: limitIn(maru, currency, won['fund.withdrawMin'], 'min'),
    max: limitIn(maru, currency, won['fund.withdrawMax'], 'max'),
  };
}

async function limitsOf(maru: AppContext, db: Database, currency: FundCurrency) {
  return limitsFrom(maru, currency, await readSettings(db, LIMIT_KEYS));
}

/** The customer's available balance less what may not be withdrawn. */
async function withdrawableOf(db: Database, customerId: number, currency: Currency, now: Date) {
  // Every customer's available accounts are opened at registration; none reads as nothing.
  const balance = await availableOf(db, customerId, currency);
  const blocked = await notWithdrawable(db, customerId, currency, now);
  return Math.max(0, balance - blocked);
}

export async function cashOutInfo(
  maru: AppContext,
  services: readonly FundOrderKindService[],
  customerId: number,
  currency: FundCurrency,
): Promise<CashOutInfoDto> {
  const { db } = maru;
  const { min, max } = await limitsOf(maru, db, currency);
  return {
    currency,
    min,
    max,
    withdrawable: await withdrawableOf(db, customerId, currency, maru.clock.now()),
    window: await fundWindow(db, maru, 'withdraw', maru.clock.now()),
    pendingOrderId: await openFundOrderId(db, services, customerId),
  };
}

// ---- Asking for a withdrawal ---------------------------------------------------------------

/** The customer's live card or wallet, checked against the currency; its label for the record. */
async function destinationOf(
  db: Database,
  customerId: number,
  body: CashOutRequest,
): Promise<{ cardId: number | null; walletId: number | null; label: string }> {
  if (body.cardId != null) {
    const [card] = await db
      .select()
      .from(bankCards)
      .where(
        and(
          eq(bankCards.id, body.cardId),
          eq(bankCards.customerId, customerId),
          isNull(bankCards.deletedAt),
        ),
      );
    if (!card) throw new ApiRefusal('withdrawal.destination_not_found', { field: 'cardId' });
    if (body.currency === 'USDT') {
      throw new ApiRefusal('withdrawal.destination_mismatch', { field: 'cardId' });
    }
    return { cardId: card.id, walletId: null, label: `${card.bank} ${card.masked}` };
  }
  const [wallet] = await db
    .select()
    .from(wallets)
    .where(
      and(
        eq(wallets.id, body.walletId ?? 0),
        eq(wallets.customerId, customerId),
        isNull(wallets.deletedAt),
      ),
    );
  if (!wallet) throw new ApiRefusal('withdrawal.destination_not_found', { field: 'walletId' });
  if (body.currency !== 'USDT') {
    throw new ApiRefusal('withdrawal.destination_mismatch', { field: 'walletId' });
  }
  const short = `${wallet.address.slice(0, 6)}…${wallet.address.slice(-4)}`;
  return { cardId: null, walletId: wallet.id, label: `${wallet.type} ${short}` };
}

/**
 * `/user/cashOut`, in the call's transaction. The customer row is locked first
 * (`refuseIfFundOrderOpen`), so one customer's requests are serialised and, of parallel ones,
 * every request after the first is refused at once (`fund_order.pending_exists`) with a few
 * queries. The refusals that need no secret come next; the fund password (argon2, ~40 ms,
 * counted toward its lock) is checked last, so only a request that can succeed pays for it. The
 * amount moves available → held in the same transaction as the withdrawal row.
 */
export async function cashOut(
  maru: AppContext,
  services: readonly FundOrderKindService[],
  session: LiveSession,
  body: CashOutRequest,
  source: string | null,
): Promise<FundOrderDto> {
  const { db } = maru;
  const customerId = session.customer.id;
  const now = maru.clock.now();
  assertMayWithdraw(session.customer);
  const currency = body.currency as FundCurrency;
  await refuseIfFundOrderOpen(db, services, customerId);
  await verifiedName(db, customerId);
  const destination = await destinationOf(db, customerId, body);
  // Every setting the request needs, in one query.
  const settings = await readSettings(db, [
    ...LIMIT_KEYS,
    'fund.withdrawOpens',
    'fund.withdrawCloses',
    'fund.businessDaysOnly',
    'fund.serviceMinutes',
  ]);
  const { min, max } = limitsFrom(maru, currency, settings);
  if (body.amount < min) {
    throw new ApiRefusal('withdrawal.below_min', { min: formatMoney(currency, min) });
  }
  if (body.amount > max) {
    throw new ApiRefusal('withdrawal.above_max', { max: formatMoney(currency, max) });
  }
  const window = fundWindowOf(
    maru,
    {
      opens: settings['fund.withdrawOpens'],
      closes: settings['fund.withdrawCloses'],
      businessDaysOnly: settings['fund.businessDaysOnly'] === 1,
    },
    now,
  );
  refuseIfClosed(window);
  const withdrawable = await withdrawableOf(db, customerId, currency, now);
  if (body.amount > withdrawable) {
    throw new ApiRefusal('withdrawal.insufficient', {
      withdrawable: formatMoney(currency, withdrawable),
    });
  }
  await verifyFundPassword(db, customerId, body.fundPassword, { source });

  const [row] = await db
    .insert(withdrawals)
    .values({
      customerId,
      currency,
      amount: body.amount,
      cardId: destination.cardId,
      walletId: destination.walletId,
      destinationLabel: destination.label,
      expectedArrival: latestArrival(now, window.businessDaysOnly),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('withdrawal insert returned no row');
  await moveHeld(db, row, 'hold', `customer:${customerId}`);
  // The row starts in pending.waiting without a transition: its service clock starts here.
  await scheduleJob(
    db,
    {
      entityType: withdrawalLifecycle.type,
      entityId: row.id,
      event: { type: 'review.overdue' },
      dueAt: new Date(now.getTime() + settings['fund.serviceMinutes'] * MINUTE_MS),
    },
    now,
  );
  return toFundOrderDto(row);
}

/**
 * The ledger side of a withdrawal. hold: available → held (refused as withdrawal.insufficient if
 * the ledger finds too little, its own last guard); release: held → available (rejected,
 * cancelled); pay: held → house_bank (paid).
 */
export async function moveHeld(
  db: Database | Transaction,
  row: Pick<WithdrawalRow, 'id' | 'customerId' | 'currency' | 'amount'>,
  kind: 'hold' | 'release' | 'pay',
  actor: string,
): Promise<number> {
  const currency = row.currency as Currency;
  const { available, held } = await customerAccountIds(db, row.customerId, currency, [
    'available',
    'held',
  ]);
  const a = row.amount;
  const postings =
    kind === 'hold'
      ? [
          { accountId: available, amount: -a },
          { accountId: held, amount: a },
        ]
      : kind === 'release'
        ? [
            { accountId: held, amount: -a },
            { accountId: available, amount: a },
          ]
        : [
            { accountId: held, amount: -a },
            {
              accountId: await houseAccountId(db, currency, 'house_bank'),
              amount: a,
            },
          ];
  try {
    const posted = await postEntry(db, {
      kind: `withdrawal_${kind}`,
      reason: `${orderNoOf(row.id)} ${kind}`,
      actor,
      postings,
    });
    return posted.entryId;
  } catch (error) {
    if (error instanceof LedgerError && error.reason === 'insufficient_funds') {
      throw new Refusal('withdrawal.insufficient', { withdrawable: formatMoney(currency, 0) });
    }
    throw error;
  }
}

// ---- Cancel, detail, records ---------------------------------------------------------------

async function cancelWithdrawal(
  maru: AppContext,
  customerId: number,
  id: number,
): Promise<FundOrderDto | null> {
  const { db } = maru;
  const row = await customerWithdrawal(db, customerId, id);
  if (!row) return null;
  let cancelled: WithdrawalRow | undefined;
  await applyEvent(db, {
    lifecycle: withdrawalLifecycle,
    id,
    event: { type: 'withdrawal.cancel' },
    actor: { kind: 'customer', id: customerId },
    now: maru.clock.now(),
    sideEffects: async (tx) => {
      await moveHeld(tx, row, 'release', `customer:${customerId}`);
      // The last write of the transition answers the row as it now is (no read after).
      [cancelled] = await tx
        .update(withdrawals)
        .set({ updatedAt: maru.clock.now() })
        .where(eq(withdrawals.id, id))
        .returning();
    },
  });
  if (cancelled === undefined) throw new Error(`withdrawal ${id} vanished while cancelled`);
  return toFundOrderDto(cancelled);
}

async function withdrawalDetail(
  db: Database,
  customerId: number,
  id: number,
): Promise<FundOrderDetailDto | null> {
  const row = await customerWithdrawal(db, customerId, id);
  if (!row) return null;
  return { order: toFundOrderDto(row), history: await fundOrderHistory(db, 'withdrawal', id) };
}

const openOf = (customerId: number) =>
  and(
    eq(withdrawals.customerId, customerId),
    inArray(withdrawals.state, [...OPEN_WITHDRAWAL_STATES]),
  );

export const withdrawalOrders: FundOrderKindService = {
  kind: 'withdrawal',
  async customerOf(db, id) {
    const [row] = await db
      .select({ customerId: withdrawals.customerId })
      .from(withdrawals)
      .where(eq(withdrawals.id, id));
    return row?.customerId ?? null;
  },
  detail: withdrawalDetail,
  cancel: cancelWithdrawal,
  async countOpen(db, customerId) {
    const [n] = await db.select({ n: count() }).from(withdrawals).where(openOf(customerId));
    return n?.n ?? 0;
  },
  async openOrderId(db, customerId) {
    const [row] = await db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(openOf(customerId))
      .limit(1);
    return row?.id ?? null;
  },
};

export const withdrawalRecords: FundRecordSource = {
  type: 'withdraw',
  async page(db, customerId, paging) {
    const where = eq(withdrawals.customerId, customerId);
    const [total] = await db.select({ n: count() }).from(withdrawals).where(where);
    const rows = await db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize);
    const items: FundRecordRowDto[] = rows.map((row) => ({
      id: row.id,
      type: 'withdraw',
      orderNo: orderNoOf(row.id),
      time: row.createdAt.toISOString(),
      state: row.state,
      amount: -row.amount,
      currency: row.currency as Currency,
      counterAmount: null,
      counterCurrency: null,
      reason: row.context.rejectionReason,
    }));
    return { items, total: total?.n ?? 0 };
  },
};

export type { WithdrawalContext };
