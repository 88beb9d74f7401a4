import type { FastifyError, FastifyInstance } from 'fastify';
import { API_BASE, KYC_PHOTO_MAX_BYTES, KYC_UPLOAD } from '../../../contract';
import { authenticate } from '../../auth/authenticate';
import { success } from '../../http/envelope';
import { handleError, sendRefusal } from '../../http/error-handlers';
import { ApiRefusal } from '../../http/refusal';
import { routeRateLimit } from '../../http/rate-limit';
import { validateBody } from '../../http/validation';
import { uploadPhoto } from './upload-photo';

const MAX_MB = KYC_PHOTO_MAX_BYTES / (1024 * 1024);

/**
 * `POST /api/vue/kyc/upload?side=front|back` with the photo's bytes as the body (the contract's
 * KYC_UPLOAD, listed in the OpenAPI document with the JSON calls). A binary body
 * instead of base64 JSON: a third smaller, no 16 KiB JSON limit to lift, and the client's
 * progress bar measures the real bytes. Registered in its own scope so the raw-body parser and
 * the size refusal apply to this route only; the rest of the API stays JSON-only.
 */
export function registerUploadRoute(app: FastifyInstance): void {
  void app.register((scope: FastifyInstance, _options, done) => {
    // Any declared type (or none): the signature bytes decide, not the header.
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: KYC_PHOTO_MAX_BYTES },
      (_request, body, parsed) => parsed(null, body),
    );
    scope.setErrorHandler((error: FastifyError, request, reply) =>
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? sendRefusal(request, reply, 'upload.too_large', { maxMb: MAX_MB }, 413)
        : handleError(error, request, reply),
    );
    scope.post(
      `${API_BASE}${KYC_UPLOAD.path}`,
      { config: { rateLimit: routeRateLimit({ max: 30, windowMs: 60_000 }) } },
      async (request) => {
        const session = await authenticate(app.maru.db, request, { checkAccountState: true });
        const query = await validateBody(KYC_UPLOAD.query, request.query);
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
          throw new ApiRefusal('upload.unsupported_type');
        }
        return success(await uploadPhoto(app.maru, session.customer.id, query.side, request.body));
      },
    );
    done();
  });
}
