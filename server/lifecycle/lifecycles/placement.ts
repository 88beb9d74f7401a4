import { eq } from 'drizzle-orm';
import type {
  PlacementApplicationContext,
  PlacementApplicationEvent,
} from '../../../machines/placement-application';
import { placementApplicationLifecycle as applicationDefinition } from '../../../machines/placement-application';
import type { OfferingWindowContext, OfferingWindowEvent } from '../../../machines/offering-window';
import {
  auctionLifecycle as auctionDefinition,
  placementLifecycle as placementDefinition,
} from '../../../machines/offering-window';
import type { AuctionBidContext, AuctionBidEvent } from '../../../machines/auction-bid';
import { auctionBidLifecycle as bidDefinition } from '../../../machines/auction-bid';
import type { Transaction } from '../../db/connect';
import { auctionBids, auctions, placementApplications, placements } from '../../db/schema';
import { tableStorage } from '../table-storage';
import type { Lifecycle } from '../types';

/**
 * Placements and auctions (docs/placements.md): the two windows staff set up, a customer's
 * placement application and a sealed bid. The windows' clock events are the times staff set,
 * read from the row when the state that waits for them is entered (publish, open).
 */

const HOUR_MS = 60 * 60 * 1000;

async function placementRow(tx: Transaction, id: number) {
  const [row] = await tx.select().from(placements).where(eq(placements.id, id));
  if (!row) throw new Error(`placement ${id} not found`);
  return row;
}

async function auctionRow(tx: Transaction, id: number) {
  const [row] = await tx.select().from(auctions).where(eq(auctions.id, id));
  if (!row) throw new Error(`auction ${id} not found`);
  return row;
}

export const placementLifecycle: Lifecycle<OfferingWindowContext, OfferingWindowEvent> = {
  type: 'placement',
  definition: placementDefinition,
  storage: tableStorage<OfferingWindowContext>(placements, {
    id: placements.id,
    state: placements.state,
    context: placements.context,
    version: placements.version,
  }),
  notFound: 'placement.not_found',
  clock: {
    opensAt: async (tx, { id }) => (await placementRow(tx, id)).opensAt,
    closesAt: async (tx, { id }) => (await placementRow(tx, id)).closesAt,
  },
};

export const placementApplicationLifecycle: Lifecycle<
  PlacementApplicationContext,
  PlacementApplicationEvent
> = {
  type: 'placementApplication',
  definition: applicationDefinition,
  storage: tableStorage<PlacementApplicationContext>(placementApplications, {
    id: placementApplications.id,
    state: placementApplications.state,
    context: placementApplications.context,
    version: placementApplications.version,
  }),
  notFound: 'placement.not_found',
  clock: {
    /** The placement's payment time after its allotment (set up with the placement). */
    paymentDeadline: async (tx, { id, now }) => {
      const [row] = await tx
        .select({ hours: placements.paymentHours })
        .from(placementApplications)
        .innerJoin(placements, eq(placements.id, placementApplications.placementId))
        .where(eq(placementApplications.id, id));
      if (!row) throw new Error(`placement application ${id} not found`);
      return new Date(now.getTime() + row.hours * HOUR_MS);
    },
  },
};

export const auctionLifecycle: Lifecycle<OfferingWindowContext, OfferingWindowEvent> = {
  type: 'auction',
  definition: auctionDefinition,
  storage: tableStorage<OfferingWindowContext>(auctions, {
    id: auctions.id,
    state: auctions.state,
    context: auctions.context,
    version: auctions.version,
  }),
  notFound: 'auction.not_found',
  clock: {
    opensAt: async (tx, { id }) => (await auctionRow(tx, id)).opensAt,
    closesAt: async (tx, { id }) => (await auctionRow(tx, id)).closesAt,
  },
};

/** Bids have no clock events: the auction's close decides them all. */
export const auctionBidLifecycle: Lifecycle<AuctionBidContext, AuctionBidEvent> = {
  type: 'auctionBid',
  definition: bidDefinition,
  storage: tableStorage<AuctionBidContext>(auctionBids, {
    id: auctionBids.id,
    state: auctionBids.state,
    context: auctionBids.context,
    version: auctionBids.version,
  }),
  notFound: 'auction.not_found',
};
