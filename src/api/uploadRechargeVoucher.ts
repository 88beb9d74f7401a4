import { RECHARGE_VOUCHER_PATH } from '../../contract/schemas/funds';
import type { RechargeVoucherDto } from '../../contract/schemas/funds';
import { loadScreenTexts } from '../i18n/i18n';
import { UPLOAD_TIMEOUT_MS } from './uploadKycPhoto';

/**
 * Uploads a deposit's transfer voucher as its raw bytes, like the KYC photo (`uploadKycPhoto`):
 * through the app's axios instance (headers, refusal toasts, 401), 120 s, progress 0…1 to
 * `onProgress`; an aborted upload rejects with axios' cancel error and is not toasted.
 */
export async function uploadRechargeVoucher(
  file: Blob,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<RechargeVoucherDto> {
  const [{ apiClient }] = await Promise.all([import('./client'), loadScreenTexts()]);
  const response = await apiClient.post<{ data: RechargeVoucherDto }>(RECHARGE_VOUCHER_PATH, file, {
    headers: { 'Content-Type': 'application/octet-stream' },
    timeout: UPLOAD_TIMEOUT_MS,
    // The body is the image itself: never let axios serialise it as JSON.
    transformRequest: [(data: unknown) => data],
    signal,
    onUploadProgress: (event) => {
      const total = event.total ?? file.size;
      if (onProgress && total > 0) onProgress(Math.min(1, event.loaded / total));
    },
  });
  return response.data.data;
}
