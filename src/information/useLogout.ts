import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LOGOUT_REDIRECT_MS } from '../../contract/constants';
import { call } from '../api/calls';
import { navigateTo } from '../app/navigate';
import { notify } from '../components/toaster';
import { sessionStore } from '../session';

/**
 * Logout as the spec has it: tell the server (a failure does not matter, the session ends here
 * anyway), clear token and account, say so, and go to the login page after 1 second.
 */
export function useLogout() {
  const { t } = useTranslation();
  const [leaving, setLeaving] = useState(false);
  const logout = async () => {
    if (leaving) return;
    setLeaving(true);
    await call('logout', {}, { silent: true }).catch(() => undefined);
    sessionStore.signOut();
    notify(t('logout.done'), 'success');
    setTimeout(() => navigateTo('/login/login'), LOGOUT_REDIRECT_MS);
  };
  return { logout, leaving };
}
