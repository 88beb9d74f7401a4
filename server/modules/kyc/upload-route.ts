import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { KycPhotoSide } from '../../../contract';
import { API_BASE, KYC_PHOTO_MAX_BYTES, KYC_UPLOAD } from '../../../contract';
import { authenticate } from '../../auth/authenticate';
import type { LiveSession } from '../../auth/sessions';
import { success } from '../../http/envelope';
import { handleError, sendRefusal } from '../../http/error-handlers';
import { ApiRefusal } from '../../http/refusal';
import { routeRateLimit } from '../../http/rate-limit';
import { validateBody } from '../../http/validation';
import { uploadPhoto } from './upload-photo';

const MAX_MB = KYC_PHOTO_MAX_BYTES / (1024 * 1024);
/** Photos one customer may have in processing at once: front and back together. */
const MAX_IN_FLIGHT_PER_CUSTOMER = 2;

interface Checked {
  session: LiveSession;
  side: KycPhotoSide;
}

/**
 * `POST /api/vue/kyc/upload?side=front|back` with the photo's bytes as the body (the contract's
 * KYC_UPLOAD, listed in the OpenAPI document with the JSON calls). A binary body
 * instead of base64 JSON: a third smaller, no 16 KiB JSON limit to lift, and the client's
 * progress bar measures the real bytes. Registered in its own scope so the raw-body parser and
 * the size refusal apply to this route only; the rest of the API stays JSON-only.
 *
 * Everything that can be checked without the body is checked before it is read (preParsing runs
 * after the rate limit's onRequest and before the body parser): a declared length over the limit,
 * the session and the account's state, the side. A stranger's upload is refused without a byte of
 * it buffered (Node discards the unread body).
 */
export function registerUploadRoute(app: FastifyInstance): void {
  const checked = new WeakMap<FastifyRequest, Checked>();
  const inFlight = new Map<number, number>();

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
      {
        config: { rateLimit: routeRateLimit({ max: 30, windowMs: 60_000 }) },
        preParsing: async (request, _reply, payload) => {
          const declared = Number(request.headers['content-length']);
          if (declared > KYC_PHOTO_MAX_BYTES) {
            throw new ApiRefusal('upload.too_large', { maxMb: MAX_MB }, 413);
          }
          const session = await authenticate(app.maru.db, request, { checkAccountState: true });
          const query = await validateBody(KYC_UPLOAD.query, request.query);
          checked.set(request, { session, side: query.side });
          return payload;
        },
      },
      async (request) => {
        const before = checked.get(request);
        if (!before) throw new ApiRefusal('auth.required');
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
          throw new ApiRefusal('upload.unsupported_type');
        }
        const customerId = before.session.customer.id;
        const running = inFlight.get(customerId) ?? 0;
        if (running >= MAX_IN_FLIGHT_PER_CUSTOMER) throw new ApiRefusal('request.too_often');
        inFlight.set(customerId, running + 1);
        try {
          return success(await uploadPhoto(app.maru, customerId, before.side, request.body));
        } finally {
          const left = (inFlight.get(customerId) ?? 1) - 1;
          if (left > 0) inFlight.set(customerId, left);
          else inFlight.delete(customerId);
        }
      },
    );
    done();
  });
}
