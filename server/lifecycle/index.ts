export { applyEvent } from './apply-event';
export type { AppliedTransition, ApplyEventRequest } from './apply-event';
export { chartOf, transitionsOf } from './history';
export type { TransitionRecord } from './history';
export { inState } from './in-state';
export { DEFAULT_RETRY, listJobs, retryJob, runDueJobs, scheduleJob, startJobRunner } from './jobs';
export type { JobRecord, JobRunner, RetryPolicy, RunSummary } from './jobs';
export { LIFECYCLE_REGISTRY, isLifecycleEntityType, lifecycleOf } from './registry';
export { accountLifecycle } from './lifecycles/account';
export { kycLifecycle } from './lifecycles/kyc';
export { depositLifecycle } from './lifecycles/deposit';
export { withdrawalLifecycle } from './lifecycles/withdrawal';
export { orderLifecycle } from './lifecycles/order';
export { blockApplicationLifecycle } from './lifecycles/block-application';
export { corporateActionLifecycle } from './lifecycles/corporate-action';
export { rightsApplicationLifecycle } from './lifecycles/rights-application';
export { subscriptionLifecycle } from './lifecycles/subscription';
export { seatAccountLifecycle } from './lifecycles/seat-account';
export { newsArticleLifecycle } from './lifecycles/news-article';
export {
  auctionBidLifecycle,
  auctionLifecycle,
  placementApplicationLifecycle,
  placementLifecycle,
} from './lifecycles/placement';
// Customer service (issue 13, docs/support.md)
export { conversationLifecycle } from './lifecycles/conversation';
export { loadLifecycle, statusOf } from './status';
export type { LifecycleStatus } from './status';
export { subscribeTransitions } from './subscribers';
export type { TransitionNotice, TransitionSubscriber } from './subscribers';
export { tableStorage } from './table-storage';
export type { Actor, ClockRule, Lifecycle, LifecycleStorage, LoadedLifecycle } from './types';
