import type { TFunction } from 'i18next';
import type { AnyStateMachine } from 'xstate';
import type { FundOrderKind, FundRecordType } from '../../contract/schemas/funds';
import type { LifecycleMachine } from '../../machines/lifecycle';
import { initialPersisted } from '../../machines/lifecycle';
import { LIFECYCLES } from '../../machines/registry';
import type { LifecycleWords } from '../lifecycle/words';
import { paletteOf, topStateOf } from '../lifecycle/tones';

/** The record tabs in the spec's order, and the fund-order kind whose rows each lists. */
export const RECORD_TABS: readonly FundRecordType[] = ['trade', 'recharge', 'withdraw', 'exchange'];
export const KIND_OF_TAB: Partial<Record<FundRecordType, FundOrderKind>> = {
  recharge: 'deposit',
  withdraw: 'withdrawal',
};
export const TAB_OF_KIND: Record<FundOrderKind, FundRecordType> = {
  deposit: 'recharge',
  withdrawal: 'withdraw',
};

/**
 * The machine of a fund-order kind from the lifecycle registry (its `deposit` and `withdrawal`
 * entries), or null while a kind is not registered: its rows then read neutral.
 */
export function fundOrderMachine(kind: FundOrderKind): AnyStateMachine | null {
  const registry: Partial<Record<string, LifecycleMachine>> = LIFECYCLES;
  return registry[kind]?.machine ?? null;
}

/** The top state an order of this kind is requested in: its machine's initial state. */
export function requestedState(kind: FundOrderKind): string {
  const machine = fundOrderMachine(kind);
  return machine ? topStateOf(initialPersisted(machine).state) : 'pending';
}

/** A record row's badge: the top state's words and the machine's tone. */
export function recordLook(
  words: LifecycleWords,
  kind: FundOrderKind | null,
  state: string,
  doneWord: string,
): { label: string; palette: string } {
  if (kind === null) return { label: doneWord, palette: 'green' };
  const machine = fundOrderMachine(kind);
  return {
    label: words.state(kind, topStateOf(state)),
    palette: machine ? paletteOf(machine, state) : 'gray',
  };
}

/** The journal entry kinds a trade row can carry, each with its words (`money.records.entryKind`). */
export const ENTRY_KINDS = [
  'adjustment',
  'trade_open',
  'trade_release',
  'trade_close',
  'block_hold',
  'block_release',
] as const;

/** What a trade row's journal entry was, in words; a kind this client does not know reads generic. */
export function entryKindWords(t: TFunction, kind: string): string {
  return (ENTRY_KINDS as readonly string[]).includes(kind)
    ? t(`money.records.entryKind.${kind}`)
    : t('money.records.entryKind.other');
}
