import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decryptFile, encryptFile } from './encryption';
import { resolveUploadKey } from './upload-key';

/**
 * Encrypted files under <dataDir>/uploads (a private temp directory without a data dir), each
 * named by a random server-chosen id: outside the static client, unreachable by URL.
 */
export interface UploadStore {
  /** Picks a fresh id, for the database row and the file name alike. */
  newId(): string;
  write(id: string, plain: Buffer): Promise<void>;
  read(id: string): Promise<Buffer>;
  /** Where the files are (tests read them back to prove they are encrypted). */
  readonly dir: string;
  close(): void;
}

const ID_PATTERN = /^[0-9a-f]{32}$/;

export function openUploadStore(options: {
  dataDir: string | null;
  configuredKey: Buffer | null;
}): UploadStore {
  const temporary = options.dataDir === null;
  const dir = temporary
    ? mkdtempSync(join(tmpdir(), 'maru-uploads-'))
    : join(options.dataDir as string, 'uploads');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const key = resolveUploadKey(options.configuredKey, options.dataDir);
  const pathOf = (id: string) => {
    // Ids come from the database, but a path is built from them: never let one climb out.
    if (!ID_PATTERN.test(id)) throw new Error('invalid upload id');
    return join(dir, id);
  };
  return {
    dir,
    newId: () => randomBytes(16).toString('hex'),
    write: (id, plain) => writeFile(pathOf(id), encryptFile(key, id, plain), { mode: 0o600 }),
    read: async (id) => decryptFile(key, id, await readFile(pathOf(id))),
    close() {
      if (temporary) rmSync(dir, { recursive: true, force: true });
    },
  };
}
