import { eq } from 'drizzle-orm';
import type { SubscriptionContext, SubscriptionEvent } from '../../../machines/subscription';
import { subscriptionLifecycle as definition } from '../../../machines/subscription';
import type { Transaction } from '../../db/connect';
import { ipoOfferings, ipoSubscriptions } from '../../db/schema';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

type ScheduleColumn = 'drawAt' | 'paymentDeadline' | 'listingAt';

/** The offering's time for a clock rule, read in the transition's transaction. */
async function offeringTime(tx: Transaction, id: number, column: ScheduleColumn): Promise<Date> {
  const [row] = await tx
    .select({ at: ipoOfferings[column] })
    .from(ipoSubscriptions)
    .innerJoin(ipoOfferings, eq(ipoOfferings.id, ipoSubscriptions.offeringId))
    .where(eq(ipoSubscriptions.id, id));
  if (!row) throw new Error(`subscription ${id} has no offering`);
  return row.at;
}

/**
 * IPO subscriptions live in `ipo_subscriptions` (docs/ipo.md). The clock rules read the
 * offering's schedule. `window.close` is scheduled by the subscribing call (a subscription starts
 * in `subscribing`, which no transition enters). The draw itself is one job per offering
 * (server/modules/ipo/draw-job.ts) that sends each subscription its `draw.result`; the
 * subscription's own `drawDate` job then finds it drawn and ends skipped (`ipo.already_drawn`).
 */
export const subscriptionLifecycle: Lifecycle<SubscriptionContext, SubscriptionEvent> = {
  type: 'subscription',
  definition,
  storage: tableStorage<SubscriptionContext>(ipoSubscriptions, {
    id: ipoSubscriptions.id,
    state: ipoSubscriptions.state,
    context: ipoSubscriptions.context,
    version: ipoSubscriptions.version,
  }),
  notFound: 'ipo.subscription_not_found',
  clock: {
    drawDate: (tx, { id }) => offeringTime(tx, id, 'drawAt'),
    paymentDeadline: (tx, { id }) => offeringTime(tx, id, 'paymentDeadline'),
    listingDate: (tx, { id }) => offeringTime(tx, id, 'listingAt'),
  },
};
