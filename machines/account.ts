import { assign, setup } from 'xstate';
import type { AccountStateName } from '../contract';
import { ACCOUNT_STATE_NAMES } from '../contract';
import { defineLifecycleMachine, stateMeta } from './lifecycle';

/**
 * The restrictions staff put on a customer's account, each set and cleared with a reason. One
 * parallel region per restriction (`off` / `on`), so they combine freely and each change is a
 * transition in the account's history with who did it and why.
 */
export const ACCOUNT_EVENTS = {
  frozen: { set: 'account.freeze', clear: 'account.unfreeze' },
  disabled: { set: 'account.disable', clear: 'account.enable' },
  loginBanned: { set: 'account.banLogin', clear: 'account.allowLogin' },
  tradingBarred: { set: 'account.barTrading', clear: 'account.allowTrading' },
  withdrawalBarred: { set: 'account.barWithdrawal', clear: 'account.allowWithdrawal' },
} as const satisfies Record<AccountStateName, { set: string; clear: string }>;

type EventTypeOf<K extends AccountStateName> =
  (typeof ACCOUNT_EVENTS)[K]['set'] | (typeof ACCOUNT_EVENTS)[K]['clear'];

export type AccountEvent = { type: EventTypeOf<AccountStateName>; reason: string };

export interface AccountContext {
  /** The reason staff gave for each restriction now in force, which the customer is shown. */
  reasons: Partial<Record<AccountStateName, string>>;
}

const meta = stateMeta<AccountEvent>;

const hasReason = ({ event }: { event: AccountEvent }) =>
  typeof event.reason === 'string' && event.reason.trim() !== '';

function region(name: AccountStateName) {
  const { set, clear } = ACCOUNT_EVENTS[name];
  return {
    initial: 'off' as const,
    states: {
      off: {
        meta: meta({
          refusals: { [set]: 'account.reason_required', [clear]: 'account.state_not_set' },
        }),
        on: {
          [set]: {
            target: 'on',
            guard: 'hasReason',
            actions: assign({
              reasons: ({ context, event }: { context: AccountContext; event: AccountEvent }) => ({
                ...context.reasons,
                [name]: event.reason.trim(),
              }),
            }),
          },
        },
      },
      on: {
        meta: meta({
          tone: name === 'frozen' || name === 'disabled' ? 'danger' : 'warning',
          refusals: { [set]: 'account.state_already_set', [clear]: 'account.reason_required' },
        }),
        on: {
          [clear]: {
            target: 'off',
            guard: 'hasReason',
            actions: assign({
              reasons: ({ context }: { context: AccountContext }) => {
                const { [name]: _cleared, ...rest } = context.reasons;
                return rest;
              },
            }),
          },
        },
      },
    },
  };
}

export const accountMachine = setup({
  types: { context: {} as AccountContext, events: {} as AccountEvent },
  guards: { hasReason },
}).createMachine({
  id: 'account',
  type: 'parallel',
  context: { reasons: {} },
  states: Object.fromEntries(ACCOUNT_STATE_NAMES.map((name) => [name, region(name)])),
});

/** The restrictions in force in an encoded account state (`frozen.on,disabled.off,…`). */
export function restrictionsOf(encoded: string): Record<AccountStateName, boolean> {
  const active = new Set(encoded.split(','));
  return Object.fromEntries(
    ACCOUNT_STATE_NAMES.map((name) => [name, active.has(`${name}.on`)]),
  ) as Record<AccountStateName, boolean>;
}

export const accountLifecycle = defineLifecycleMachine<AccountEvent>({
  machine: accountMachine,
  version: 1,
  sampleEvents: ACCOUNT_STATE_NAMES.flatMap((name) => [
    { type: ACCOUNT_EVENTS[name].set, reason: 'Sample reason' },
    { type: ACCOUNT_EVENTS[name].clear, reason: 'Sample reason' },
  ]),
});
