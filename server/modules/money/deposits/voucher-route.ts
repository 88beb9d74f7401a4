import type { FastifyInstance } from 'fastify';
import { KYC_PHOTO_MAX_BYTES, RECHARGE_VOUCHER } from '../../../../contract';
import { registerImageUpload } from '../../../http/image-upload';
import { MULTIPART_OVERHEAD_BYTES, isMultipart, singleFilePart } from './multipart';
import { uploadVoucher } from './voucher';

/**
 * `POST /api/vue/user/recharge/voucher` (the contract's RECHARGE_VOUCHER): the voucher image as
 * the raw body, as the KYC photo upload takes it (same registrar, server/http/image-upload.ts),
 * or as multipart/form-data with one file part, as a plain HTML form sends it. The session is
 * checked before a byte of the body is read.
 */
export function registerVoucherRoute(app: FastifyInstance): void {
  registerImageUpload(app, {
    call: RECHARGE_VOUCHER,
    imageMaxBytes: KYC_PHOTO_MAX_BYTES,
    // Room for the multipart framing around a file of the largest size.
    framingBytes: MULTIPART_OVERHEAD_BYTES,
    maxInFlightPerCustomer: 1,
    imageOf: (body, contentType) =>
      isMultipart(contentType) ? singleFilePart(body, contentType ?? '') : body,
    store: (customerId, _query, image) => uploadVoucher(app.maru, customerId, image),
  });
}
