import type { AnyStateMachine } from 'xstate';
import { KYC_MACHINE_VERSION, kycMachine } from './kyc';

/** Every lifecycle machine, by entity type, with the version written into transition records. */
export const LIFECYCLES: Record<string, { machine: AnyStateMachine; version: number }> = {
  kyc: { machine: kycMachine, version: KYC_MACHINE_VERSION },
};

export { decide, NOT_ALLOWED } from './decide';
export type { Decision, PersistedLifecycle } from './decide';
export { chartNodes, describeChart, renderChartSvg } from './chart';
export type {
  ChartModel,
  ChartEdge,
  ChartNode,
  ChartNodeKind,
  ChartOptions,
  TakenStep,
} from './chart';
