/**
 * Which lifecycle transitions tell the customer something, and what (docs/messages.md). The one
 * table of them: no module writes a message by hand; the subscriber (write-messages.ts) reads
 * this for every transition the engine applies.
 *
 * A rule fires when a transition *enters* its state (the state is active after and was not
 * before; a move between two of its children does not count), optionally only for one event.
 * Each transition matches at most one rule (tests/unit/message-rules.test.ts).
 */
import { eq, sql } from 'drizzle-orm';
import type { MessageCode, MessageParams } from '../../../contract/schemas/messages';
import { isInState } from '../../../machines/state-value';
import type { Transaction } from '../../db/connect';
import {
  blockApplications,
  blockOfferings,
  deposits,
  tradeOrders,
  withdrawals,
} from '../../db/schema';
import type { TransitionNotice } from '../../lifecycle/subscribers';
import { depositOrderNo } from '../money/deposits/deposit-orders';
import { orderNoOf } from '../money/withdrawals';

export interface MessageRule {
  /** The lifecycle entity type (`LIFECYCLE_ENTITY_TYPES`, or one still being built). */
  type: string;
  /** The state path entered (`passed`, `won.pendingPayment`). */
  enters: string;
  /** Only for this event (a position closes for several reasons; only a forced close is told). */
  event?: string;
  code: MessageCode;
}

/** The entity as a message needs it: whose it is, and the facts its text names. */
export interface MessageSubject {
  customerId: number;
  params: MessageParams;
}

export const MESSAGE_RULES: readonly MessageRule[] = [
  { type: 'kyc', enters: 'passed', code: 'kyc.passed' },
  { type: 'kyc', enters: 'rejected', code: 'kyc.rejected' },
  { type: 'deposit', enters: 'credited', code: 'deposit.credited' },
  { type: 'deposit', enters: 'rejected', code: 'deposit.rejected' },
  { type: 'withdrawal', enters: 'paid', code: 'withdrawal.paid' },
  { type: 'withdrawal', enters: 'rejected', code: 'withdrawal.rejected' },
  { type: 'order', enters: 'holding', code: 'order.filled' },
  { type: 'order', enters: 'closed', event: 'order.forceClose', code: 'order.forceClosed' },
  { type: 'blockApplication', enters: 'approved', code: 'blockApplication.approved' },
  { type: 'blockApplication', enters: 'rejected', code: 'blockApplication.rejected' },
  // IPO subscriptions (machines/subscription.ts), once their lifecycle is registered.
  { type: 'subscription', enters: 'won.pendingPayment', code: 'subscription.won' },
  { type: 'subscription', enters: 'notWon', code: 'subscription.notWon' },
  { type: 'subscription', enters: 'waived', code: 'subscription.waived' },
  { type: 'subscription', enters: 'listed', code: 'subscription.listed' },
];

/** The rule a transition matches, or null: entered `enters` (and sent `event`, if named). */
export function ruleFor(
  transition: { type: string; from: string; to: string; event: string },
  rules: readonly MessageRule[] = MESSAGE_RULES,
): MessageRule | null {
  return (
    rules.find(
      (rule) =>
        rule.type === transition.type &&
        (rule.event === undefined || rule.event === transition.event) &&
        isInState(transition.to, rule.enters) &&
        !isInState(transition.from, rule.enters),
    ) ?? null
  );
}

type Notice = TransitionNotice;
type SubjectOf = (tx: Transaction, notice: Notice) => Promise<MessageSubject | null>;

const reasonOf = (notice: Notice): MessageParams => {
  const context = notice.context as { rejectionReason?: unknown } | null;
  return typeof context?.rejectionReason === 'string' ? { reason: context.rejectionReason } : {};
};

const numberIn = (value: unknown, key: string): number | null => {
  const found = (value as Record<string, unknown> | null)?.[key];
  return typeof found === 'number' ? found : null;
};

/** Whose entity it is and the facts the texts name, per lifecycle type. */
const SUBJECTS: Record<string, SubjectOf> = {
  kyc: (_tx, notice) => Promise.resolve({ customerId: notice.id, params: reasonOf(notice) }),
  async deposit(tx, notice) {
    const [row] = await tx
      .select({
        customerId: deposits.customerId,
        amount: deposits.amount,
        currency: deposits.currency,
      })
      .from(deposits)
      .where(eq(deposits.id, notice.id));
    return row
      ? {
          customerId: row.customerId,
          params: {
            orderNo: depositOrderNo(notice.id),
            amount: row.amount,
            currency: row.currency,
            ...reasonOf(notice),
          },
        }
      : null;
  },
  async withdrawal(tx, notice) {
    const [row] = await tx
      .select({
        customerId: withdrawals.customerId,
        amount: withdrawals.amount,
        currency: withdrawals.currency,
      })
      .from(withdrawals)
      .where(eq(withdrawals.id, notice.id));
    return row
      ? {
          customerId: row.customerId,
          params: {
            orderNo: orderNoOf(notice.id),
            amount: row.amount,
            currency: row.currency,
            ...reasonOf(notice),
          },
        }
      : null;
  },
  async order(tx, notice) {
    const [row] = await tx
      .select({ customerId: tradeOrders.customerId, symbol: tradeOrders.symbol })
      .from(tradeOrders)
      .where(eq(tradeOrders.id, notice.id));
    // A fill's price, or a close's.
    const price =
      numberIn(notice.context, 'closePrice') ?? numberIn(notice.context, 'fillPrice') ?? 0;
    return row ? { customerId: row.customerId, params: { symbol: row.symbol, price } } : null;
  },
  async blockApplication(tx, notice) {
    const [row] = await tx
      .select({
        customerId: blockApplications.customerId,
        shares: blockApplications.shares,
        symbol: blockOfferings.symbol,
      })
      .from(blockApplications)
      .innerJoin(blockOfferings, eq(blockOfferings.id, blockApplications.offeringId))
      .where(eq(blockApplications.id, notice.id));
    return row
      ? {
          customerId: row.customerId,
          params: { symbol: row.symbol, shares: row.shares, ...reasonOf(notice) },
        }
      : null;
  },
  // The IPO server keeps subscriptions in a table of its own: found through the lifecycle's
  // storage, by the convention that an entity a customer owns has `id` and `customer_id`.
  async subscription(tx, notice) {
    const customerId = await ownerByConvention(tx, notice);
    const shares = numberIn(notice.context, 'allotted');
    const params: MessageParams = shares === null ? {} : { shares };
    return customerId === null ? null : { customerId, params };
  },
};

async function ownerByConvention(tx: Transaction, notice: Notice): Promise<number | null> {
  const table = notice.lifecycle.storage.columns.table;
  const result = await tx.execute(
    sql`select customer_id from ${sql.identifier(table)} where id = ${notice.id}`,
  );
  // Both drivers answer `{ rows }`; drizzle types the raw result as unknown.
  const owner = (result as { rows: { customer_id?: unknown }[] }).rows[0]?.customer_id;
  return typeof owner === 'number' ? owner : null;
}

/** The customer and the text's facts for a transition's entity; null when it has no owner. */
export function subjectOf(tx: Transaction, notice: Notice): Promise<MessageSubject | null> {
  const find = Object.hasOwn(SUBJECTS, notice.lifecycle.type)
    ? SUBJECTS[notice.lifecycle.type]
    : undefined;
  return find
    ? find(tx, notice)
    : ownerByConvention(tx, notice).then((customerId) =>
        customerId === null ? null : { customerId, params: {} },
      );
}
