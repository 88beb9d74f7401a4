import type { IpoPhase } from '../../../contract/ipo';
import { subscriptionMachine } from '../../../machines/subscription';
import { formatPrice, formatSeoulTime } from '../../market/format';
import type { LifecycleWords } from '../../lifecycle/words';
import { paletteOf, topStateOf } from '../../lifecycle/tones';

/** The lifecycle words' name for a subscription (locales/<lang>/lifecycles.json). */
export const SUBSCRIPTION_ENTITY = 'subscription';

/** The customer's pay and waive events: each button shows while `accepts` holds it. */
export const PAY_EVENT = 'subscription.pay';
export const WAIVE_EVENT = 'subscription.waive';

/** The badge colour of each phase of an offering. */
export const PHASE_PALETTE: Record<IpoPhase, string> = {
  upcoming: 'gray',
  subscribing: 'green',
  awaitingDraw: 'blue',
  drawn: 'purple',
  listed: 'orange',
};

/** A subscription's badge: the deepest state the words name (pending payment, paid up…). */
export function subscriptionLook(
  words: LifecycleWords,
  state: string,
): { label: string; palette: string } {
  const full = words.state(SUBSCRIPTION_ENTITY, state);
  const label = full === state ? words.state(SUBSCRIPTION_ENTITY, topStateOf(state)) : full;
  return { label, palette: paletteOf(subscriptionMachine, state) };
}

/** An ISO time in Seoul time, to the minute (the spec's date format). */
export function seoulMinute(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? iso : formatSeoulTime(at).slice(0, 16);
}

/** An ISO time's day in Seoul. */
export function seoulDay(iso: string): string {
  return seoulMinute(iso).slice(0, 10);
}

/** A signed whole-won difference: "+1,200" or "-300". */
export function signedWon(value: number): string {
  return `${value > 0 ? '+' : value < 0 ? '-' : ''}${formatPrice(Math.abs(value))}`;
}

/** The `id` of a link, or null when it is not a positive whole number. */
export function idOf(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
