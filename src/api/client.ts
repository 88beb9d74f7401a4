import { sessionStore } from '../session';
import { translateRefusal } from '../i18n/translateRefusal';
import { notify } from '../components/toaster';
import { navigateTo } from '../app/navigate';
import { isRestrictionRefusal } from '../../contract/account-restrictions';
import { reportRestrictionRefusal } from '../account/restrictionStore';
import { isApiError } from './ApiError';
import { createApiClient } from './createApiClient';
import { reportReachable } from '../pwa/connectivity';

/** The app's client, wired to the real session, toasts and router. */
export const apiClient = createApiClient({
  session: () => sessionStore.get(),
  endSession: () => sessionStore.signOut(),
  notify: (text) => notify(text, 'error'),
  navigate: navigateTo,
  translate: translateRefusal,
  onReachable: reportReachable,
});

// A refusal because the account is restricted is not a failed load: let the screens say why.
apiClient.interceptors.response.use(undefined, (error: unknown) => {
  if (isApiError(error) && isRestrictionRefusal(error.code)) reportRestrictionRefusal();
  throw error;
});
