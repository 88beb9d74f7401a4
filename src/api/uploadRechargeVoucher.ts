import { RECHARGE_VOUCHER_PATH } from '../../contract/schemas/funds';
import type { RechargeVoucherDto } from '../../contract/schemas/funds';
import { uploadImage } from './uploadImage';

/** Uploads a deposit's transfer voucher as its raw bytes, like the KYC photo (uploadImage). */
export function uploadRechargeVoucher(
  file: Blob,
  onProgress?: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<RechargeVoucherDto> {
  return uploadImage<RechargeVoucherDto>(RECHARGE_VOUCHER_PATH, file, { onProgress, signal });
}
