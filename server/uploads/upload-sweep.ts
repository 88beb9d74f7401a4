import { and, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { kycSubmissions, uploads } from '../db/schema';
import type { UploadStore } from './upload-store';

/** A file with no row is removed once it is this old (a write in progress is far younger). */
export const ORPHAN_FILE_GRACE_MS = 10 * 60 * 1000;
/** An ID photo no KYC submission uses is removed, row and file, once it is this old. */
export const UNSUBMITTED_PHOTO_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const KYC_PURPOSES = ['kyc_front', 'kyc_back'];

export interface UploadSweepResult {
  /** Photos older than a day that no submission uses: rows deleted, files removed. */
  unsubmitted: number;
  /** Files (or staged partial files) with no row, older than the grace period. */
  orphanFiles: number;
}

/**
 * Removes what uploads leave behind: ID photos uploaded but never submitted within a day (an
 * abandoned form, or someone filling the disk), and files without a row (a crash between writing
 * the file and committing its row). `now` is injectable for tests.
 */
export async function sweepUploads(
  db: Database,
  store: UploadStore,
  now: Date = new Date(),
): Promise<UploadSweepResult> {
  const cutoff = new Date(now.getTime() - UNSUBMITTED_PHOTO_MAX_AGE_MS);
  // One statement, so a submission committed meanwhile either sees the row or keeps it (its
  // foreign key then fails this delete, and the next sweep tries again).
  const deleted = await db
    .delete(uploads)
    .where(
      and(
        lt(uploads.createdAt, cutoff),
        inArray(uploads.purpose, KYC_PURPOSES),
        sql`not exists (select 1 from ${kycSubmissions} where ${kycSubmissions.frontPhotoId} = ${uploads.id})`,
        sql`not exists (select 1 from ${kycSubmissions} where ${kycSubmissions.backPhotoId} = ${uploads.id})`,
      ),
    )
    .returning({ id: uploads.id });
  for (const { id } of deleted) await store.remove(id);

  const graceEnd = now.getTime() - ORPHAN_FILE_GRACE_MS;
  const old = (await store.list()).filter((file) => file.modifiedAt.getTime() < graceEnd);
  const candidates = old.flatMap((file) => (file.id ? [file.id] : []));
  const known = new Set<string>();
  for (let i = 0; i < candidates.length; i += 500) {
    const rows = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(inArray(uploads.id, candidates.slice(i, i + 500)));
    for (const row of rows) known.add(row.id);
  }
  let orphanFiles = 0;
  for (const file of old) {
    if (file.id !== null && known.has(file.id)) continue;
    await store.remove(file.name);
    orphanFiles += 1;
  }
  return { unsubmitted: deleted.length, orphanFiles };
}

/** Runs the sweep every hour until the returned function is called. */
export function startUploadSweep(
  db: Database,
  store: UploadStore,
  onError: (error: unknown) => void,
): () => void {
  const timer = setInterval(() => {
    sweepUploads(db, store).catch(onError);
  }, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
