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

/** An ISO time in the reader's language, 24-hour clock. */
export function formatRecordTime(iso: string, language: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(language, { hour12: false, timeZone: 'Asia/Seoul' });
}

/**
 * A deadline as records show times; one at Seoul midnight reads as 24:00 of the day before, as
 * the promise is worded ("by 24:00 the next day"), not as 00:00 of a day later.
 */
export function formatRecordDeadline(iso: string, language: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const seoul = new Date(at + 9 * 3_600_000);
  if (seoul.getUTCHours() + seoul.getUTCMinutes() + seoul.getUTCSeconds() !== 0) {
    return formatRecordTime(iso, language);
  }
  const dayBefore = new Date(at - 1).toLocaleDateString(language, { timeZone: 'Asia/Seoul' });
  return `${dayBefore} 24:00:00`;
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
