import { sessionStore } from '../session';
import { loadErrorTexts } from '../i18n/i18n';
import { translateRefusal } from '../i18n/translateRefusal';
import { notify } from '../components/toaster';
import { navigateTo } from '../app/navigate';
import { createApiClient } from './createApiClient';

// This module shows error texts, which load apart from the start screen's (see packLoaders.ts).
await loadErrorTexts();

/** The app's client, wired to the real session, toasts and router. */
export const apiClient = createApiClient({
  session: () => sessionStore.get(),
  endSession: () => sessionStore.signOut(),
  notify: (text) => notify(text, 'error'),
  navigate: navigateTo,
  translate: translateRefusal,
});
