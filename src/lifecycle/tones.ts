import type { AnyStateMachine } from 'xstate';
import type { StateTone } from '../../machines/lifecycle';
import { toneOf } from '../../machines/lifecycle';

/** The Chakra colour palette of each tone a machine's states name in their meta. */
export const TONE_PALETTE: Record<StateTone, string> = {
  neutral: 'gray',
  info: 'blue',
  warning: 'orange',
  success: 'green',
  danger: 'red',
};

/** The palette of an entity's badge, from the tone its machine gives the current state. */
export function paletteOf(machine: AnyStateMachine, state: string): string {
  return TONE_PALETTE[toneOf(machine, state)];
}

/** The top-level state of an encoded value: what a customer-facing label names. */
export function topStateOf(state: string): string {
  return state.split(/[.,]/)[0] ?? state;
}
