import { assertEvent, assign, setup } from 'xstate';
import { defineLifecycleMachine, stateMeta } from './lifecycle';

/**
 * A customer's IPO subscription (issue 12, docs/ipo.md): made while the offering takes
 * subscriptions, with the deposit (a share of offer price × shares) held at once; when the window
 * closes it waits for the draw; the draw (a job on the draw date) allots shares or none; an
 * allotment is paid (the customer, before the deadline) or waived (the customer, or the deadline
 * passing); paid shares are listed on the listing day and become a position.
 *
 * The clock's events (window close, draw, payment deadline, listing) are jobs; the draw's result
 * comes in its event, computed by the published rule (contract/ipo-draw.ts), so the machine only
 * records it. Events carry what they change, so the guards run the same everywhere.
 */
export type SubscriptionEvent =
  /** The subscription window closed (a job at the offering's close). */
  | { type: 'window.close' }
  /** The draw allotted `shares` (0: none) at `at`. */
  | { type: 'draw.result'; shares: number; at: string }
  /** The customer pays the allotment. */
  | { type: 'subscription.pay' }
  /** The customer gives the allotment up. */
  | { type: 'subscription.waive' }
  /** The payment deadline passed unpaid (a job). */
  | { type: 'payment.deadline' }
  /** Listing day: the paid shares become a position (a job). */
  | { type: 'listing' };

export interface SubscriptionContext {
  /** Shares allotted by the draw; null before it. */
  allotted: number | null;
  drawnAt: string | null;
  waivedBy: 'customer' | 'deadline' | null;
}

const meta = stateMeta<SubscriptionEvent>;

const isWhole = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const validResult = (event: SubscriptionEvent) =>
  event.type === 'draw.result' && isWhole(event.shares) && Number.isFinite(Date.parse(event.at));

/** Refusals of a subscription past its draw that took nothing (not won, waived, listed). */
const ended = {
  'window.close': 'ipo.not_subscribing',
  'draw.result': 'ipo.already_drawn',
  'subscription.pay': 'ipo.not_pending_payment',
  'subscription.waive': 'ipo.not_pending_payment',
  'payment.deadline': 'ipo.not_pending_payment',
  listing: 'ipo.not_paid',
} as const;

export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
  },
  guards: {
    won: ({ event }) => validResult(event) && event.type === 'draw.result' && event.shares > 0,
    lost: ({ event }) => validResult(event) && event.type === 'draw.result' && event.shares === 0,
  },
  actions: {
    recordResult: assign(({ event }) => {
      assertEvent(event, 'draw.result');
      return { allotted: event.shares, drawnAt: event.at };
    }),
    waivedByCustomer: assign({ waivedBy: 'customer' as const }),
    waivedByDeadline: assign({ waivedBy: 'deadline' as const }),
  },
}).createMachine({
  id: 'subscription',
  context: { allotted: null, drawnAt: null, waivedBy: null },
  initial: 'subscribing',
  states: {
    subscribing: {
      meta: meta({
        tone: 'info',
        refusals: {
          'draw.result': 'ipo.not_drawn_yet',
          'subscription.pay': 'ipo.not_pending_payment',
          'subscription.waive': 'ipo.not_pending_payment',
          'payment.deadline': 'ipo.not_pending_payment',
          listing: 'ipo.not_paid',
        },
      }),
      on: { 'window.close': { target: 'awaitingDraw' } },
    },
    awaitingDraw: {
      meta: meta({
        tone: 'info',
        schedule: [{ event: 'draw.result', at: 'drawDate' }],
        refusals: {
          'window.close': 'ipo.not_subscribing',
          'draw.result': 'ipo.invalid_draw',
          'subscription.pay': 'ipo.not_pending_payment',
          'subscription.waive': 'ipo.not_pending_payment',
          'payment.deadline': 'ipo.not_pending_payment',
          listing: 'ipo.not_paid',
        },
      }),
      on: {
        'draw.result': [
          { target: 'won', guard: 'won', actions: 'recordResult' },
          { target: 'notWon', guard: 'lost', actions: 'recordResult' },
        ],
      },
    },
    won: {
      initial: 'pendingPayment',
      meta: meta({
        tone: 'success',
        refusals: {
          'window.close': 'ipo.not_subscribing',
          'draw.result': 'ipo.already_drawn',
          listing: 'ipo.not_paid',
        },
      }),
      states: {
        pendingPayment: {
          meta: meta({
            tone: 'warning',
            schedule: [{ event: 'payment.deadline', at: 'paymentDeadline' }],
          }),
          on: {
            'subscription.pay': { target: 'paid' },
            'subscription.waive': { target: '#subscription.waived', actions: 'waivedByCustomer' },
            'payment.deadline': { target: '#subscription.waived', actions: 'waivedByDeadline' },
          },
        },
        paid: {
          meta: meta({
            tone: 'success',
            schedule: [{ event: 'listing', at: 'listingDate' }],
            refusals: {
              'subscription.pay': 'ipo.not_pending_payment',
              'subscription.waive': 'ipo.not_pending_payment',
              'payment.deadline': 'ipo.not_pending_payment',
            },
          }),
          on: { listing: { target: '#subscription.listed' } },
        },
      },
    },
    notWon: { type: 'final', meta: meta({ tone: 'neutral', refusals: ended }) },
    waived: { type: 'final', meta: meta({ tone: 'neutral', refusals: ended }) },
    listed: { type: 'final', meta: meta({ tone: 'success', refusals: ended }) },
  },
});

export const subscriptionLifecycle = defineLifecycleMachine<SubscriptionEvent>({
  machine: subscriptionMachine,
  version: 1,
  sampleEvents: [
    { type: 'window.close' },
    { type: 'draw.result', shares: 20, at: '2026-12-03T01:00:00.000Z' },
    { type: 'draw.result', shares: 0, at: '2026-12-03T01:00:00.000Z' },
    { type: 'draw.result', shares: -1, at: '2026-12-03T01:00:00.000Z' },
    { type: 'subscription.pay' },
    { type: 'subscription.waive' },
    { type: 'payment.deadline' },
    { type: 'listing' },
  ],
});
