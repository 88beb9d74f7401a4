import { animationFrameScheduler, auditTime } from 'rxjs';
import type { MonoTypeOperatorFunction, SchedulerLike } from 'rxjs';

/**
 * Lets through at most one value per display frame: the latest. A view fed 50 updates a second
 * renders no more often than the screen refreshes, and never shows a value older than the last.
 * The scheduler is injectable so marble tests can run it on virtual time.
 */
export function conflateToFrame<T>(
  scheduler: SchedulerLike = animationFrameScheduler,
): MonoTypeOperatorFunction<T> {
  return auditTime<T>(0, scheduler);
}
