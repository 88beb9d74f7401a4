import type { KycPhotoSide, KycUploadDto } from '../../../contract';
import type { AppContext } from '../../app-context';
import { storeImage } from '../../uploads';

/**
 * Checks, re-encodes and stores one ID photo as the customer's (server/uploads/store-image.ts:
 * nothing is written unless the image passed every check; file and row appear together).
 */
export async function uploadPhoto(
  context: AppContext,
  customerId: number,
  side: KycPhotoSide,
  body: Buffer,
): Promise<KycUploadDto> {
  const purpose = side === 'front' ? 'kyc_front' : 'kyc_back';
  const { id, width, height } = await storeImage(context, customerId, purpose, body);
  return { photoId: id, side, width, height };
}
