import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, lt } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../../contract';
import type { Database } from '../db/connect';
import { idempotencyKeys } from '../db/schema';
import { ApiRefusal } from './refusal';

/** Keys are kept at least this long; the sweep removes older ones. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * The request's Idempotency-Key: null when absent (unless required), a coded 400 when it is not
 * 1 to 128 printable ASCII characters or when a required key is missing.
 */
export function idempotencyKeyOf(request: FastifyRequest, required: boolean): string | null {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (value === undefined) {
    if (required) throw new ApiRefusal('request.idempotency_key_required');
    return null;
  }
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) {
    throw new ApiRefusal('request.idempotency_key_invalid');
  }
  return value;
}

/** JSON with object keys sorted, so the same body hashes the same whatever its key order. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What "the same request" means: the same call (method and path) with the same body. */
export function requestHashOf(route: string, body: unknown): string {
  return createHash('sha256').update(route).update('\n').update(canonicalJson(body)).digest('hex');
}

export interface IdempotentRequest {
  /** 'customer:<id>' or 'staff:<id>': keys of different callers never meet. */
  scope: string;
  key: string;
  requestHash: string;
}

/**
 * Claims the key inside the call's transaction, before the handler runs. Null: the key is new
 * and now held by this transaction (a concurrent request with the same key waits on PostgreSQL
 * until it commits or rolls back). `{ data }`: the key was used before for the same request, and
 * this is its stored answer to replay. The same key with another request is refused (422).
 */
export async function claimIdempotencyKey(
  tx: Database,
  claim: IdempotentRequest,
): Promise<{ data: unknown } | null> {
  // A row swept between the conflict and the read is simply claimed again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const inserted = await tx
      .insert(idempotencyKeys)
      .values({ scope: claim.scope, key: claim.key, requestHash: claim.requestHash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return null;
    const [row] = await tx
      .select({ requestHash: idempotencyKeys.requestHash, response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(keyIs(claim));
    if (!row) continue;
    if (row.requestHash !== claim.requestHash) {
      throw new ApiRefusal('request.idempotency_mismatch');
    }
    // Committed rows always hold the answer: it is written in the transaction that claimed them.
    if (row.response === null) throw new Error('idempotency key without an answer');
    return row.response;
  }
  throw new Error('idempotency key could not be claimed');
}

/** Stores the success answer on the claimed key, in the call's transaction. */
export async function storeIdempotentAnswer(
  tx: Database,
  claim: IdempotentRequest,
  data: unknown,
): Promise<void> {
  await tx.update(idempotencyKeys).set({ response: { data } }).where(keyIs(claim));
}

/** Gives the key back (a refusal that keeps its writes): a retry runs the call again. */
export async function releaseIdempotencyKey(tx: Database, claim: IdempotentRequest): Promise<void> {
  await tx.delete(idempotencyKeys).where(keyIs(claim));
}

const keyIs = (claim: IdempotentRequest) =>
  and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));

/** Deletes keys older than IDEMPOTENCY_KEEP_MS; returns how many. */
export async function sweepIdempotencyKeys(db: Database, now = new Date()): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_KEEP_MS)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

/** Sweeps old keys once an hour; returns the function that stops it (on app close). */
export function startIdempotencySweep(db: Database, onError: (error: unknown) => void): () => void {
  const timer = setInterval(() => {
    sweepIdempotencyKeys(db).catch(onError);
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
