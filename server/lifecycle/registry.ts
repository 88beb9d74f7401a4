import type { LifecycleEntityType } from '../../contract';
import { LIFECYCLE_ENTITY_TYPES } from '../../contract';
import { accountLifecycle } from './lifecycles/account';
import { depositLifecycle } from './lifecycles/deposit';
import { kycLifecycle } from './lifecycles/kyc';
import { withdrawalLifecycle } from './lifecycles/withdrawal';
import { orderLifecycle } from './lifecycles/order';
import { blockApplicationLifecycle } from './lifecycles/block-application';
import { corporateActionLifecycle } from './lifecycles/corporate-action';
import { rightsApplicationLifecycle } from './lifecycles/rights-application';
import { subscriptionLifecycle } from './lifecycles/subscription';
import { seatAccountLifecycle } from './lifecycles/seat-account';
import { newsArticleLifecycle } from './lifecycles/news-article';
// Placements and auctions (issue 12)
import {
  auctionBidLifecycle,
  auctionLifecycle,
  placementApplicationLifecycle,
  placementLifecycle,
} from './lifecycles/placement';
// Customer service (issue 13, docs/support.md)
import { conversationLifecycle } from './lifecycles/conversation';
import type { Lifecycle } from './types';

/**
 * Every lifecycle the server runs, by entity type: the engine, the staff entity page, the job
 * runner and the path tests read it. Adding a lifecycle is a machine, a table, an entry here and
 * its module (docs/lifecycles.md).
 */
export const LIFECYCLE_REGISTRY = {
  kyc: kycLifecycle,
  account: accountLifecycle,
  deposit: depositLifecycle,
  withdrawal: withdrawalLifecycle,
  order: orderLifecycle,
  blockApplication: blockApplicationLifecycle,
  // Corporate actions (docs/corporate-actions.md)
  corporateAction: corporateActionLifecycle,
  rightsApplication: rightsApplicationLifecycle,
  // IPO subscriptions (issue 12)
  subscription: subscriptionLifecycle,
  seatAccount: seatAccountLifecycle,
  // News (issue 13)
  newsArticle: newsArticleLifecycle,
  // Placements and auctions (issue 12)
  placement: placementLifecycle,
  placementApplication: placementApplicationLifecycle,
  auction: auctionLifecycle,
  auctionBid: auctionBidLifecycle,
  // Customer service (issue 13, docs/support.md)
  conversation: conversationLifecycle,
} as const satisfies Record<LifecycleEntityType, Lifecycle>;

export function isLifecycleEntityType(type: string): type is LifecycleEntityType {
  return (LIFECYCLE_ENTITY_TYPES as readonly string[]).includes(type);
}

/** A lifecycle by its entity type as stored in transition records and jobs; null when unknown. */
export function lifecycleOf(type: string): Lifecycle | null {
  return isLifecycleEntityType(type) ? LIFECYCLE_REGISTRY[type] : null;
}
