import { createHmac } from 'node:crypto';
import { decryptFile, encryptFile } from '../../uploads/encryption';
import type { UploadStore } from '../../uploads';

/**
 * How a bank card number is kept (docs/money.md): never in the clear. The lookup hash is keyed
 * (HMAC), because 16 digits whose first 4 name a bank are few enough to enumerate: without the
 * server's key a leaked table does not reveal the numbers. The sealed copy is for the staff who
 * pay a withdrawal to the card.
 */
export interface CardKeys {
  hashKey: Buffer;
  sealKey: Buffer;
}

const keysByStore = new WeakMap<UploadStore, CardKeys>();

export function cardKeys(uploads: UploadStore): CardKeys {
  let keys = keysByStore.get(uploads);
  if (!keys) {
    keys = {
      hashKey: uploads.subkey('maru bank card lookup v1'),
      sealKey: uploads.subkey('maru bank card seal v1'),
    };
    keysByStore.set(uploads, keys);
  }
  return keys;
}

export function cardNumberHash(keys: CardKeys, digits: string): string {
  return createHmac('sha256', keys.hashKey).update(digits, 'utf8').digest('hex');
}

/** AES-256-GCM bound to the card's hash: a sealed number moved to another row does not open. */
export function sealCardNumber(keys: CardKeys, hash: string, digits: string): string {
  return encryptFile(keys.sealKey, `bank_card:${hash}`, Buffer.from(digits, 'utf8')).toString(
    'base64',
  );
}

export function openCardNumber(keys: CardKeys, hash: string, sealed: string): string {
  return decryptFile(keys.sealKey, `bank_card:${hash}`, Buffer.from(sealed, 'base64')).toString(
    'utf8',
  );
}

/** The first 4 and the last 4 digits: enough to recognise a card, not to use it. */
export function maskCardNumber(head: string, tail: string): string {
  return `${head} **** **** ${tail.slice(-4)}`;
}
