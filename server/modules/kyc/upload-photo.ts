import type { KycPhotoSide, KycUploadDto } from '../../../contract';
import type { AppContext } from '../../app-context';
import { uploads } from '../../db/schema';
import { cleanImage } from '../../uploads';

/**
 * Checks and re-encodes one ID photo, stores it encrypted under a random name and records it
 * as the customer's. Nothing is written unless the image passed every check. File and row appear
 * together: the file is written under a temporary name, then renamed into place inside the
 * transaction that inserts the row, so a failed insert or rename leaves neither (the staged file
 * is removed); only a crash between rename and commit can leave a file without a row, which the
 * upload sweep removes.
 */
export async function uploadPhoto(
  context: AppContext,
  customerId: number,
  side: KycPhotoSide,
  body: Buffer,
): Promise<KycUploadDto> {
  const image = await cleanImage(body);
  const id = context.uploads.newId();
  const staged = await context.uploads.stage(id, image.bytes);
  try {
    await context.db.transaction(async (tx) => {
      await tx.insert(uploads).values({
        id,
        ownerCustomerId: customerId,
        purpose: side === 'front' ? 'kyc_front' : 'kyc_back',
        mime: image.mime,
        byteSize: image.bytes.length,
        width: image.width,
        height: image.height,
      });
      await staged.commit();
    });
  } catch (error) {
    await staged.discard();
    throw error;
  }
  return { photoId: id, side, width: image.width, height: image.height };
}
