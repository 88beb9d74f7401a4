import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DataDirLockedError,
  currentOwner,
  lockDataDir,
  parseLockFile,
  processStartTime,
} from './data-dir-lock';

const onLinux = existsSync('/proc/self/stat');

describe('data directory lock', () => {
  const path = () => join(mkdtempSync(join(tmpdir(), 'maru-lock-')), 'pglite.lock');

  it('takes a free lock, naming this process and its start, and releases it', () => {
    const lock = path();
    const release = lockDataDir(lock);
    expect(parseLockFile(readFileSync(lock, 'utf8'))).toEqual(currentOwner());
    expect(parseLockFile(readFileSync(lock, 'utf8'))?.pid).toBe(process.pid);
    release();
    expect(existsSync(lock)).toBe(false);
  });

  it('refuses a lock held by another running process', () => {
    const lock = path();
    const owner = {
      ...currentOwner(),
      pid: process.ppid,
      startTime: processStartTime(process.ppid),
    };
    writeFileSync(lock, JSON.stringify(owner));
    expect(() => lockDataDir(lock)).toThrow(DataDirLockedError);
    expect(parseLockFile(readFileSync(lock, 'utf8'))?.pid).toBe(process.ppid);
  });

  it('refuses an old-format lock (a bare PID) of a running Node.js process', () => {
    const lock = path();
    writeFileSync(lock, String(process.ppid));
    expect(() => lockDataDir(lock)).toThrow(DataDirLockedError);
  });

  it('takes over a lock left by a process that has exited', () => {
    const lock = path();
    writeFileSync(lock, '2147483646');
    lockDataDir(lock)();
    expect(existsSync(lock)).toBe(false);
  });

  it.runIf(onLinux)('takes over a lock whose PID now belongs to a process started later', () => {
    const lock = path();
    // The PID runs (our parent), but not since the time the lock records: the number was reused.
    writeFileSync(lock, JSON.stringify({ ...currentOwner(), pid: process.ppid, startTime: '1' }));
    const release = lockDataDir(lock);
    expect(parseLockFile(readFileSync(lock, 'utf8'))?.pid).toBe(process.pid);
    release();
  });

  it.runIf(onLinux)('takes over a lock written before a reboot', () => {
    const lock = path();
    const owner = {
      pid: process.ppid,
      bootId: '00000000-0000-0000-0000-000000000000',
      startTime: processStartTime(process.ppid),
    };
    writeFileSync(lock, JSON.stringify(owner));
    lockDataDir(lock)();
  });

  it.runIf(onLinux)('takes over an old-format lock whose PID now runs something else', async () => {
    const lock = path();
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => other.once('spawn', resolve));
      writeFileSync(lock, String(other.pid));
      lockDataDir(lock)();
    } finally {
      other.kill();
    }
  });
});
