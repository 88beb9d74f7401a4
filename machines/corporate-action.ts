import { assign, setup } from 'xstate';
import { defineLifecycleMachine, stateMeta } from './lifecycle';

/**
 * A corporate action on the calendar staff keep (issue 12, docs/corporate-actions.md): a cash
 * dividend or a rights issue on one listed symbol. Announced, it may still be edited; on the
 * record date (a job) the holders of open `stock` positions are written down as entitled; on the
 * payment date (a job) a dividend is paid (`paid`) or a rights issue's new shares list (`ended`).
 * Staff may cancel it with a reason until then.
 *
 * Which of `corporate.pay` and `corporate.end` an action takes depends on its kind; the server
 * schedules only the one its kind uses and refuses the other (docs/corporate-actions.md), so the
 * machine stays free of the kind.
 */
export type CorporateActionEvent =
  /** The record date came (a job): the entitled holders are written down. */
  | { type: 'corporate.record' }
  /** A dividend's payment date came (a job): every entitled holder is paid, net of tax. */
  | { type: 'corporate.pay' }
  /** A rights issue's listing date came (a job): the offer is over. */
  | { type: 'corporate.end' }
  /** Staff withdraw the action with the reason customers read. */
  | { type: 'corporate.cancel'; reason: string };

export interface CorporateActionContext {
  cancelReason: string | null;
}

const meta = stateMeta<CorporateActionEvent>;

const hasReason = ({ event }: { event: CorporateActionEvent }) =>
  event.type === 'corporate.cancel' &&
  typeof event.reason === 'string' &&
  event.reason.trim() !== '';

/** An action that is over refuses everything. */
const over = {
  'corporate.record': 'corporate.closed',
  'corporate.pay': 'corporate.closed',
  'corporate.end': 'corporate.closed',
  'corporate.cancel': 'corporate.closed',
} as const;

export const corporateActionMachine = setup({
  types: {
    context: {} as CorporateActionContext,
    events: {} as CorporateActionEvent,
  },
  guards: { hasReason },
  actions: {
    recordReason: assign({
      cancelReason: ({ event }) => (event.type === 'corporate.cancel' ? event.reason.trim() : null),
    }),
  },
}).createMachine({
  id: 'corporateAction',
  context: { cancelReason: null },
  initial: 'announced',
  states: {
    announced: {
      meta: meta({
        tone: 'info',
        refusals: {
          'corporate.pay': 'corporate.not_recorded',
          'corporate.end': 'corporate.not_recorded',
          'corporate.cancel': 'corporate.reason_required',
        },
      }),
      on: {
        'corporate.record': { target: 'recorded' },
        'corporate.cancel': { target: 'cancelled', guard: 'hasReason', actions: 'recordReason' },
      },
    },
    recorded: {
      meta: meta({
        tone: 'warning',
        refusals: {
          'corporate.record': 'corporate.already_recorded',
          'corporate.cancel': 'corporate.reason_required',
        },
      }),
      on: {
        'corporate.pay': { target: 'paid' },
        'corporate.end': { target: 'ended' },
        'corporate.cancel': { target: 'cancelled', guard: 'hasReason', actions: 'recordReason' },
      },
    },
    paid: { type: 'final', meta: meta({ tone: 'success', refusals: over }) },
    ended: { type: 'final', meta: meta({ tone: 'neutral', refusals: over }) },
    cancelled: { type: 'final', meta: meta({ tone: 'danger', refusals: over }) },
  },
});

export const corporateActionLifecycle = defineLifecycleMachine<CorporateActionEvent>({
  machine: corporateActionMachine,
  version: 1,
  sampleEvents: [
    { type: 'corporate.record' },
    { type: 'corporate.pay' },
    { type: 'corporate.end' },
    { type: 'corporate.cancel', reason: 'The issuer withdrew it' },
    { type: 'corporate.cancel', reason: '' },
  ],
});
