import type { LifecycleEntityType } from '../contract';
import { accountLifecycle } from './account';
import { kycLifecycle } from './kyc';
import type { LifecycleMachine } from './lifecycle';

/**
 * Every lifecycle machine, by the entity type the contract lists. The server adds how each is
 * stored (server/lifecycle/registry.ts); charts, the staff entity page and the path tests read
 * the machines from here.
 */
export const LIFECYCLES = {
  kyc: kycLifecycle,
  account: accountLifecycle,
} as const satisfies Record<LifecycleEntityType, LifecycleMachine>;

export { decide, acceptedEvents, resolvePersisted, NOT_ALLOWED } from './decide';
export type { Decision, PersistedLifecycle } from './decide';
export {
  defineLifecycleMachine,
  eventTypes,
  initialPersisted,
  metaOf,
  stateMeta,
  statePaths,
  toneOf,
} from './lifecycle';
export type { LifecycleMachine, Refusals, StateMeta, StateTone } from './lifecycle';
export { decodeStateValue, encodeStateValue, isInState, leafPaths } from './state-value';
export { chartNodes, describeChart, edgeTakenBy, renderChartSvg } from './chart';
export type {
  ChartModel,
  ChartEdge,
  ChartNode,
  ChartNodeKind,
  ChartOptions,
  TakenStep,
} from './chart';
