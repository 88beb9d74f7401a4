import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { sessionStore } from '../session';

/**
 * Screens below this need a signed-in customer; without a token they go to the login page.
 * The check runs on each navigation (useLocation), deliberately not on every session change:
 * after a logout or a 401 the spec keeps the screen up for 1–2 s before leaving, and a reactive
 * guard would cut that short.
 */
export function RequireSession() {
  useLocation();
  return sessionStore.get().token ? <Outlet /> : <Navigate to="/login/login" replace />;
}
