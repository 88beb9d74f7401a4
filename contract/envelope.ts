import type { ErrorCode, ErrorParams } from './errors';

/** What every API call answers: status 1 with data, or status 0 with a code the client can translate. */
export interface ApiSuccess<T> {
  status: 1;
  msg: string;
  data: T;
}

export interface ApiRefusal {
  status: 0;
  code: ErrorCode;
  params: ErrorParams;
  msg: string;
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiRefusal;
