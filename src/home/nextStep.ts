import type { KycStatusDto } from '../../contract/schemas/kyc';
import type { BalanceDto } from '../../contract/schemas/user';
import { isInState } from '../../machines/state-value';

/** Where the deposit screen will live (issue 10); the card offers it only once SCREENS has it. */
export const DEPOSIT_PATH = '/information/recharge';
const KYC_PATH = '/information/authInfo';

export type NextStep =
  { key: 'verify' | 'rejected' | 'review'; to: string } | { key: 'deposit'; to: string };

/**
 * The new customer's next step after sign-up: verify identity until KYC has passed, then make a
 * first deposit — offered only when the deposit screen exists and nothing has been deposited
 * yet. Until then a verified customer has no step left the app can take them to, so there is no
 * card (an honest "done" rather than a button that leads nowhere).
 */
export function nextStepOf(
  kyc: Pick<KycStatusDto, 'state' | 'accepts'>,
  availablePaths: ReadonlySet<string>,
  balances: readonly BalanceDto[] | null,
): NextStep | null {
  if (kyc.accepts.includes('kyc.submit')) {
    return { key: isInState(kyc.state, 'rejected') ? 'rejected' : 'verify', to: KYC_PATH };
  }
  if (!isInState(kyc.state, 'passed')) return { key: 'review', to: KYC_PATH };
  if (!availablePaths.has(DEPOSIT_PATH)) return null;
  // Unknown balances (not loaded yet) show no card rather than one that may be wrong.
  if (balances === null || balances.some((b) => b.total > 0)) return null;
  return { key: 'deposit', to: DEPOSIT_PATH };
}
