import { assign, setup } from 'xstate';
import { defineLifecycleMachine, stateMeta } from './lifecycle';

/**
 * A holder's application for new shares of a rights issue (issue 12, docs/corporate-actions.md):
 * made within the offer's window for at most the shares the record date entitled them to, with
 * issue price × shares held at once. When the window closes (a job) the hold is the payment
 * (`paid`); on the listing date (a job) the shares become a `stock` position at the issue price
 * (`listed`), as an approved block-trade application does. Staff may refuse an application with a
 * reason before the window closes, and one still applied for lapses when the issue is withdrawn;
 * both give the hold back.
 */
export type RightsApplicationEvent =
  /** The window closed (a job): the held amount pays for the shares. */
  | { type: 'rights.pay' }
  /** The listing date came (a job): the shares become a position. */
  | { type: 'rights.list' }
  /** Staff refuse the application with the reason the customer reads. */
  | { type: 'rights.refuse'; reason: string }
  /** The issue was withdrawn while the application waited (the system). */
  | { type: 'rights.lapse' };

export interface RightsApplicationContext {
  refusalReason: string | null;
}

const meta = stateMeta<RightsApplicationEvent>;

const hasReason = ({ event }: { event: RightsApplicationEvent }) =>
  event.type === 'rights.refuse' && typeof event.reason === 'string' && event.reason.trim() !== '';

const decided = {
  'rights.pay': 'corporate.not_applied',
  'rights.refuse': 'corporate.not_applied',
  'rights.lapse': 'corporate.not_applied',
} as const;

const over = { ...decided, 'rights.list': 'corporate.not_paid' } as const;

export const rightsApplicationMachine = setup({
  types: {
    context: {} as RightsApplicationContext,
    events: {} as RightsApplicationEvent,
  },
  guards: { hasReason },
  actions: {
    recordReason: assign({
      refusalReason: ({ event }) => (event.type === 'rights.refuse' ? event.reason.trim() : null),
    }),
  },
}).createMachine({
  id: 'rightsApplication',
  context: { refusalReason: null },
  initial: 'applied',
  states: {
    applied: {
      meta: meta({
        tone: 'warning',
        refusals: {
          'rights.list': 'corporate.not_paid',
          'rights.refuse': 'corporate.reason_required',
        },
      }),
      on: {
        'rights.pay': { target: 'paid' },
        'rights.refuse': { target: 'refused', guard: 'hasReason', actions: 'recordReason' },
        'rights.lapse': { target: 'lapsed' },
      },
    },
    paid: {
      meta: meta({
        tone: 'info',
        refusals: decided,
        schedule: [{ event: 'rights.list', at: 'listingAt' }],
      }),
      on: { 'rights.list': { target: 'listed' } },
    },
    listed: { type: 'final', meta: meta({ tone: 'success', refusals: over }) },
    refused: { type: 'final', meta: meta({ tone: 'danger', refusals: over }) },
    lapsed: { type: 'final', meta: meta({ tone: 'neutral', refusals: over }) },
  },
});

export const rightsApplicationLifecycle = defineLifecycleMachine<RightsApplicationEvent>({
  machine: rightsApplicationMachine,
  version: 1,
  sampleEvents: [
    { type: 'rights.pay' },
    { type: 'rights.list' },
    { type: 'rights.refuse', reason: 'Account under review' },
    { type: 'rights.refuse', reason: '' },
    { type: 'rights.lapse' },
  ],
});
