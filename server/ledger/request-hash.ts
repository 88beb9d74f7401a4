import { createHash } from 'node:crypto';
import type { PostingInput } from './post-entry';

/**
 * The fingerprint of an entry request, stored beside its idempotency key: a repeat of the key must
 * carry the same request. It covers what the entry does (kind, the entry it reverses, postings in
 * a fixed order), not the words of its reason. The hand-written ledger migration builds the same
 * text in SQL for keyed entries recorded before hashes: change both together.
 */
export function requestHash(
  kind: string,
  reversesEntryId: number | null,
  postings: readonly PostingInput[],
): string {
  const lines = [...postings]
    .sort((a, b) => a.accountId - b.accountId || a.amount - b.amount)
    .map((p) => `${p.accountId}:${p.amount}\n`)
    .join('');
  const text = `kind=${kind}\nreverses=${reversesEntryId ?? ''}\n${lines}`;
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
