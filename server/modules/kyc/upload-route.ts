import type { FastifyInstance } from 'fastify';
import { KYC_PHOTO_MAX_BYTES, KYC_UPLOAD } from '../../../contract';
import { registerImageUpload } from '../../http/image-upload';
import { uploadPhoto } from './upload-photo';

/**
 * `POST /api/vue/kyc/upload?side=front|back` with the photo's bytes as the body (the contract's
 * KYC_UPLOAD, listed in the OpenAPI document with the JSON calls); the checks before and around
 * the body are server/http/image-upload.ts's.
 */
export function registerUploadRoute(app: FastifyInstance): void {
  registerImageUpload(app, {
    call: KYC_UPLOAD,
    imageMaxBytes: KYC_PHOTO_MAX_BYTES,
    // Front and back together.
    maxInFlightPerCustomer: 2,
    store: (customerId, query, image) => uploadPhoto(app.maru, customerId, query.side, image),
  });
}
