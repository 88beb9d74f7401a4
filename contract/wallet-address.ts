import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';

/**
 * USDT receiving addresses, checked per network before anything is stored: a mistyped address
 * sends the customer's money somewhere nobody can recover it from, so the checksum each network
 * defines is verified, not only the shape.
 */
export const WALLET_TYPES = ['TRC20', 'ERC20'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
/** A TRON address: version byte 0x41, 20 bytes of account, 4 bytes of double-SHA-256 checksum. */
const TRON_VERSION = 0x41;
const TRON_BYTES = 25;

function base58Decode(value: string): Uint8Array | null {
  let number = 0n;
  for (const char of value) {
    const digit = BASE58.indexOf(char);
    if (digit < 0) return null;
    number = number * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (number > 0n) {
    bytes.unshift(Number(number % 256n));
    number /= 256n;
  }
  // Each leading '1' is a leading zero byte.
  for (const char of value) {
    if (char !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** `T…`, 34 base58 characters whose last 4 decoded bytes are the double SHA-256 of the rest. */
export function isTrc20Address(value: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(value)) return false;
  const bytes = base58Decode(value);
  if (bytes === null || bytes.length !== TRON_BYTES || bytes[0] !== TRON_VERSION) return false;
  const payload = bytes.subarray(0, TRON_BYTES - 4);
  const check = sha256(sha256(payload));
  return bytes.subarray(TRON_BYTES - 4).every((b, i) => b === check[i]);
}

/** The EIP-55 mixed-case form of a `0x` + 40 hex address. */
export function toChecksumAddress(value: string): string {
  const hex = value.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < hex.length; i++) {
    const nibble = ((hash[i >> 1] ?? 0) >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    const char = hex.charAt(i);
    out += nibble >= 8 ? char.toUpperCase() : char;
  }
  return out;
}

/**
 * `0x` + 40 hex digits. All lower or all upper case carries no checksum (EIP-55 allows it); mixed
 * case must be the EIP-55 checksum, so one mistyped letter is caught.
 */
export function isErc20Address(value: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return false;
  const body = value.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(value) === value;
}

export function isWalletAddress(type: WalletType, value: string): boolean {
  return type === 'TRC20' ? isTrc20Address(value) : isErc20Address(value);
}

/**
 * What two addresses are compared by (the duplicate check): ERC20 hex is case-insensitive (case
 * only carries the checksum), base58 is not.
 */
export function walletAddressKey(type: WalletType, value: string): string {
  return type === 'ERC20' ? value.toLowerCase() : value;
}
