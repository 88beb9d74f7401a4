import { array, number, object, string } from 'yup';

/**
 * Every lifecycle entity type. The machines (machines/index.ts) and the server's storage
 * (server/lifecycle/registry.ts) are keyed by this list, so the typechecker refuses a lifecycle
 * missing from any of them.
 */
export const LIFECYCLE_ENTITY_TYPES = [
  'kyc',
  'account',
  'deposit',
  'withdrawal',
  'order',
  'blockApplication',
  // Corporate actions: dividends and rights issues (docs/corporate-actions.md)
  'corporateAction',
  'rightsApplication',
  // IPO subscriptions (issue 12)
  'subscription',
  // Service (issue 13)
  'seatAccount',
  // News (issue 13)
  'newsArticle',
  // Placements and auctions (issue 12, docs/placements.md)
  'placement',
  'placementApplication',
  'auction',
  'auctionBid',
  // Customer service (issue 13, docs/support.md)
  'conversation',
] as const;
export type LifecycleEntityType = (typeof LIFECYCLE_ENTITY_TYPES)[number];

/**
 * What every status answer carries about its lifecycle: the state (leaf paths joined by `,`), the
 * version to send back with a decision, and the events the machine accepts now, which is what
 * screens show actions from.
 */
export const lifecycleStatusFields = {
  state: string().required(),
  version: number().integer().required(),
  accepts: array(string().required()).required(),
};
export const lifecycleStatus = object(lifecycleStatusFields);
