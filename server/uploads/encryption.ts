import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Layout of a stored file: format byte, 12-byte IV, 16-byte GCM tag, ciphertext. */
const FORMAT = 1;
const IV_LENGTH = 12;
const TAG_LENGTH = 16;
const HEADER = 1 + IV_LENGTH + TAG_LENGTH;

/**
 * AES-256-GCM with the upload's id as associated data, so a file copied under another upload's
 * name does not decrypt: each ciphertext is bound to its row.
 */
export function encryptFile(key: Buffer, id: string, plain: Buffer): Buffer {
  const iv = randomBytes(IV_LENGTH);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(id, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from([FORMAT]), iv, cipher.getAuthTag(), body]);
}

/** Throws when the file was altered, belongs to another id or was made with another key. */
export function decryptFile(key: Buffer, id: string, stored: Buffer): Buffer {
  if (stored.length < HEADER || stored[0] !== FORMAT) throw new Error('not an upload file');
  const iv = stored.subarray(1, 1 + IV_LENGTH);
  const tag = stored.subarray(1 + IV_LENGTH, HEADER);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(id, 'utf8'));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(stored.subarray(HEADER)), decipher.final()]);
}
