import type { ErrorParams } from '../../contract/errors';

/**
 * Why a flow's call was refused, as a screen shows it: the contract's error code (or whatever code
 * a newer server sent) and its parameters. Flow machines keep it in their context.
 */
export interface FlowRefusal {
  code: string;
  params: ErrorParams;
}

/** The code a flow records when a call failed without any code (no answer, a bug). */
export const UNKNOWN_REFUSAL = 'system.busy';

/**
 * The refusal an actor's error carries. The screen's actors throw the API client's error (a
 * `code` and `params`); the machine reads only those two fields, so it needs no client code.
 */
export function refusalOf(error: unknown): FlowRefusal {
  if (typeof error === 'object' && error !== null) {
    const { code, params } = error as { code?: unknown; params?: unknown };
    if (typeof code === 'string' && code !== '') {
      return { code, params: isParams(params) ? params : {} };
    }
  }
  return { code: UNKNOWN_REFUSAL, params: {} };
}

function isParams(value: unknown): value is ErrorParams {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => typeof v === 'string' || typeof v === 'number')
  );
}

/**
 * The default implementation of an actor the screen must provide: a flow machine does no I/O,
 * so running it without `.provide({ actors })` fails loudly instead of calling anything.
 */
export function notProvided(name: string): Promise<never> {
  return Promise.reject(new Error(`The flow's "${name}" actor was not provided.`));
}
