import { assertEvent, assign, setup } from 'xstate';
import { defineLifecycleMachine, stateMeta } from './lifecycle';

/**
 * A customer's application for a placement (issue 12, docs/placements.md): made while the
 * placement is in progress, with a deposit held at once; when the window closes the allotment
 * (computed server-side by the placement's published tiers) allots shares or none; allotted shares
 * wait for payment (the customer pays up the rest before the deadline, or the deadline passes and
 * the application is cancelled); paid-up shares become a position at the placement price.
 */
export type PlacementApplicationEvent =
  /** The placement's allotment gave this application `shares` (0: none) at `at`. */
  | { type: 'allotment'; shares: number; at: string }
  /** The customer pays up the allotment. */
  | { type: 'placement.pay' }
  /** The payment deadline passed unpaid (a job). */
  | { type: 'payment.deadline' };

export interface PlacementApplicationContext {
  /** Shares allotted; null before the allotment. */
  allotted: number | null;
  allottedAt: string | null;
}

const meta = stateMeta<PlacementApplicationEvent>;

const validAllotment = (event: PlacementApplicationEvent) =>
  event.type === 'allotment' &&
  Number.isSafeInteger(event.shares) &&
  event.shares >= 0 &&
  Number.isFinite(Date.parse(event.at));

/** The refusals of an application that is over (rejected, cancelled, paid up). */
const over = {
  allotment: 'placement.already_allotted',
  'placement.pay': 'placement.not_pending_payment',
  'payment.deadline': 'placement.not_pending_payment',
} as const;

export const placementApplicationMachine = setup({
  types: {
    context: {} as PlacementApplicationContext,
    events: {} as PlacementApplicationEvent,
  },
  guards: {
    allotted: ({ event }) =>
      validAllotment(event) && event.type === 'allotment' && event.shares > 0,
    none: ({ event }) => validAllotment(event) && event.type === 'allotment' && event.shares === 0,
  },
  actions: {
    recordAllotment: assign(({ event }) => {
      assertEvent(event, 'allotment');
      return { allotted: event.shares, allottedAt: event.at };
    }),
  },
}).createMachine({
  id: 'placementApplication',
  context: { allotted: null, allottedAt: null },
  initial: 'applied',
  states: {
    applied: {
      meta: meta({
        tone: 'info',
        refusals: {
          allotment: 'placement.invalid_allotment',
          'placement.pay': 'placement.not_pending_payment',
          'payment.deadline': 'placement.not_pending_payment',
        },
      }),
      on: {
        allotment: [
          { target: 'allotted', guard: 'allotted', actions: 'recordAllotment' },
          { target: 'rejected', guard: 'none', actions: 'recordAllotment' },
        ],
      },
    },
    allotted: {
      initial: 'pendingPayment',
      meta: meta({ tone: 'success', refusals: { allotment: 'placement.already_allotted' } }),
      states: {
        pendingPayment: {
          meta: meta({
            tone: 'warning',
            schedule: [{ event: 'payment.deadline', at: 'paymentDeadline' }],
          }),
          on: {
            'placement.pay': { target: 'paidUp' },
            'payment.deadline': { target: '#placementApplication.cancelled' },
          },
        },
        paidUp: { type: 'final', meta: meta({ tone: 'success', refusals: over }) },
      },
    },
    rejected: { type: 'final', meta: meta({ tone: 'neutral', refusals: over }) },
    cancelled: { type: 'final', meta: meta({ tone: 'danger', refusals: over }) },
  },
});

export const placementApplicationLifecycle = defineLifecycleMachine<PlacementApplicationEvent>({
  machine: placementApplicationMachine,
  version: 1,
  sampleEvents: [
    { type: 'allotment', shares: 10, at: '2026-03-02T06:00:00.000Z' },
    { type: 'allotment', shares: 0, at: '2026-03-02T06:00:00.000Z' },
    { type: 'placement.pay' },
    { type: 'payment.deadline' },
  ],
});
