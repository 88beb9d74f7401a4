import { sessionStore } from '../session';
import { translateRefusal } from '../i18n/translateRefusal';
import { notify } from '../components/toaster';
import { navigateTo } from '../app/navigate';
import { createApiClient } from './createApiClient';

/** The app's client, wired to the real session, toasts and router. */
export const apiClient = createApiClient({
  session: () => sessionStore.get(),
  endSession: () => sessionStore.signOut(),
  notify: (text) => notify(text, 'error'),
  navigate: navigateTo,
  translate: translateRefusal,
});
