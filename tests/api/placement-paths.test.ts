import { placementLifecycle } from '../../server/lifecycle';
import { describeOfferingWindowPaths } from './offering-window-paths';
import { draftPlacement } from './placement-helpers';

/**
 * Every path of a placement's window: published by an operator (`/offerings/placement/publish`),
 * opened to applications by its opening job and closed (and allotted) by its closing job. Staff
 * have no event that opens, closes or allots a window: only its jobs do.
 */
describeOfferingWindowPaths({
  name: 'placement',
  lifecycle: placementLifecycle,
  publishPath: '/offerings/placement/publish',
  draft: draftPlacement,
});
