import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

describe('data directory lock', () => {
  const path = () => join(mkdtempSync(join(tmpdir(), 'maru-lock-')), 'pglite.lock');

  it('takes a free lock and releases it', () => {
    const lock = path();
    const release = lockDataDir(lock);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(lock)).toBe(false);
  });

  it('refuses a lock held by another running process', () => {
    const lock = path();
    writeFileSync(lock, String(process.ppid));
    expect(() => lockDataDir(lock)).toThrow(DataDirLockedError);
    expect(readFileSync(lock, 'utf8')).toBe(String(process.ppid));
  });

  it('takes over a lock left by a process that has exited', () => {
    const lock = path();
    writeFileSync(lock, '2147483646');
    lockDataDir(lock)();
    expect(existsSync(lock)).toBe(false);
  });
});
