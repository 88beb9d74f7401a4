import type { AxiosAdapter, AxiosInstance } from 'axios';
import {
  ACCOUNT_HEADER,
  API_BASE,
  LANGUAGE_HEADER,
  TOKEN_HEADER,
  UNAUTHORIZED_REDIRECT_MS,
} from '../../contract/constants';
import type { ErrorParams } from '../../contract/errors';
import type { StoredLanguage } from '../../contract/languages';
import { createEnvelopeClient } from './createEnvelopeClient';

export const RELOGIN_PATH = '/login/reLogin';

export interface ApiClientDeps {
  session: () => { token: string | null; account: string | null; language: StoredLanguage };
  endSession: () => void;
  notify: (text: string) => void;
  navigate: (path: string) => void;
  translate: (code: unknown, params?: ErrorParams, msg?: string) => string;
  /** Replaces the network in tests. */
  adapter?: AxiosAdapter;
  onReachable?: (ok: boolean) => void;
}

/**
 * The customer app's client: /api/vue with the session (`token`, `account`) and language headers.
 * A 401 ends the stored session at once, is always toasted, and sends the customer to re-login
 * after UNAUTHORIZED_REDIRECT_MS.
 */
export function createApiClient(deps: ApiClientDeps): AxiosInstance {
  let redirectPending = false;
  return createEnvelopeClient({
    baseURL: API_BASE,
    headers: () => {
      const { token, account, language } = deps.session();
      return { [LANGUAGE_HEADER]: language, [TOKEN_HEADER]: token, [ACCOUNT_HEADER]: account };
    },
    onUnauthorized: () => {
      deps.endSession();
      // Several calls can fail together when a session dies; send the customer away only once.
      if (redirectPending) return;
      redirectPending = true;
      setTimeout(() => {
        redirectPending = false;
        deps.navigate(RELOGIN_PATH);
      }, UNAUTHORIZED_REDIRECT_MS);
    },
    toastUnauthorizedWhenSilent: true,
    notify: deps.notify,
    translate: deps.translate,
    ...(deps.adapter ? { adapter: deps.adapter } : {}),
    ...(deps.onReachable ? { onReachable: deps.onReachable } : {}),
  });
}
