import type { FastifyInstance } from 'fastify';
import { AVATAR_UPLOAD, KYC_PHOTO_MAX_BYTES } from '../../../contract';
import { registerImageUpload } from '../../http/image-upload';
import { uploadAvatar } from './avatar';

/**
 * `POST /api/vue/user/avatar` (the contract's AVATAR_UPLOAD): the image as the raw body, through
 * the registrar the KYC photos and deposit vouchers share (server/http/image-upload.ts), so the
 * session is checked before a byte of the body is read.
 */
export function registerAvatarRoute(app: FastifyInstance): void {
  registerImageUpload(app, {
    call: AVATAR_UPLOAD,
    imageMaxBytes: KYC_PHOTO_MAX_BYTES,
    maxInFlightPerCustomer: 1,
    store: (customerId, _query, image) => uploadAvatar(app.maru, customerId, image),
  });
}
