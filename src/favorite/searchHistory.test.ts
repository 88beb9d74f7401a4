import { beforeEach, describe, expect, it } from 'vitest';
import {
  SEARCH_HISTORY_KEY,
  clearSearchHistory,
  forgetSearch,
  readSearchHistory,
  rememberSearch,
} from './searchHistory';

describe('search history', () => {
  beforeEach(() => localStorage.clear());

  it('keeps the latest first, without repeats, at most ten', () => {
    rememberSearch('삼성전자');
    rememberSearch('SK');
    rememberSearch(' 삼성전자 ');
    expect(readSearchHistory()).toEqual(['삼성전자', 'SK']);
    for (let i = 0; i < 12; i++) rememberSearch(`k${i}`);
    expect(readSearchHistory()).toHaveLength(10);
    expect(readSearchHistory()[0]).toBe('k11');
  });

  it('ignores blanks, forgets one, clears all', () => {
    rememberSearch('   ');
    expect(readSearchHistory()).toEqual([]);
    rememberSearch('a');
    rememberSearch('b');
    expect(forgetSearch('a')).toEqual(['b']);
    clearSearchHistory();
    expect(readSearchHistory()).toEqual([]);
  });

  it('reads a broken stored value as empty', () => {
    localStorage.setItem(SEARCH_HISTORY_KEY, '{not json');
    expect(readSearchHistory()).toEqual([]);
    localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify({ a: 1 }));
    expect(readSearchHistory()).toEqual([]);
  });
});
