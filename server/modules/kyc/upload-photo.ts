import type { KycPhotoSide, KycUploadDto } from '../../../contract';
import type { AppContext } from '../../app-context';
import { uploads } from '../../db/schema';
import { cleanImage } from '../../uploads';

/**
 * Checks and re-encodes one ID photo, stores it encrypted under a random name and records it
 * as the customer's. Nothing is written unless the image passed every check.
 */
export async function uploadPhoto(
  context: AppContext,
  customerId: number,
  side: KycPhotoSide,
  body: Buffer,
): Promise<KycUploadDto> {
  const image = await cleanImage(body);
  const id = context.uploads.newId();
  await context.uploads.write(id, image.bytes);
  await context.db.insert(uploads).values({
    id,
    ownerCustomerId: customerId,
    purpose: side === 'front' ? 'kyc_front' : 'kyc_back',
    mime: image.mime,
    byteSize: image.bytes.length,
    width: image.width,
    height: image.height,
  });
  return { photoId: id, side, width: image.width, height: image.height };
}
