import { useSyncExternalStore } from 'react';
import type { StaffMeDto } from '../../contract/schemas/staff';

/**
 * The staff session lives in sessionStorage: it ends with the browser tab, and a customer's
 * localStorage session on the same origin is never mixed with it.
 */
const TOKEN_KEY = 'maru-staff-token';
const ME_KEY = 'maru-staff-me';

export interface StaffSessionState {
  token: string | null;
  /** Set once the TOTP step has succeeded (a full session). */
  me: StaffMeDto | null;
}

function read(): StaffSessionState {
  try {
    const token = sessionStorage.getItem(TOKEN_KEY);
    const raw = sessionStorage.getItem(ME_KEY);
    return { token, me: raw ? (JSON.parse(raw) as StaffMeDto) : null };
  } catch {
    return { token: null, me: null };
  }
}

let state: StaffSessionState = read();
const listeners = new Set<() => void>();

function write(next: StaffSessionState): void {
  state = next;
  try {
    if (next.token) sessionStorage.setItem(TOKEN_KEY, next.token);
    else sessionStorage.removeItem(TOKEN_KEY);
    if (next.me) sessionStorage.setItem(ME_KEY, JSON.stringify(next.me));
    else sessionStorage.removeItem(ME_KEY);
  } catch {
    // storage unavailable: the session lasts for this page only
  }
  for (const listener of listeners) listener();
}

export const staffSession = {
  get: (): StaffSessionState => state,
  /** The half session after the password step. */
  setPending: (token: string) => write({ token, me: null }),
  setMe: (me: StaffMeDto) => write({ ...state, me }),
  signOut: () => write({ token: null, me: null }),
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export function useStaffSession(): StaffSessionState {
  return useSyncExternalStore(staffSession.subscribe, staffSession.get, staffSession.get);
}
