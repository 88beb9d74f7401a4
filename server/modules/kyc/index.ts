import type { FastifyInstance } from 'fastify';
import { CUSTOMER_API } from '../../../contract';
import { defineCall } from '../../http/define-call';
import { readPhoto } from './read-photo';
import { kycStatus } from './status';
import { submitKyc } from './submit';
import { registerUploadRoute } from './upload-route';

/** Real-name verification, the customer's side: status, photo upload and view, submission. */
export function registerKycModule(app: FastifyInstance): void {
  defineCall(app, CUSTOMER_API, 'kycStatus', ({ db, session }) =>
    kycStatus(db, session.customer.id),
  );
  defineCall(app, CUSTOMER_API, 'kycSubmit', ({ db, maru, session, body }) =>
    submitKyc(db, session.customer.id, body, maru.clock.now()),
  );
  defineCall(app, CUSTOMER_API, 'kycPhoto', ({ maru, session, body, request }) =>
    readPhoto(maru, request, body.photoId, {
      actor: { kind: 'customer', id: session.customer.id },
      ownerCustomerId: session.customer.id,
    }),
  );
  registerUploadRoute(app);
}
