import { setup } from 'xstate';
import type { ErrorCode } from '../contract';
import { defineLifecycleMachine, stateMeta } from './lifecycle';

/**
 * The window of a placement or an auction (issue 12, docs/placements.md): staff set it up as a
 * draft (edited freely), publish it (to be auctioned: no more edits), the clock opens it (in
 * progress: customers apply or bid) and closes it (ended: the allotment or the winners are
 * computed by the published rule in the same transaction, server-side). Staff never choose who
 * gets shares: no event here carries a customer.
 */
export type OfferingWindowEvent =
  /** Staff publish the set-up: the window's times are fixed from now on. */
  | { type: 'offering.publish' }
  /** The window opened (a job at its opening time). */
  | { type: 'window.open' }
  /** The window closed (a job at its closing time). */
  | { type: 'window.close' };

export type OfferingWindowContext = Record<string, never>;

/** The codes a window refuses with, per area (placement.* or auction.*). */
export interface WindowCodes {
  notDraft: ErrorCode;
  notScheduled: ErrorCode;
  notOpen: ErrorCode;
}

const meta = stateMeta<OfferingWindowEvent>;

/** One machine shape for both areas; each area's lifecycle names its own id and refusals. */
export function offeringWindowMachine(id: string, codes: WindowCodes) {
  return setup({
    types: {
      context: {},
      events: {} as OfferingWindowEvent,
    },
  }).createMachine({
    id,
    context: {},
    initial: 'draft',
    states: {
      draft: {
        meta: meta({
          tone: 'neutral',
          refusals: { 'window.open': codes.notScheduled, 'window.close': codes.notOpen },
        }),
        on: { 'offering.publish': { target: 'toBeAuctioned' } },
      },
      toBeAuctioned: {
        meta: meta({
          tone: 'info',
          schedule: [{ event: 'window.open', at: 'opensAt' }],
          refusals: { 'offering.publish': codes.notDraft, 'window.close': codes.notOpen },
        }),
        on: { 'window.open': { target: 'inProgress' } },
      },
      inProgress: {
        meta: meta({
          tone: 'warning',
          schedule: [{ event: 'window.close', at: 'closesAt' }],
          refusals: { 'offering.publish': codes.notDraft, 'window.open': codes.notScheduled },
        }),
        on: { 'window.close': { target: 'ended' } },
      },
      ended: {
        type: 'final',
        meta: meta({
          tone: 'success',
          refusals: {
            'offering.publish': codes.notDraft,
            'window.open': codes.notScheduled,
            'window.close': codes.notOpen,
          },
        }),
      },
    },
  });
}

const SAMPLES: OfferingWindowEvent[] = [
  { type: 'offering.publish' },
  { type: 'window.open' },
  { type: 'window.close' },
];

export const placementMachine = offeringWindowMachine('placement', {
  notDraft: 'placement.not_draft',
  notScheduled: 'placement.not_scheduled',
  notOpen: 'placement.closed',
});

export const auctionMachine = offeringWindowMachine('auction', {
  notDraft: 'auction.not_draft',
  notScheduled: 'auction.not_scheduled',
  notOpen: 'auction.closed',
});

export const placementLifecycle = defineLifecycleMachine<OfferingWindowEvent>({
  machine: placementMachine,
  version: 1,
  sampleEvents: SAMPLES,
});

export const auctionLifecycle = defineLifecycleMachine<OfferingWindowEvent>({
  machine: auctionMachine,
  version: 1,
  sampleEvents: SAMPLES,
});
