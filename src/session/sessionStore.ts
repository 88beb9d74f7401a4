import {
  STORAGE_ACCOUNT_KEY,
  STORAGE_LANGUAGE_KEY,
  STORAGE_TOKEN_KEY,
} from '../../contract/constants';
import { normaliseStoredLanguage } from '../../contract/languages';
import type { StoredLanguage } from '../../contract/languages';
import { readStored, removeStored, writeStored } from './storage';

export interface SessionState {
  token: string | null;
  account: string | null;
  language: StoredLanguage;
  /** The account of the last session on this device, in memory only: prefills re-login. */
  lastAccount: string | null;
}

type Listener = () => void;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** Reads the session from storage; an unknown language is reset to kor and written back. */
function readSession(): SessionState {
  const storedLanguage = readStored(STORAGE_LANGUAGE_KEY);
  const language = normaliseStoredLanguage(storedLanguage);
  if (storedLanguage !== language) writeStored(STORAGE_LANGUAGE_KEY, language);
  const account = text(readStored(STORAGE_ACCOUNT_KEY));
  return {
    token: text(readStored(STORAGE_TOKEN_KEY)),
    account,
    language,
    lastAccount: account,
  };
}

let state: SessionState = readSession();
const listeners = new Set<Listener>();

function update(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * The customer's session: storage is the durable copy, `state` the in-memory one screens render
 * from. Every write goes to both so a reload and a re-render always agree.
 */
export const sessionStore = {
  get: (): SessionState => state,

  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  signIn: (token: string, account: string): void => {
    writeStored(STORAGE_TOKEN_KEY, token);
    writeStored(STORAGE_ACCOUNT_KEY, account);
    update({ ...state, token, account, lastAccount: account });
  },

  /** Ends the session on this device (logout, or a 401): token and account leave storage. */
  signOut: (): void => {
    removeStored(STORAGE_TOKEN_KEY);
    removeStored(STORAGE_ACCOUNT_KEY);
    update({ ...state, token: null, account: null });
  },

  setLanguage: (language: StoredLanguage): void => {
    writeStored(STORAGE_LANGUAGE_KEY, language);
    update({ ...state, language });
  },

  /** Re-reads storage; used at start-up and by tests that change storage underneath. */
  reload: (): void => {
    const next = readSession();
    update({ ...next, lastAccount: next.account ?? state.lastAccount });
  },
};
