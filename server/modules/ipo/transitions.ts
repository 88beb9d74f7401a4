import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/connect';
import { ipoOfferings, ipoSubscriptions } from '../../db/schema';
import { subscribeTransitions, subscriptionLifecycle } from '../../lifecycle';
import type { TransitionNotice } from '../../lifecycle';
import { seoulDateOf, seoulDayOf } from '../../../contract';
import { publishListingNews } from '../news';
import { openFilledPosition } from '../trade/filled-position';
import { listingToHeld, payAllotment, releaseDeposit } from './ledger';
import { marketOf } from './offering-rows';

/**
 * The money of a subscription's transitions, in the transition's transaction whoever sends the
 * event (the customer's call, a job, the draw): a subscriber, as the order's release on cancel,
 * so a job's transition moves the same money as a call's. The ledger refusing (a payment the
 * available cash cannot cover) refuses the transition.
 */
async function settleTransition(tx: Transaction, notice: TransitionNotice): Promise<void> {
  if (notice.lifecycle.type !== subscriptionLifecycle.type || notice.from === notice.to) return;
  const [found] = await tx
    .select({ row: ipoSubscriptions, offering: ipoOfferings })
    .from(ipoSubscriptions)
    .innerJoin(ipoOfferings, eq(ipoOfferings.id, ipoSubscriptions.offeringId))
    .where(eq(ipoSubscriptions.id, notice.id));
  if (!found) return;
  const { row, offering } = found;
  const actor =
    notice.actor.id === null ? notice.actor.kind : `${notice.actor.kind}:${notice.actor.id}`;
  const now = notice.now;
  const set = (changes: Partial<typeof ipoSubscriptions.$inferInsert>) =>
    tx
      .update(ipoSubscriptions)
      .set({ ...changes, updatedAt: now })
      .where(eq(ipoSubscriptions.id, row.id));

  if (notice.to === 'notWon' || notice.to === 'waived') {
    await set({ refunded: await releaseDeposit(tx, row, actor) });
  } else if (notice.to === 'won.paid') {
    const s = await payAllotment(tx, row, row.context.allotted ?? 0, actor);
    await set({ paid: s.amount, refunded: s.refund });
  } else if (notice.to === 'listed') {
    const allotted = row.context.allotted ?? 0;
    await listingToHeld(tx, row, row.paid);
    const orderId = await openFilledPosition(tx, {
      customerId: row.customerId,
      product: 'stock',
      symbol: offering.symbol,
      market: marketOf(offering),
      price: row.offerPrice,
      shares: allotted,
      openFee: 0,
      // Only an unfilled order's expiry reads the session's end; this one is filled at once.
      demo: false,
      now,
    });
    await set({ orderId });
    // Listing day's market news (issue 13): written once per stock and day, however many
    // subscriptions list. An IPO listed here trades only in the app's simulated market.
    await publishListingNews(
      tx,
      {
        code: offering.symbol,
        nameKo: offering.name,
        nameEn: offering.nameEn,
        offerPrice: offering.offerPrice,
        listingDate: seoulDateOf(seoulDayOf(now.getTime())),
        simulated: true,
      },
      now,
    );
  } else {
    await set({});
  }
}

subscribeTransitions(settleTransition);
