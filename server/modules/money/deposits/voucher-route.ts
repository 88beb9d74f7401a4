import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { API_BASE, KYC_PHOTO_MAX_BYTES, RECHARGE_VOUCHER } from '../../../../contract';
import { authenticate } from '../../../auth/authenticate';
import type { LiveSession } from '../../../auth/sessions';
import { success } from '../../../http/envelope';
import { handleError, sendRefusal } from '../../../http/error-handlers';
import { ApiRefusal } from '../../../http/refusal';
import { routeRateLimit } from '../../../http/rate-limit';
import { validateBody } from '../../../http/validation';
import { MULTIPART_OVERHEAD_BYTES, isMultipart, singleFilePart } from './multipart';
import { uploadVoucher } from './voucher';

const MAX_MB = KYC_PHOTO_MAX_BYTES / (1024 * 1024);
/** Room for the multipart framing around a file of the largest size. */
const BODY_LIMIT = KYC_PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;
/** Vouchers one customer may have in processing at once. */
const MAX_IN_FLIGHT_PER_CUSTOMER = 1;

/**
 * `POST /api/vue/user/recharge/voucher` (the contract's RECHARGE_VOUCHER): the voucher image as
 * the raw body, as the KYC photo upload takes it (server/modules/kyc/upload-route.ts, whose
 * reasoning holds here), or as multipart/form-data with one file part, as a plain HTML form
 * sends it. The session is checked before a byte of the body is read.
 */
export function registerVoucherRoute(app: FastifyInstance): void {
  const checked = new WeakMap<FastifyRequest, LiveSession>();
  const inFlight = new Map<number, number>();

  void app.register((scope: FastifyInstance, _options, done) => {
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT },
      (_request, body, parsed) => parsed(null, body),
    );
    scope.setErrorHandler((error: FastifyError, request, reply) =>
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? sendRefusal(request, reply, 'upload.too_large', { maxMb: MAX_MB }, 413)
        : handleError(error, request, reply),
    );
    scope.post(
      `${API_BASE}${RECHARGE_VOUCHER.path}`,
      {
        config: { rateLimit: routeRateLimit({ max: 30, windowMs: 60_000 }) },
        preParsing: async (request, _reply, payload) => {
          const declared = Number(request.headers['content-length']);
          if (declared > BODY_LIMIT) {
            throw new ApiRefusal('upload.too_large', { maxMb: MAX_MB }, 413);
          }
          const session = await authenticate(app.maru.db, request, { checkAccountState: true });
          await validateBody(RECHARGE_VOUCHER.query, request.query);
          checked.set(request, session);
          return payload;
        },
      },
      async (request) => {
        const session = checked.get(request);
        if (!session) throw new ApiRefusal('auth.required');
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
          throw new ApiRefusal('upload.unsupported_type');
        }
        const contentType = request.headers['content-type'];
        const image = isMultipart(contentType)
          ? singleFilePart(request.body, contentType ?? '')
          : request.body;
        const customerId = session.customer.id;
        const running = inFlight.get(customerId) ?? 0;
        if (running >= MAX_IN_FLIGHT_PER_CUSTOMER) throw new ApiRefusal('request.too_often');
        inFlight.set(customerId, running + 1);
        try {
          return success(await uploadVoucher(app.maru, customerId, image));
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
