import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { KycPhotoDto } from '../../../contract';
import type { AppContext } from '../../app-context';
import { recordAudit } from '../../audit';
import type { AuditEntry } from '../../audit';
import { uploads } from '../../db/schema';
import { ApiRefusal } from '../../http/refusal';

/**
 * Decrypts one photo for someone entitled to see it, after writing the view to the audit log
 * (no record, no photo). `ownerCustomerId` restricts to the owner's own photos; staff callers
 * pass null, their role having been checked already.
 */
export async function readPhoto(
  context: AppContext,
  request: FastifyRequest,
  photoId: string,
  viewer: { actor: AuditEntry['actor']; ownerCustomerId: number | null },
): Promise<KycPhotoDto> {
  const [photo] = await context.db
    .select()
    .from(uploads)
    .where(
      viewer.ownerCustomerId === null
        ? eq(uploads.id, photoId)
        : and(eq(uploads.id, photoId), eq(uploads.ownerCustomerId, viewer.ownerCustomerId)),
    );
  if (!photo) throw new ApiRefusal('kyc.photo_not_found', { field: 'photoId' }, 404);
  await recordAudit(context.db, request, {
    actor: viewer.actor,
    action: 'kyc.photo.view',
    entity: `upload:${photo.id}`,
    detail: { owner: photo.ownerCustomerId, purpose: photo.purpose },
  });
  const bytes = await context.uploads.read(photo.id);
  return { photoId: photo.id, mime: photo.mime, data: bytes.toString('base64') };
}
