import type { KycPhotoSide, KycUploadDto } from '../../contract/schemas/kyc';
import { KYC_UPLOAD_PATH } from '../../contract/schemas/kyc';
import { uploadImage } from './uploadImage';

/** Uploads one ID photo as its raw bytes (uploadImage: progress 0…1, abortable). */
export function uploadKycPhoto(
  side: KycPhotoSide,
  file: Blob,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<KycUploadDto> {
  return uploadImage<KycUploadDto>(KYC_UPLOAD_PATH, file, {
    params: { side },
    onProgress,
    signal,
  });
}
