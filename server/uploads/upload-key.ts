import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const UPLOAD_KEY_FILE = 'upload.key';

/**
 * The key for uploaded files: MARU_UPLOAD_KEY when configured; for the embedded default, one
 * generated on first start into <dataDir>/upload.key (owner-only); without a data directory
 * (tests) a random key that lives as long as the process, like the files it protects.
 */
export function resolveUploadKey(configured: Buffer | null, dataDir: string | null): Buffer {
  if (configured !== null) return configured;
  if (dataDir === null) return randomBytes(32);
  const path = join(dataDir, UPLOAD_KEY_FILE);
  if (existsSync(path)) {
    const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new Error(`${path} does not hold a 32-byte base64 key`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx' fails if another process wrote it first; then read that one.
  try {
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    return resolveUploadKey(null, dataDir);
  }
}
