import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Fund passwords this process verified with argon2 moments ago (docs/money.md "Fund password
 * checks"). A later check with the same password compares a keyed HMAC-SHA256 in constant time
 * instead of spending argon2's ~40 ms of CPU again. Only a match that argon2 confirmed is ever
 * remembered, so a wrong password always misses and takes the counted slow path.
 *
 * What is kept is HMAC(process secret, customer id, stored hash, password): never the password,
 * and useless outside this process (the secret is random per process and never leaves memory).
 * The stored hash is part of the MAC, so a fund password set, changed or reset anywhere (any
 * process, any path) no longer matches; `forget` drops an entry at once as well (a change here,
 * or a lock).
 */

export const VERIFIED_TTL_MS = 5 * 60_000;
export const VERIFIED_MAX_ENTRIES = 10_000;

interface Entry {
  mac: Buffer;
  expiresAt: number;
}

export interface VerifiedCacheOptions {
  ttlMs?: number;
  maxEntries?: number;
}

export class VerifiedFundPasswords {
  private readonly secret = randomBytes(32);
  private readonly entries = new Map<number, Entry>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;

  constructor(options: VerifiedCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? VERIFIED_TTL_MS;
    this.maxEntries = options.maxEntries ?? VERIFIED_MAX_ENTRIES;
  }

  private macOf(customerId: number, storedHash: string, plain: string): Buffer {
    // Lengths first, so no two different triples run together into the same input.
    return createHmac('sha256', this.secret)
      .update(`${customerId}\n${storedHash.length}:${storedHash}\n${plain.length}:${plain}`)
      .digest();
  }

  /** True when `plain` is the password argon2 confirmed against `storedHash` within the TTL. */
  matches(customerId: number, storedHash: string, plain: string, now: number): boolean {
    const entry = this.entries.get(customerId);
    if (entry === undefined) return false;
    if (entry.expiresAt <= now) {
      this.entries.delete(customerId);
      return false;
    }
    return timingSafeEqual(entry.mac, this.macOf(customerId, storedHash, plain));
  }

  /** Call only after argon2 confirmed `plain` against `storedHash`. */
  remember(customerId: number, storedHash: string, plain: string, now: number): void {
    // Re-inserted at the end: the map's order is the order of last confirmation.
    this.entries.delete(customerId);
    this.entries.set(customerId, {
      mac: this.macOf(customerId, storedHash, plain),
      expiresAt: now + this.ttlMs,
    });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.entries.delete(oldest.value);
    }
  }

  /** The fund password was set, changed or reset, or the account's checks are locked. */
  forget(customerId: number): void {
    this.entries.delete(customerId);
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The process's cache: one per process, shared by every app in it (tests build several). */
export const verifiedFundPasswords = new VerifiedFundPasswords();
