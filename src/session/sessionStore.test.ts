import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from './sessionStore';

describe('sessionStore', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.reload();
  });

  it('resets an unknown stored language to kor, in memory and in storage', () => {
    localStorage.setItem('lang', JSON.stringify('fr'));
    sessionStore.reload();
    expect(sessionStore.get().language).toBe('kor');
    expect(localStorage.getItem('lang')).toBe('"kor"');
  });

  it('keeps a known stored language', () => {
    localStorage.setItem('lang', JSON.stringify('tw'));
    sessionStore.reload();
    expect(sessionStore.get().language).toBe('tw');
  });

  it('defaults to kor when nothing is stored', () => {
    expect(sessionStore.get().language).toBe('kor');
  });

  it('saves token and account as JSON under the spec names and notifies subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    sessionStore.signIn('tok-123', 'alice');
    expect(localStorage.getItem('tokend')).toBe('"tok-123"');
    expect(localStorage.getItem('account')).toBe('"alice"');
    expect(sessionStore.get()).toMatchObject({ token: 'tok-123', account: 'alice' });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    sessionStore.setLanguage('en');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('lang')).toBe('"en"');
  });

  it('reads a stored session back after a reload', () => {
    localStorage.setItem('tokend', JSON.stringify('abc'));
    localStorage.setItem('account', JSON.stringify('bob'));
    sessionStore.reload();
    expect(sessionStore.get()).toMatchObject({ token: 'abc', account: 'bob', lastAccount: 'bob' });
  });

  it('signOut clears token and account from storage but remembers the account for re-login', () => {
    sessionStore.signIn('tok', 'carol');
    sessionStore.setLanguage('cn');
    sessionStore.signOut();
    expect(localStorage.getItem('tokend')).toBeNull();
    expect(localStorage.getItem('account')).toBeNull();
    expect(localStorage.getItem('lang')).toBe('"cn"');
    expect(sessionStore.get()).toMatchObject({ token: null, account: null, lastAccount: 'carol' });
  });
});
