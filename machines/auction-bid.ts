import { assertEvent, assign, setup } from 'xstate';
import { defineLifecycleMachine, stateMeta } from './lifecycle';

/**
 * A sealed bid in an auction (issue 12, docs/placements.md): placed while the auction is in
 * progress, price × shares held at once; at the close the published rule (price, then time) gives
 * it shares (won, at its own price: the shares become a position) or none (lost: released).
 */
export type AuctionBidEvent = { type: 'auction.result'; shares: number; at: string };

export interface AuctionBidContext {
  /** Shares won at the close; null before it. */
  won: number | null;
  decidedAt: string | null;
}

const meta = stateMeta<AuctionBidEvent>;

const validResult = (event: AuctionBidEvent) =>
  Number.isSafeInteger(event.shares) && event.shares >= 0 && Number.isFinite(Date.parse(event.at));

const decided = { 'auction.result': 'auction.already_decided' } as const;

export const auctionBidMachine = setup({
  types: {
    context: {} as AuctionBidContext,
    events: {} as AuctionBidEvent,
  },
  guards: {
    won: ({ event }) => validResult(event) && event.shares > 0,
    lost: ({ event }) => validResult(event) && event.shares === 0,
  },
  actions: {
    recordResult: assign(({ event }) => {
      assertEvent(event, 'auction.result');
      return { won: event.shares, decidedAt: event.at };
    }),
  },
}).createMachine({
  id: 'auctionBid',
  context: { won: null, decidedAt: null },
  initial: 'placed',
  states: {
    placed: {
      meta: meta({ tone: 'info', refusals: { 'auction.result': 'auction.invalid_result' } }),
      on: {
        'auction.result': [
          { target: 'won', guard: 'won', actions: 'recordResult' },
          { target: 'lost', guard: 'lost', actions: 'recordResult' },
        ],
      },
    },
    won: { type: 'final', meta: meta({ tone: 'success', refusals: decided }) },
    lost: { type: 'final', meta: meta({ tone: 'neutral', refusals: decided }) },
  },
});

export const auctionBidLifecycle = defineLifecycleMachine<AuctionBidEvent>({
  machine: auctionBidMachine,
  version: 1,
  sampleEvents: [
    { type: 'auction.result', shares: 10, at: '2026-03-02T06:00:00.000Z' },
    { type: 'auction.result', shares: 0, at: '2026-03-02T06:00:00.000Z' },
  ],
});
