import { auctionLifecycle } from '../../server/lifecycle';
import { describeOfferingWindowPaths } from './offering-window-paths';
import { draftAuction } from './placement-helpers';

/**
 * Every path of an auction's window: published by an operator (to be auctioned), started by its
 * opening job (in progress) and ended by its closing job. Staff have no event that picks winners.
 */
describeOfferingWindowPaths({
  name: 'auction',
  lifecycle: auctionLifecycle,
  publishPath: '/offerings/auction/publish',
  draft: draftAuction,
});
