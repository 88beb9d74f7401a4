import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { Schema } from 'yup';
import type { BinaryCallSpec } from '../../contract';
import { API_BASE, STAFF_API_BASE, staffAccessOf } from '../../contract';
import { authenticate } from '../auth/authenticate';
import { authenticateStaff } from '../auth/authenticate-staff';
import { success } from './envelope';
import { handleError, sendRefusal } from './error-handlers';
import { ApiRefusal } from './refusal';
import { routeRateLimit } from './rate-limit';
import { validateBody } from './validation';

/** One image-upload call: the contract's binary call and what this server does with the image. */
export interface ImageUploadRoute<Q, R> {
  /** The contract's call; its query schema gives the query `store` gets. */
  call: BinaryCallSpec & { query: Schema<Q> };
  /** Most bytes of the image itself (the size named in the too-large refusal). */
  imageMaxBytes: number;
  /** Bytes the body may carry around the image (multipart framing); 0 for a raw body. */
  framingBytes?: number;
  /** Uploads one customer (or staff member, for a back-office call) may have in processing at once. */
  maxInFlightPerCustomer: number;
  /** The image's bytes in the body (the body itself unless it is framed). */
  imageOf?: (body: Buffer, contentType: string | undefined) => Buffer;
  /**
   * Checks and stores the image; its answer is the call's data. `callerId` is the customer's id,
   * or the staff member's for a back-office call (`call.access` names staff).
   */
  store: (callerId: number, query: Q, image: Buffer, request: FastifyRequest) => Promise<R>;
}

interface Checked<Q> {
  callerId: number;
  query: Q;
}

/**
 * Registers `POST <API_BASE><call.path>` with the image as the body (KYC photos, deposit
 * vouchers, chat images), or `POST <STAFF_API_BASE><call.path>` for a back-office call (an
 * agent's chat image). A binary body instead of base64 JSON: a third smaller, no 16 KiB JSON
 * limit to lift, and the client's progress bar measures the real bytes. Registered in its own scope so the
 * raw-body parser and the size refusal apply to this route only; the rest of the API stays
 * JSON-only.
 *
 * Everything that can be checked without the body is checked before it is read (preParsing runs
 * after the rate limit's onRequest and before the body parser): a declared length over the limit,
 * the session (and a customer's account state, or the staff member's role), the query. A stranger's upload is refused without a byte of
 * it buffered (Node discards the unread body).
 */
export function registerImageUpload<Q, R>(
  app: FastifyInstance,
  route: ImageUploadRoute<Q, R>,
): void {
  const staffAccess = staffAccessOf(route.call.access);
  const base = staffAccess === null ? API_BASE : STAFF_API_BASE;
  // The caller as the JSON calls check them: a customer's live session, or a full staff session
  // whose role the call allows.
  const callerOf = async (request: FastifyRequest): Promise<number> =>
    staffAccess === null
      ? (await authenticate(app.maru.db, request, { checkAccountState: true })).customer.id
      : (
          await authenticateStaff(app.maru.db, request, {
            path: route.call.path,
            access: staffAccess,
          })
        ).staff.id;
  const maxMb = route.imageMaxBytes / (1024 * 1024);
  const bodyLimit = route.imageMaxBytes + (route.framingBytes ?? 0);
  const checked = new WeakMap<FastifyRequest, Checked<Q>>();
  const inFlight = new Map<number, number>();

  void app.register((scope: FastifyInstance, _options, done) => {
    // Any declared type (or none): the signature bytes decide, not the header.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, parsed) =>
      parsed(null, body),
    );
    scope.setErrorHandler((error: FastifyError, request, reply) =>
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? sendRefusal(request, reply, 'upload.too_large', { maxMb }, 413)
        : handleError(error, request, reply),
    );
    scope.post(
      `${base}${route.call.path}`,
      {
        config: { rateLimit: routeRateLimit({ max: 30, windowMs: 60_000 }) },
        preParsing: async (request, _reply, payload) => {
          const declared = Number(request.headers['content-length']);
          if (declared > bodyLimit) {
            throw new ApiRefusal('upload.too_large', { maxMb }, 413);
          }
          const callerId = await callerOf(request);
          // validateBody answers the schema's output type, which is Q by the route's type.
          const query = (await validateBody(route.call.query, request.query)) as Q;
          checked.set(request, { callerId, query });
          return payload;
        },
      },
      async (request) => {
        const before = checked.get(request);
        if (!before) throw new ApiRefusal('auth.required');
        if (!Buffer.isBuffer(request.body) || request.body.length === 0) {
          throw new ApiRefusal('upload.unsupported_type');
        }
        const image = route.imageOf
          ? route.imageOf(request.body, request.headers['content-type'])
          : request.body;
        const callerId = before.callerId;
        const running = inFlight.get(callerId) ?? 0;
        if (running >= route.maxInFlightPerCustomer) throw new ApiRefusal('request.too_often');
        inFlight.set(callerId, running + 1);
        try {
          return success(await route.store(callerId, before.query, image, request));
        } finally {
          const left = (inFlight.get(callerId) ?? 1) - 1;
          if (left > 0) inFlight.set(callerId, left);
          else inFlight.delete(callerId);
        }
      },
    );
    done();
  });
}
