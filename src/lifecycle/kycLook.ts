import { kycMachine } from '../../machines/kyc';
import { paletteOf, topStateOf } from './tones';
import type { LifecycleWords } from './words';

/**
 * How a customer sees their verification state: the words of the top-level state (nested states
 * such as `under_review.overdue` are the back office's business: the customer reads "under
 * review") and the badge colour the machine gives the state.
 */
export function customerKycLook(
  words: LifecycleWords,
  state: string,
): { label: string; palette: string } {
  return { label: words.state('kyc', topStateOf(state)), palette: paletteOf(kycMachine, state) };
}
