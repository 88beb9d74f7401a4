import { useNavigate } from 'react-router-dom';
import { sessionStore } from '../session';

/** After login or registration: keep the session, then let /login/loginAfter load the customer. */
export function useSignIn() {
  const navigate = useNavigate();
  return (token: string, account: string) => {
    sessionStore.signIn(token, account);
    void navigate('/login/loginAfter', { replace: true });
  };
}
