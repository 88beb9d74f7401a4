import type { KycPhotoSide, KycUploadDto } from '../../contract/schemas/kyc';
import { KYC_UPLOAD_PATH } from '../../contract/schemas/kyc';
import { loadScreenTexts } from '../i18n/i18n';

/** A phone on a slow network needs longer than the JSON calls' 10 s for a 10 MB photo. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * Uploads one ID photo as its raw bytes (docs/identity.md, "Upload transport") through the app's
 * axios instance, so headers, refusal toasts and the 401 sign-out behave as for every call.
 * `onProgress` receives the fraction sent, 0…1. An aborted upload rejects with axios' cancel
 * error and is not toasted.
 */
export async function uploadKycPhoto(
  side: KycPhotoSide,
  file: Blob,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<KycUploadDto> {
  const [{ apiClient }] = await Promise.all([import('./client'), loadScreenTexts()]);
  const response = await apiClient.post<{ data: KycUploadDto }>(KYC_UPLOAD_PATH, file, {
    params: { side },
    headers: { 'Content-Type': 'application/octet-stream' },
    timeout: UPLOAD_TIMEOUT_MS,
    // The body is the photo itself: never let axios serialise it as JSON.
    transformRequest: [(data: unknown) => data],
    signal,
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (onProgress && total > 0) onProgress(Math.min(1, event.loaded / total));
    },
  });
  return response.data.data;
}
