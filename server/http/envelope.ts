import type { ApiSuccess } from '../../contract';

/** Wraps a handler's result; a call that answers nothing answers `data: null`. */
export function success<T>(data: T): ApiSuccess<T> {
  return { status: 1, msg: '', data };
}
