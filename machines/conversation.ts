import { assign, setup } from 'xstate';
import { defineLifecycleMachine, stateMeta } from './lifecycle';

/**
 * A customer-service conversation (issue 13, docs/support.md): one per customer, kept for good.
 * The customer's first message opens it (`waiting`, in the agents' queue); an agent takes it
 * (`assigned`), may hand it back to the queue (`chat.release`, also when going off shift) and
 * closes it. A customer writing again to a closed conversation reopens it (`reopened`, back in
 * the queue, marked as a returning conversation) until an agent takes it again.
 */
export type ConversationEvent =
  | { type: 'chat.assign' }
  | { type: 'chat.release' }
  | { type: 'chat.close' }
  | { type: 'chat.reopen' };

export interface ConversationContext {
  /** How often the conversation was reopened after being closed. */
  reopenings: number;
}

const meta = stateMeta<ConversationEvent>;

/** In the queue (new or reopened): only taking or closing it moves it. */
const queued = {
  'chat.release': 'support.not_assigned',
  'chat.reopen': 'support.not_closed',
} as const;

export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
  },
  actions: {
    countReopening: assign({ reopenings: ({ context }) => context.reopenings + 1 }),
  },
}).createMachine({
  id: 'conversation',
  context: { reopenings: 0 },
  initial: 'waiting',
  states: {
    waiting: {
      meta: meta({ tone: 'warning', refusals: queued }),
      on: {
        'chat.assign': { target: 'assigned' },
        'chat.close': { target: 'closed' },
      },
    },
    assigned: {
      meta: meta({
        tone: 'info',
        refusals: {
          'chat.assign': 'support.already_assigned',
          'chat.reopen': 'support.not_closed',
        },
      }),
      on: {
        'chat.release': { target: 'waiting' },
        'chat.close': { target: 'closed' },
      },
    },
    closed: {
      meta: meta({
        tone: 'neutral',
        refusals: {
          'chat.assign': 'support.closed',
          'chat.release': 'support.closed',
          'chat.close': 'support.closed',
        },
      }),
      on: { 'chat.reopen': { target: 'reopened', actions: 'countReopening' } },
    },
    reopened: {
      meta: meta({ tone: 'warning', refusals: queued }),
      on: {
        'chat.assign': { target: 'assigned' },
        'chat.close': { target: 'closed' },
      },
    },
  },
});

export const conversationLifecycle = defineLifecycleMachine<ConversationEvent>({
  machine: conversationMachine,
  version: 1,
  sampleEvents: [
    { type: 'chat.assign' },
    { type: 'chat.release' },
    { type: 'chat.close' },
    { type: 'chat.reopen' },
  ],
});
