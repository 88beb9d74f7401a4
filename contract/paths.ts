/**
 * The path of every call under API_BASE, apart from the schemas: the client's start-up bundle
 * imports this without pulling yup in; calls.ts builds the catalogue on it.
 */
export const CALL_PATHS = {
  config: '/common/config',
  register: '/user/register',
  login: '/user/login',
  logout: '/user/logout',
  info: '/user/info',
  changePassword: '/user/changePassword',
} as const;
