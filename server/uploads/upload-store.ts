import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decryptFile, encryptFile } from './encryption';
import { resolveUploadKey } from './upload-key';

/** A file written under a temporary name: `commit` moves it under its id, `discard` removes it. */
export interface StagedUpload {
  commit(): Promise<void>;
  discard(): Promise<void>;
}

/** One entry of the uploads directory, for the sweep. */
export interface StoredFile {
  name: string;
  /** The upload id the file is stored under; null for a staged (temporary) or foreign file. */
  id: string | null;
  modifiedAt: Date;
}

/**
 * Encrypted files under <dataDir>/uploads (a private temp directory without a data dir), each
 * named by a random server-chosen id: outside the static client, unreachable by URL.
 */
export interface UploadStore {
  /** Picks a fresh id, for the database row and the file name alike. */
  newId(): string;
  /**
   * Encrypts and writes the file under a temporary name; it appears under `id` only on commit,
   * which the caller does inside the transaction that inserts the row (see upload-photo.ts).
   */
  stage(id: string, plain: Buffer): Promise<StagedUpload>;
  read(id: string): Promise<Buffer>;
  /** Removes a stored file or a staged one by its name in the directory; gone already is fine. */
  remove(name: string): Promise<void>;
  list(): Promise<StoredFile[]>;
  /**
   * A 32-byte key for another purpose derived from the upload key (HKDF-SHA-256, the purpose as
   * info): secrets the server keeps in the database (bank card numbers) share the one configured
   * key without sharing its bytes.
   */
  subkey(purpose: string): Buffer;
  /** Where the files are (tests read them back to prove they are encrypted). */
  readonly dir: string;
  close(): void;
}

const ID_PATTERN = /^[0-9a-f]{32}$/;
/** `.<id>.<random>.partial`: never an id, so a reader or the sweep cannot take it for a file. */
const STAGED_PATTERN = /^\.[0-9a-f]{32}\.[0-9a-f]{8}\.partial$/;

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
    subkey: (purpose) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purpose, 32)),
    async stage(id, plain) {
      const final = pathOf(id);
      const staged = join(dir, `.${id}.${randomBytes(4).toString('hex')}.partial`);
      await writeFile(staged, encryptFile(key, id, plain), { mode: 0o600, flag: 'wx' });
      return {
        commit: () => rename(staged, final),
        discard: () => rm(staged, { force: true }),
      };
    },
    read: async (id) => decryptFile(key, id, await readFile(pathOf(id))),
    async remove(name) {
      if (!ID_PATTERN.test(name) && !STAGED_PATTERN.test(name)) {
        throw new Error('not an upload file name');
      }
      await rm(join(dir, name), { force: true });
    },
    async list() {
      const files: StoredFile[] = [];
      // One stat at a time: the sweep must not crowd the thread pool that logins hash on.
      for (const name of await readdir(dir)) {
        if (!ID_PATTERN.test(name) && !STAGED_PATTERN.test(name)) continue;
        const info = await stat(join(dir, name)).catch(() => null);
        if (info)
          files.push({ name, id: ID_PATTERN.test(name) ? name : null, modifiedAt: info.mtime });
      }
      return files;
    },
    close() {
      if (temporary) rmSync(dir, { recursive: true, force: true });
    },
  };
}
