import { readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Another server process owns the data directory. */
export class DataDirLockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirLockedError';
  }
}

/**
 * PGlite is a single-process database: two servers on one data directory would corrupt it. A
 * lock file holding the owner's pid keeps a second start out; a lock left by a process that no
 * longer runs (a crash) is taken over.
 */
export function lockDataDir(lockPath: string): () => void {
  try {
    writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const owner = Number(readFileSync(lockPath, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
      throw new DataDirLockedError(
        `The data directory is in use by process ${owner} (${lockPath}). Stop that server first, or set MARU_DATA_DIR to another directory.`,
      );
    }
    writeFileSync(lockPath, String(process.pid));
  }
  return () => rmSync(lockPath, { force: true });
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
