import { describe, expect, it } from 'vitest';
import { VERIFIED_TTL_MS, VerifiedFundPasswords } from './verified-cache';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
const T0 = 1_700_000_000_000;

describe('verified fund passwords (the argon2 skip)', () => {
  it('recognises only the confirmed password, for that customer and that stored hash', () => {
    const cache = new VerifiedFundPasswords();
    expect(cache.matches(1, HASH, '135790', T0)).toBe(false);
    cache.remember(1, HASH, '135790', T0);
    expect(cache.matches(1, HASH, '135790', T0 + 1)).toBe(true);
    expect(cache.matches(1, HASH, '135791', T0 + 1)).toBe(false);
    expect(cache.matches(2, HASH, '135790', T0 + 1)).toBe(false);
    // A new hash (set, changed or reset, by any process) no longer matches.
    expect(cache.matches(1, `${HASH}x`, '135790', T0 + 1)).toBe(false);
  });

  it('expires after the TTL and forgets on demand', () => {
    const cache = new VerifiedFundPasswords();
    cache.remember(1, HASH, '135790', T0);
    expect(cache.matches(1, HASH, '135790', T0 + VERIFIED_TTL_MS - 1)).toBe(true);
    expect(cache.matches(1, HASH, '135790', T0 + VERIFIED_TTL_MS)).toBe(false);
    expect(cache.size).toBe(0);
    cache.remember(1, HASH, '135790', T0);
    cache.forget(1);
    expect(cache.matches(1, HASH, '135790', T0 + 1)).toBe(false);
  });

  it('keeps at most maxEntries, dropping the longest unconfirmed', () => {
    const cache = new VerifiedFundPasswords({ maxEntries: 2 });
    cache.remember(1, HASH, 'a', T0);
    cache.remember(2, HASH, 'b', T0);
    cache.remember(1, HASH, 'a', T0 + 1); // confirmed again: now the newest
    cache.remember(3, HASH, 'c', T0 + 2);
    expect(cache.size).toBe(2);
    expect(cache.matches(2, HASH, 'b', T0 + 3)).toBe(false);
    expect(cache.matches(1, HASH, 'a', T0 + 3)).toBe(true);
    expect(cache.matches(3, HASH, 'c', T0 + 3)).toBe(true);
  });

  it('stores neither the password nor anything another process could check it with', () => {
    const a = new VerifiedFundPasswords();
    const b = new VerifiedFundPasswords();
    a.remember(1, HASH, '135790', T0);
    b.remember(1, HASH, '135790', T0);
    const entryOf = (cache: VerifiedFundPasswords) =>
      (cache as unknown as { entries: Map<number, { mac: Buffer }> }).entries.get(1)?.mac;
    expect(entryOf(a)?.toString('latin1')).not.toContain('135790');
    expect(entryOf(a)?.equals(entryOf(b) ?? Buffer.alloc(0))).toBe(false);
  });
});
