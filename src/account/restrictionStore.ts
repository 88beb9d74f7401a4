import { useEffect, useSyncExternalStore } from 'react';
import type { AccountStatusDto } from '../../contract/schemas/user';
import { call } from '../api/calls';
import { sessionStore } from '../session';

/**
 * The signed-in customer's account restrictions (`/account/status`), shared by Home, Mine and
 * every list: when a call is refused because the account is restricted (403 account.*), the
 * API client reports it here, so the screen shows the restriction instead of "could not load".
 */
interface RestrictionState {
  /** The account the status belongs to (another customer may sign in next). */
  account: string | null;
  status: AccountStatusDto | null;
}

let state: RestrictionState = { account: null, status: null };
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: RestrictionState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** Reads the status again (one request at a time); a failure keeps what was known. */
export function refreshAccountStatus(): Promise<void> {
  pending ??= call('accountStatus', {}, { silent: true })
    .then(
      (status) => set({ account: sessionStore.get().account, status }),
      () => undefined,
    )
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** Called by the API client for each refusal that names a restriction. */
export function reportRestrictionRefusal(): void {
  void refreshAccountStatus();
}

export function resetAccountStatus(): void {
  set({ account: null, status: null });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => state;

function current(s: RestrictionState): AccountStatusDto | null {
  return s.account !== null && s.account === sessionStore.get().account ? s.status : null;
}

/** The status, loaded when a screen that shows it mounts (Home, Mine). */
export function useAccountStatus(): AccountStatusDto | null {
  const s = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => {
    void refreshAccountStatus();
  }, []);
  return current(s);
}

/** The status as last known, without asking the server (lists read this when a call failed). */
export function useKnownAccountStatus(): AccountStatusDto | null {
  return current(useSyncExternalStore(subscribe, snapshot, snapshot));
}
