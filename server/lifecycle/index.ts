import type { LifecycleEntity } from './types';
import { kycEntity } from './entities/kyc';

export { applyEvent } from './apply-event';
export type { AppliedTransition, ApplyEventRequest } from './apply-event';
export { chartOf, transitionsOf } from './history';
export type { TransitionRecord } from './history';
export type { Actor, LifecycleEntity, LoadedLifecycle } from './types';
export { kycEntity };

/** Every persisted lifecycle by entity type, for the staff entity page. */
export const LIFECYCLE_ENTITIES: Record<string, LifecycleEntity<unknown>> = {
  kyc: kycEntity,
};
