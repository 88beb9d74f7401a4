import type { ErrorCode } from '../../../contract/errors';
import { formatMoney, parseMoney } from '../../../contract/money';
import type { Currency } from '../../../contract/money';
import { isAmount } from '../../../contract/schemas/funds';

/** The bounds a typed amount is checked against before sending, with the codes their words have. */
export interface AmountLimits {
  min: number;
  max: number;
  below: ErrorCode;
  above: ErrorCode;
  /** At most this much (what is withdrawable), refused with `beyond`. */
  most?: { amount: number; code: ErrorCode };
}

/**
 * Why a typed amount cannot be sent, as an error code, or undefined when it can. The server checks
 * again; this only saves a refused round trip and says the limit while the customer types.
 */
export function amountProblem(
  text: string,
  currency: Currency,
  limits?: AmountLimits,
): ErrorCode | undefined {
  if (text.trim() === '') return 'request.required';
  const minor = parseMoney(text, currency);
  if (minor === null || !isAmount(minor)) return 'money.invalid_amount';
  if (!limits) return undefined;
  if (minor < limits.min) return limits.below;
  if (minor > limits.max) return limits.above;
  if (limits.most && minor > limits.most.amount) return limits.most.code;
  return undefined;
}

/** `10,000 KRW`: an amount with its currency, as the limits' words show it. */
export function moneyWithCurrency(minor: number, currency: Currency): string {
  return `${formatMoney(minor, currency)} ${currency}`;
}

/** The parameters the limit refusals' words name, formatted for `currency`. */
export function limitParams(
  currency: Currency,
  limits: { min: number; max: number; withdrawable?: number },
): Record<string, string> {
  return {
    min: moneyWithCurrency(limits.min, currency),
    max: moneyWithCurrency(limits.max, currency),
    ...(limits.withdrawable === undefined
      ? {}
      : { withdrawable: moneyWithCurrency(limits.withdrawable, currency) }),
  };
}

/** A Formik `validate` for a form whose `amount` is checked by amountProblem. */
export function validateAmount(
  currency: Currency,
  limits?: AmountLimits,
): (values: { amount: string }) => { amount?: ErrorCode } {
  return ({ amount }) => {
    const problem = amountProblem(amount, currency, limits);
    return problem ? { amount: problem } : {};
  };
}
