import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Another server process owns the data directory. */
export class DataDirLockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirLockedError';
  }
}

/**
 * Who holds the lock: the process id, and what makes it that process rather than a later one
 * given the same id (after a crash, a reboot or a container restart PIDs are reused): the
 * machine's boot id and the process's start time since boot (Linux /proc). Null where the
 * system does not tell (then the PID alone is compared).
 */
export interface LockOwner {
  pid: number;
  bootId: string | null;
  startTime: string | null;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The kernel's id of this boot (changes at every reboot). */
function bootId(): string | null {
  return readText('/proc/sys/kernel/random/boot_id')?.trim() || null;
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
export function processStartTime(pid: number): string | null {
  const stat = readText(`/proc/${pid}/stat`);
  if (stat === null) return null;
  // The command name (field 2) is in parentheses and may hold spaces: count after its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

export function currentOwner(): LockOwner {
  return { pid: process.pid, bootId: bootId(), startTime: processStartTime(process.pid) };
}

/** Reads a lock file: JSON, or a bare PID (the format before start times were recorded). */
export function parseLockFile(text: string): LockOwner | null {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed), bootId: null, startTime: null };
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner>;
    if (typeof value.pid !== 'number' || !Number.isInteger(value.pid) || value.pid <= 0) {
      return null;
    }
    return {
      pid: value.pid,
      bootId: typeof value.bootId === 'string' ? value.bootId : null,
      startTime: typeof value.startTime === 'string' ? value.startTime : null,
    };
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process that wrote the lock still runs. A PID that runs now but was started after
 * the lock's owner (another start time), or on another boot, is a different process that was
 * given the same number: the lock is stale. A lock in the old format (a bare PID) is held only
 * while that PID runs a Node.js process, the best that can be said without its start time.
 */
export function ownerIsAlive(owner: LockOwner): boolean {
  if (owner.pid === process.pid) return false;
  if (!isRunning(owner.pid)) return false;
  const boot = bootId();
  if (owner.bootId !== null && boot !== null && owner.bootId !== boot) return false;
  const started = processStartTime(owner.pid);
  if (owner.startTime !== null && started !== null) return owner.startTime === started;
  if (owner.startTime === null && owner.bootId === null) {
    const command = readText(`/proc/${owner.pid}/cmdline`);
    if (command !== null) return command.includes('node');
  }
  return true;
}

/**
 * PGlite is a single-process database: two servers on one data directory would corrupt it. A
 * lock file naming its owner (PID, boot id, start time) keeps a second start out; a lock left
 * by a process that no longer runs (a crash), or whose PID now belongs to another process, is
 * taken over.
 */
export function lockDataDir(lockPath: string): () => void {
  const me = JSON.stringify(currentOwner());
  try {
    writeFileSync(lockPath, me, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = parseLockFile(readText(lockPath) ?? '');
    if (owner !== null && ownerIsAlive(owner)) {
      throw new DataDirLockedError(
        `The data directory is in use by process ${owner.pid} (${lockPath}). Stop that server first, or set MARU_DATA_DIR to another directory.`,
      );
    }
    writeFileSync(lockPath, me);
  }
  return () => rmSync(lockPath, { force: true });
}
