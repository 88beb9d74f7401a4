export { LIFECYCLES } from './registry';

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
export {
  activeStatePaths,
  covers,
  decodeStateValue,
  encodeStateValue,
  isInState,
  leafPaths,
  leavesOf,
} from './state-value';
export { chartNodes, describeChart, edgeTakenBy, renderChartSvg } from './chart';
export type {
  ChartModel,
  ChartEdge,
  ChartNode,
  ChartNodeKind,
  ChartOptions,
  TakenStep,
} from './chart';
