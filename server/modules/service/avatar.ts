import { and, eq } from 'drizzle-orm';
import type { AvatarUploadDto } from '../../../contract';
import { AVATAR_EDGE } from '../../../contract';
import type { AppContext } from '../../app-context';
import { customers, uploads } from '../../db/schema';
import { storeImage } from '../../uploads';

export const AVATAR_PURPOSE = 'avatar';

/**
 * The avatar through the upload pipeline (server/uploads): checked like an ID photo (type by
 * signature, size and pixel limits), re-encoded without metadata as a square JPEG of AVATAR_EDGE
 * pixels, encrypted at rest. `customers.avatar` names the upload; the one it replaces is removed,
 * row and file.
 */
export async function uploadAvatar(
  maru: AppContext,
  customerId: number,
  body: Buffer,
): Promise<AvatarUploadDto> {
  const stored = await storeImage(maru, customerId, AVATAR_PURPOSE, body, {
    square: AVATAR_EDGE,
  });
  const previous = await maru.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ avatar: customers.avatar })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    await tx.update(customers).set({ avatar: stored.id }).where(eq(customers.id, customerId));
    const old = row?.avatar ?? null;
    if (old === null) return null;
    const removed = await tx
      .delete(uploads)
      .where(
        and(
          eq(uploads.id, old),
          eq(uploads.ownerCustomerId, customerId),
          eq(uploads.purpose, AVATAR_PURPOSE),
        ),
      )
      .returning({ id: uploads.id });
    return removed[0]?.id ?? null;
  });
  if (previous !== null) await maru.uploads.remove(previous);
  return {
    avatar: (await avatarDataUrl(maru, stored.id)) ?? '',
    width: stored.width,
    height: stored.height,
  };
}

/**
 * The avatar `customers.avatar` names, as a data: URL for the customer's own screens (the files
 * are encrypted, so never served by path); null when there is none or it is gone.
 */
export async function avatarDataUrl(
  maru: Pick<AppContext, 'db' | 'uploads'>,
  uploadId: string | null,
): Promise<string | null> {
  if (uploadId === null) return null;
  const [row] = await maru.db
    .select({ mime: uploads.mime })
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.purpose, AVATAR_PURPOSE)));
  if (!row) return null;
  const bytes = await maru.uploads.read(uploadId);
  return `data:${row.mime};base64,${bytes.toString('base64')}`;
}
