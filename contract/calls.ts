import type { AnySchema } from 'yup';
import { CALL_PATHS } from './paths';
import { configRequest, configResponse } from './schemas/common';
import {
  changePasswordRequest,
  emptyRequest,
  loginRequest,
  registerRequest,
  sessionResponse,
  userInfoResponse,
} from './schemas/user';

export interface CallSpec {
  /** Path under API_BASE. */
  path: string;
  /** Whether the call needs a customer session (token + account headers). */
  auth: boolean;
  summary: string;
  request: AnySchema;
  /** Schema of `data` on success; null when the call answers no data. */
  response: AnySchema | null;
}

/**
 * The calls of the customer API. The server registers a route for each and publishes the
 * OpenAPI document from the same schemas; the client's forms validate with them.
 */
export const CALLS = {
  config: {
    path: CALL_PATHS.config,
    auth: false,
    summary: 'Site configuration in the request language',
    request: configRequest,
    response: configResponse,
  },
  register: {
    path: CALL_PATHS.register,
    auth: false,
    summary: 'Open an account with an institution or invitation code',
    request: registerRequest,
    response: sessionResponse,
  },
  login: {
    path: CALL_PATHS.login,
    auth: false,
    summary: 'Start a session',
    request: loginRequest,
    response: sessionResponse,
  },
  logout: {
    path: CALL_PATHS.logout,
    auth: true,
    summary: 'End the current session',
    request: emptyRequest,
    response: null,
  },
  info: {
    path: CALL_PATHS.info,
    auth: true,
    summary: 'The signed-in customer with balances per currency',
    request: emptyRequest,
    response: userInfoResponse,
  },
  changePassword: {
    path: CALL_PATHS.changePassword,
    auth: true,
    summary: 'Change the login password; ends every other session',
    request: changePasswordRequest,
    response: null,
  },
} as const satisfies {
  [N in keyof typeof CALL_PATHS]: CallSpec & { path: (typeof CALL_PATHS)[N] };
};

export type CallName = keyof typeof CALLS;
