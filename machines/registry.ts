import type { LifecycleEntityType } from '../contract';
import { accountLifecycle } from './account';
import { depositLifecycle } from './deposit';
import { kycLifecycle } from './kyc';
import { withdrawalLifecycle } from './withdrawal';
import { orderLifecycle } from './order';
import { blockApplicationLifecycle } from './block-application';
import { corporateActionLifecycle } from './corporate-action';
import { rightsApplicationLifecycle } from './rights-application';
import { subscriptionLifecycle } from './subscription';
import { seatAccountLifecycle } from './seat-account';
import { newsArticleLifecycle } from './news-article';
// Placements and auctions (issue 12)
import { auctionLifecycle, placementLifecycle } from './offering-window';
import { placementApplicationLifecycle } from './placement-application';
import { auctionBidLifecycle } from './auction-bid';
// Customer service (issue 13, docs/support.md)
import { conversationLifecycle } from './conversation';
import type { LifecycleMachine } from './lifecycle';

/**
 * Every lifecycle machine, by the entity type the contract lists. The server adds how each is
 * stored (server/lifecycle/registry.ts); charts, the staff entity page and the path tests read
 * the machines from here. Apart from index.ts, which also brings the chart layout (elkjs), so the
 * client can read it without that.
 */
export const LIFECYCLES = {
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
} as const satisfies Record<LifecycleEntityType, LifecycleMachine>;
