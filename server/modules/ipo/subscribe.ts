import { and, eq, sql } from 'drizzle-orm';
import type { InferType } from 'yup';
import type { ipoSubscribeRequest } from '../../../contract';
import { subscriptionDeposit } from '../../../contract';
import type { AppContext } from '../../app-context';
import type { LiveSession } from '../../auth/sessions';
import { customers, ipoSubscriptions } from '../../db/schema';
import { availableOf } from '../../ledger';
import { subscriptionLifecycle } from '../../lifecycle';
import { scheduleJob } from '../../lifecycle/jobs';
import { Refusal } from '../../refusal';
import { readSetting } from '../../settings';
import { assertMayTrade } from '../customers/restrictions';
import { verifyFundPassword } from '../fund-password';
import { holdDeposit } from './ledger';
import type { SubscriptionRow } from './ledger';
import { publishedOffering } from './offering-rows';

const won = (amount: number) => amount.toLocaleString('en-US');

/**
 * `/ipo/subscribe`, in the call's transaction (docs/ipo.md "Subscribing"). The checks in order:
 * the offering (published), the channel (`ipo.enabled`), the window, the minimum lot; then, under
 * the customer's row lock (so parallel requests of one account queue here), the N-times rule,
 * the minimum funds and the deposit against available cash; the fund password last. Then the
 * row, the deposit held (available → ipo_deposit) and its window-close job.
 */
export async function subscribe(
  maru: AppContext,
  session: LiveSession,
  body: InferType<typeof ipoSubscribeRequest>,
  source: string | null,
): Promise<SubscriptionRow> {
  const { db } = maru;
  const customerId = session.customer.id;
  const now = maru.clock.now();
  const offering = await publishedOffering(db, body.id);
  if ((await readSetting(db, 'ipo.enabled')) !== 1) throw new Refusal('ipo.channel_closed');
  if (now.getTime() < offering.opensAt.getTime()) throw new Refusal('ipo.not_open_yet');
  if (now.getTime() >= offering.closesAt.getTime()) throw new Refusal('ipo.closed');
  assertMayTrade(session.customer);
  if (body.shares < offering.minShares) {
    throw new Refusal('ipo.below_min_shares', { min: won(offering.minShares) });
  }

  // One account's subscriptions queue on its row: the count and the balance read below stay
  // true until this transaction ends (tests/api/ipo-races.test.ts).
  await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(ipoSubscriptions)
    .where(
      and(
        eq(ipoSubscriptions.customerId, customerId),
        eq(ipoSubscriptions.offeringId, offering.id),
      ),
    );
  if ((counted?.n ?? 0) >= offering.maxTimes) {
    throw new Refusal('ipo.too_many_times', { max: offering.maxTimes });
  }
  const available = await availableOf(db, customerId, 'KRW');
  if (available < offering.minFunds) {
    throw new Refusal('ipo.below_min_funds', { min: won(offering.minFunds) });
  }
  const deposit = subscriptionDeposit(offering.offerPrice, body.shares, offering.depositPct);
  if (!Number.isSafeInteger(deposit) || deposit > available) {
    throw new Refusal('ipo.insufficient_funds');
  }
  await verifyFundPassword(db, customerId, body.fundPassword, { source });

  const [row] = await db
    .insert(ipoSubscriptions)
    .values({
      offeringId: offering.id,
      customerId,
      shares: body.shares,
      offerPrice: offering.offerPrice,
      deposit,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('subscription insert returned no row');
  await holdDeposit(db, row);
  // The row starts in `subscribing` without a transition: its window-close job is written here.
  await scheduleJob(
    db,
    {
      entityType: subscriptionLifecycle.type,
      entityId: row.id,
      event: { type: 'window.close' },
      dueAt: offering.closesAt,
    },
    now,
  );
  return row;
}
