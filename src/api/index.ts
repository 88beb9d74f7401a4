export { call } from './calls';
export type { RequestOf, DataOf, CallOptions } from './calls';
export { ApiError, isApiError } from './ApiError';
